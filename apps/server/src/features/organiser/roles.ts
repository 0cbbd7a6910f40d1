import { AUDIT_KINDS, ORGANISER_MESSAGES, ORGANISER_MFA_MESSAGES, type MfaReset, type OrganiserListEntry, type OrganiserRoleChange } from '@mc/contract';
import { resetFactorsIn } from '../../auth/mfa.ts';
import type { Db } from '../../db/db.ts';
import { recordAudit, type Actor } from '../../kernel/audit.ts';

/** A refusal to show the person as it is (unknown e-mail, last organiser). */
export class RoleChangeRefused extends Error {}

/**
 * Grants or revokes the organiser role for the account with this e-mail, and records it in the
 * audit log in the same transaction. Shared by the console's procedures and `npm run organiser`.
 * `keepOne` refuses to revoke the last organiser (the console); the command line may.
 */
export async function setOrganiserRole(
  db: Db,
  email: string,
  grant: boolean,
  actor: Actor,
  options: { keepOne: boolean } = { keepOne: false },
): Promise<OrganiserRoleChange> {
  return db.transaction(async (tx) => {
    // Serialises role changes, so two revokes at once cannot both pass the "last organiser" check.
    await tx.query(`select pg_advisory_xact_lock(hashtext('mission-control-organisers:' || current_schema()))`);
    const [user] = await tx.query<{ id: string; email: string; is_organiser: boolean }>(
      `select u.id, u.email, exists (select 1 from organisers o where o.user_id = u.id) as is_organiser
         from users u where lower(u.email) = lower($1)`,
      [email.trim()],
    );
    if (!user) throw new RoleChangeRefused(ORGANISER_MESSAGES.unknownEmail);
    if (user.is_organiser === grant) return { email: user.email, is_organiser: grant, changed: false };

    if (grant) {
      await tx.query('insert into organisers (user_id, granted_by) values ($1, $2)', [user.id, actor.label]);
    } else {
      if (options.keepOne) {
        const [count] = await tx.query<{ n: number }>('select count(*)::int as n from organisers');
        if ((count?.n ?? 0) <= 1) throw new RoleChangeRefused(ORGANISER_MESSAGES.lastOrganiser);
      }
      await tx.query('delete from organisers where user_id = $1', [user.id]);
    }
    await recordAudit(tx, {
      actor,
      kind: grant ? AUDIT_KINDS.organiserGranted : AUDIT_KINDS.organiserRevoked,
      subject: user.email,
      before: { is_organiser: !grant },
      after: { is_organiser: grant },
    });
    return { email: user.email, is_organiser: grant, changed: true };
  });
}

export async function listOrganisers(db: Db): Promise<OrganiserListEntry[]> {
  return db.query<OrganiserListEntry>(
    `select u.id as user_id, u.email, u.first_name, u.last_name,
            o.granted_at, o.granted_by
       from organisers o join users u on u.id = o.user_id
      order by lower(u.email)`,
  );
}

/**
 * Removes the authenticators and recovery codes of the account with this e-mail and lowers its
 * sessions to aal1, audited in the same transaction; nothing is recorded when there was nothing to
 * remove. Shared by the console (which refuses one's own account) and `npm run organiser`.
 */
export async function resetTwoStepSignIn(db: Db, email: string, actor: Actor): Promise<MfaReset> {
  return db.transaction(async (tx) => {
    const [user] = await tx.query<{ id: string; email: string }>('select id, email from users where lower(email) = lower($1)', [email.trim()]);
    if (!user) throw new RoleChangeRefused(ORGANISER_MESSAGES.unknownEmail);
    if (actor.userId === user.id) throw new RoleChangeRefused(ORGANISER_MFA_MESSAGES.resetSelf);
    const removed = await resetFactorsIn(tx, user.id);
    if (removed > 0) {
      await recordAudit(tx, { actor, kind: AUDIT_KINDS.mfaReset, subject: user.email, before: { authenticators: removed }, after: { authenticators: 0 } });
    }
    return { email: user.email, factors_removed: removed };
  });
}
