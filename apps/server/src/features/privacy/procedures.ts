import {
  DATA_EXPORT_HOURS,
  DELETED_ACCOUNT_LABEL,
  PRIVACY_AUDIT_KINDS,
  PRIVACY_MESSAGES,
  type DataExportReady,
  type OwnAccountDeleted,
  type SeenByAudience,
  type SeenByOthers,
  type UserSearchResult,
} from '@mc/contract';
import { businessError } from '../../http/errors.ts';
import { SEEN_BY_AUDIENCES_SQL } from '../../kernel/people.ts';
import { procedure, type CallContext } from '../../rpc/procedure.ts';
import { isoTime } from '../../db/sql.ts';
import { recordAudit, type Actor } from '../../kernel/audit.ts';
import { roleCardSeenBy } from '../../kernel/role-card.ts';
import { searchRowColumns } from '../../kernel/people.ts';
import { emailSeenBySql } from '../../kernel/members.ts';
import { transaction } from '../../kernel/effects.ts';
import { collectPersonData, zipPersonData } from './data-export.ts';
import { deleteAccount } from '../../kernel/account-deletion.ts';

/** An id no account has: a viewer who is nobody's teammate (ids are random version-4 UUIDs). */
const NOBODY = '00000000-0000-0000-0000-000000000000';

/** The account page's own-data procedures (docs/product.md#personal-data). */
export const privacyProcedures = {
  /**
   * "What others see of me": the caller's search row, team-list row and role card, each made by the
   * code that answers other attendees (people_shown, the search's columns, emailSeenBySql and
   * roleCardSeenBy with a viewer on none of their teams), so the preview cannot drift from what others
   * get; and how each audience names them, from the kernel's rule (kernel/people.ts).
   */
  get_how_others_see_me: procedure('get_how_others_see_me', { emails: 'own' }, async (_params, ctx): Promise<SeenByOthers> => {
    const [seen] = await ctx.db.query<
      Omit<SeenByOthers, 'search_result' | 'team_row' | 'role_card' | 'audiences'> & { search_result: UserSearchResult; team_email: string }
    >(
      `select shown.id, shown.first_name, shown.last_name, shown.email, ${emailSeenBySql('shown', `'${NOBODY}'::uuid`)} as team_email,
              case when shown.anonymous then 'whole_email' else 'name_or_email' end as found_by,
              exists (select 1 from role_profiles p where p.user_id = u.id) as has_role_profile,
              (select row_to_json(search) from (select ${searchRowColumns(`'${NOBODY}'::uuid`)}) search) as search_result
         from users u join people_shown shown on shown.id = u.id where u.id = $1`,
      [ctx.userId],
    );
    if (!seen) throw businessError(PRIVACY_MESSAGES.nothingLeft);
    const { team_email, ...own } = seen;
    return {
      ...own,
      search_result: seen.has_role_profile ? seen.search_result : null,
      team_row: { user_id: seen.id, first_name: seen.first_name, last_name: seen.last_name, email: team_email },
      role_card: await roleCardSeenBy(ctx.db, ctx.userId, NOBODY),
      audiences: await ctx.db.query<SeenByAudience>(SEEN_BY_AUDIENCES_SQL, [ctx.userId, NOBODY]),
    };
  }),

  /**
   * Deletes the caller's own account once they typed its e-mail again. A second request (another
   * tab, a retry) finds nothing left and says so; a wrong e-mail changes nothing.
   */
  delete_my_account: procedure('delete_my_account', async (params, ctx): Promise<OwnAccountDeleted> => {
    const deleted = await transaction(ctx.db, async (tx) => {
      const [person] = await tx.query<{ email: string }>('select email from users where id = $1', [ctx.userId]);
      if (!person) throw businessError(PRIVACY_MESSAGES.nothingLeft);
      if (person.email.toLowerCase() !== params.p_email.trim().toLowerCase()) throw businessError(PRIVACY_MESSAGES.emailMismatch);
      const done = await deleteAccount(tx, ctx.userId);
      // Deleted by a request that got here first, between the read and the lock.
      if (!done) throw businessError(PRIVACY_MESSAGES.nothingLeft);
      await recordAudit(tx, {
        actor: { userId: null, label: DELETED_ACCOUNT_LABEL },
        kind: PRIVACY_AUDIT_KINDS.accountDeletedByOwner,
        subject: DELETED_ACCOUNT_LABEL,
        before: done.counts,
        after: { deleted: true, mission_outcome: done.mission_outcome },
      });
      return done;
    });
    return { mission_outcome: deleted.mission_outcome };
  }),

  /**
   * Prepares "Download my data" at once (a few hundred milliseconds for the largest account) and
   * keeps it DATA_EXPORT_HOURS for its owner only; older downloads of theirs go. Audited.
   */
  request_my_data_export: procedure('request_my_data_export', async (_params, ctx): Promise<DataExportReady> => {
    const data = await collectPersonData(ctx.db, ctx.userId);
    if (!data) throw businessError(PRIVACY_MESSAGES.nothingLeft);
    const archive = zipPersonData(data);
    return ctx.db.transaction(async (tx) => {
      // The person's row, locked: two requests at once keep one download, and a deletion that got
      // here first leaves nothing to save it for.
      const [person] = await tx.query('select 1 from users where id = $1 for update', [ctx.userId]);
      if (!person) throw businessError(PRIVACY_MESSAGES.nothingLeft);
      await tx.query('delete from data_exports where user_id = $1', [ctx.userId]);
      const [ready] = await tx.query<{ export_id: string; expires_at: string }>(
        `insert into data_exports (user_id, expires_at, archive) values ($1, now() + make_interval(hours => $2::int), $3)
         returning id as export_id, ${isoTime('expires_at')} as expires_at`,
        [ctx.userId, DATA_EXPORT_HOURS, Buffer.from(archive)],
      );
      if (!ready) throw new Error('the download was not saved');
      await recordAudit(tx, {
        actor: ownActor(ctx),
        kind: PRIVACY_AUDIT_KINDS.dataExportRequested,
        subject: ownActor(ctx).label,
        after: { bytes: archive.byteLength },
      });
      return { ...ready, bytes: archive.byteLength };
    });
  }),
};

/** The person acting on their own data, as the audit log names them (their e-mail, as organisers are named). */
export function ownActor(ctx: CallContext): Actor {
  return { userId: ctx.userId, label: ctx.email };
}
