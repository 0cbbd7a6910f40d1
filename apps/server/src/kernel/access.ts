import {
  AAL2_REQUIRED_HINT,
  CHECKIN_MESSAGES,
  MFA_ENROLMENT_REQUIRED_HINT,
  ORGANISER_MESSAGES,
  ORGANISER_MFA_MESSAGES,
  type DoorStaffProcedure,
  type ProcedureName,
} from '@mc/contract';
import { hasVerifiedFactor, sessionAssurance } from '../auth/mfa.ts';
import type { Queryable } from '../db/db.ts';
import { forbidden, RpcError } from '../http/errors.ts';
import { bindProcedure, type CallContext, type Handler, type Procedure, type ProcedureOptions, type ProcedureWithoutEmails } from '../rpc/procedure.ts';

/** Whether the account is an organiser now, as the database says. */
export async function isOrganiser(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query<{ one: number }>('select 1 as one from organisers where user_id = $1', [userId]);
  return rows.length > 0;
}

/**
 * The one gate of every organiser procedure (and of the organiser-only HTTP routes): the role is
 * read from the database on every call, so a revoked organiser is refused at once even with a
 * token issued while they had it. Answers 403 42501 to everyone else. Extend the check here (and
 * only here) when organiser calls need more, such as a second factor.
 */
export async function requireOrganiser(ctx: CallContext): Promise<void> {
  if (!(await isOrganiser(ctx.db, ctx.userId))) throw forbidden(ORGANISER_MESSAGES.organisersOnly);
  await requireSecondFactor(ctx);
}

/**
 * Organisers act only from a session that entered an authenticator code (aal2), as the database
 * has it now: a reset or a removed factor lowers the session at once, whatever its token says.
 * The hint tells the web app whether to ask for a code or to show the enrolment step.
 */
async function requireSecondFactor(ctx: CallContext): Promise<void> {
  const session = await sessionAssurance(ctx.db, ctx.sessionId, ctx.userId);
  if (session?.aal === 'aal2') return;
  if (await hasVerifiedFactor(ctx.db, ctx.userId)) throw new RpcError(403, '42501', ORGANISER_MFA_MESSAGES.code, null, AAL2_REQUIRED_HINT);
  throw new RpcError(403, '42501', ORGANISER_MFA_MESSAGES.enrol, null, MFA_ENROLMENT_REQUIRED_HINT);
}

/**
 * An organiser procedure: the caller's role is checked before anything else (an attendee learns
 * nothing about the parameters), then the parameters are validated by the contract schema.
 */
export function organiserProcedure<N extends ProcedureWithoutEmails>(name: N, run: Handler<N>): Procedure<N>;
export function organiserProcedure<N extends ProcedureName>(name: N, options: ProcedureOptions<N>, run: Handler<N>): Procedure<N>;
export function organiserProcedure<N extends ProcedureName>(name: N, optionsOrRun: ProcedureOptions<N> | Handler<N>, maybeRun?: Handler<N>): Procedure<N> {
  const inner = bindProcedure(name, optionsOrRun, maybeRun);
  return {
    name,
    emails: inner.emails,
    async handle(body, ctx) {
      await requireOrganiser(ctx);
      return inner.handle(body, ctx);
    },
  };
}

/** Whether the account is door staff now, as the database says (door_staff, migration 030). */
export async function isDoorStaff(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db.query<{ one: number }>('select 1 as one from door_staff where user_id = $1', [userId]);
  return rows.length > 0;
}

/**
 * The one gate of the door's procedures (DOOR_STAFF_PROCEDURES in the contract): door staff is a
 * narrow right, read from the database on every call like the organisers' role, that opens these
 * procedures and nothing else; an organiser is not door staff by being one (an organiser who works
 * a door makes themselves door staff, which the audit log records). Answers 403 42501 to everyone else.
 */
export async function requireDoorStaff(ctx: CallContext): Promise<void> {
  if (!(await isDoorStaff(ctx.db, ctx.userId))) throw forbidden(CHECKIN_MESSAGES.doorStaffOnly);
}

/**
 * A door staff procedure: the right is checked before anything else (nobody else learns anything
 * about the parameters), then the parameters are validated by the contract schema. Only the
 * procedures the contract lists as the door's may be declared so (by type).
 */
export function doorStaffProcedure<N extends DoorStaffProcedure & ProcedureWithoutEmails>(name: N, run: Handler<N>): Procedure<N> {
  const inner = bindProcedure(name, run);
  return {
    name,
    emails: inner.emails,
    async handle(body, ctx) {
      await requireDoorStaff(ctx);
      return inner.handle(body, ctx);
    },
  };
}
