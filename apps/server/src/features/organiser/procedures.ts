import { AUDIT_PAGE_SIZE, type AuditEntry } from '@mc/contract';
import { businessError, invalidParameter } from '../../http/errors.ts';
import { procedure } from '../../rpc/procedure.ts';
import { isOrganiser, organiserProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { listOrganisers, resetTwoStepSignIn, RoleChangeRefused, setOrganiserRole } from './roles.ts';

const CURSOR = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)\|([0-9a-f-]{36})$/;

export const organiserProcedures = {
  /** Any signed-in person may ask; the answer only shows or hides the console's menu entry. */
  get_my_organiser_status: procedure('get_my_organiser_status', async (_params, ctx) => ({ is_organiser: await isOrganiser(ctx.db, ctx.userId) })),

  list_organisers: organiserProcedure('list_organisers', { emails: 'others' }, async (_params, ctx) => listOrganisers(ctx.db)),

  grant_organiser: organiserProcedure('grant_organiser', { emails: 'others' }, async (params, ctx) => {
    try {
      return await setOrganiserRole(ctx.db, params.p_email, true, actorOf(ctx));
    } catch (error) {
      if (error instanceof RoleChangeRefused) throw businessError(error.message);
      throw error;
    }
  }),

  revoke_organiser: organiserProcedure('revoke_organiser', { emails: 'others' }, async (params, ctx) => {
    try {
      return await setOrganiserRole(ctx.db, params.p_email, false, actorOf(ctx), { keepOne: true });
    } catch (error) {
      if (error instanceof RoleChangeRefused) throw businessError(error.message);
      throw error;
    }
  }),

  reset_mfa: organiserProcedure('reset_mfa', { emails: 'others' }, async (params, ctx) => {
    try {
      return await resetTwoStepSignIn(ctx.db, params.p_email, actorOf(ctx));
    } catch (error) {
      if (error instanceof RoleChangeRefused) throw businessError(error.message);
      throw error;
    }
  }),

  /** Newest first, a page at a time, optionally only one person's or one kind's entries. */
  list_audit_log: organiserProcedure('list_audit_log', { emails: 'others' }, async (params, ctx) => {
    let cursorAt: string | null = null;
    let cursorId: string | null = null;
    if (params.p_cursor) {
      const match = CURSOR.exec(params.p_cursor);
      if (!match) throw invalidParameter('Invalid parameter p_cursor: use the next_cursor of the page before');
      cursorAt = match[1] ?? null;
      cursorId = match[2] ?? null;
    }
    const rows = await ctx.db.query<AuditEntry & { cursor: string }>(
      `select id, to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at,
              actor_id, actor_label, kind, subject, before, after,
              to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || id as cursor
         from audit_log
        where ($1::uuid is null or actor_id = $1)
          and (not $6::boolean or actor_id is null)
          and ($2::text is null or kind = $2)
          and ($3::timestamptz is null or (at, id) < ($3::timestamptz, $4::uuid))
        -- audit_log.at, not the output column "at" (its text, to the millisecond only).
        order by audit_log.at desc, audit_log.id desc
        limit $5`,
      [params.p_actor_id ?? null, params.p_kind || null, cursorAt, cursorId, AUDIT_PAGE_SIZE + 1, params.p_command_line ?? false],
    );
    const page = rows.slice(0, AUDIT_PAGE_SIZE);
    const actors = await ctx.db.query<{ actor_id: string | null; actor_label: string }>(
      `select distinct on (actor_id) actor_id, actor_label from audit_log order by actor_id, at desc`,
    );
    const kinds = await ctx.db.query<{ kind: string }>('select distinct kind from audit_log order by kind');
    return {
      entries: page.map(({ cursor: _cursor, ...entry }) => entry),
      next_cursor: rows.length > AUDIT_PAGE_SIZE ? (page.at(-1)?.cursor ?? null) : null,
      actors: actors.sort((a, b) => a.actor_label.localeCompare(b.actor_label)),
      kinds: kinds.map((row) => row.kind),
    };
  }),
};
