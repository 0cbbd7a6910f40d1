import { TEAM_MESSAGES, type RemoveMemberResult, type UserSearchResult } from '@mc/contract';
import { businessError, forbidden } from '../../http/errors.ts';
import { procedure, type CallContext } from '../../rpc/procedure.ts';
import { sqlState, type Queryable } from '../../db/db.ts';
import { escapeLike } from '../../db/sql.ts';
import { foundBySearchSql, searchRowColumns } from '../../kernel/people.ts';
import { emailSeenBySql } from '../../kernel/members.ts';
import { missionVisibleSql } from '../../kernel/visibility.ts';
import { acceptsAdditionsSql, recordMembersAdded, recordMissionEvent } from '../../kernel/events.ts';
import { isOwnerSql, listMembers } from '../../kernel/members.ts';
import { transaction } from '../../kernel/effects.ts';

/** At most this many people per search: a page a person can scan, never a dump of the user table. */
export const USER_SEARCH_LIMIT = 20;

const IS_OWNER = isOwnerSql();

/**
 * Locks the mission row for the rest of the transaction, so every team change on one mission
 * happens one after another (see remove_mission_member). Answers whether the mission exists.
 */
async function lockMission(tx: Queryable, missionId: string): Promise<boolean> {
  const rows = await tx.query<{ mission_id: string }>('select mission_id from missions where mission_id = $1 for update', [missionId]);
  return rows.length > 0;
}

async function isOwner(tx: Queryable, missionId: string, userId: string): Promise<boolean> {
  const rows = await tx.query<{ owner: boolean }>(`select ${IS_OWNER} as owner from mission_members where mission_id = $1 and user_id = $2`, [
    missionId,
    userId,
  ]);
  return rows[0]?.owner === true;
}

async function assertOwner(tx: Queryable, ctx: CallContext, missionId: string): Promise<void> {
  if (!(await isOwner(tx, missionId, ctx.userId))) throw forbidden(TEAM_MESSAGES.notOwner);
}

export const teamsProcedures = {
  /**
   * People search for building a team (docs/product.md#search_users_with_profiles). Any
   * signed-in user may search, but it answers only id, e-mail (as emailSeenBySql says, else empty),
   * names and whether the person accepts being added to teams (so the dialog can say so instead of
   * offering a button that would be refused), only of people with a role profile, never the caller,
   * never people already on p_exclude_mission_id. A term matches a first name, last name, "first
   * last" or an e-mail the caller may see anywhere, or anyone's whole e-mail typed exactly,
   * case-insensitively; names starting with the term come first. Someone who chose to stay
   * anonymous is found only by their whole e-mail address, typed exactly (a friend who knows it can
   * add them), and is shown as everywhere else (people_shown): "Anonymous attendee", without the address.
   */
  search_users_with_profiles: procedure('search_users_with_profiles', { emails: 'others' }, async (params, ctx) => {
    const term = params.p_search_term.trim();
    if (term === '') return [];
    return ctx.db.query<UserSearchResult>(
      `select ${searchRowColumns('$2')}
         from users u join people_shown shown on shown.id = u.id
        where exists (select 1 from role_profiles p where p.user_id = u.id)
          and u.id <> $2
          and ($3::uuid is null or not exists (select 1 from mission_members m where m.mission_id = $3 and m.user_id = u.id))
          and ${foundBySearchSql('u', 'shown', '$2', '$1', '$5')}
        order by case when shown.first_name ilike $4 escape '\\' or shown.last_name ilike $4 escape '\\' then 0 else 1 end,
                 lower(shown.first_name), lower(shown.last_name), lower(${emailSeenBySql('shown', '$2')}), u.id
        limit ${USER_SEARCH_LIMIT}`,
      [`%${escapeLike(term)}%`, ctx.userId, params.p_exclude_mission_id ?? null, `${escapeLike(term)}%`, term],
    );
  }),

  /**
   * Adds a person to a mission's team as an ordinary member. Only the mission's owners may, and
   * only people who accept being added by others (docs/product.md#notifications); the person added,
   * the rest of the team and the followers are told. Answers [the new member row]; broken rules
   * are P0001 errors with the messages of docs/product.md#add_mission_member.
   */
  add_mission_member: procedure('add_mission_member', { emails: 'others' }, async (params, ctx) => {
    return transaction(ctx.db, async (tx) => {
      if (!(await lockMission(tx, params.p_mission_id))) throw businessError(TEAM_MESSAGES.missionNotFound);
      await assertOwner(tx, ctx, params.p_mission_id);
      const inserted = await tx
        .query<{ user_id: string }>(
          `insert into mission_members (mission_id, user_id, role_in_team, is_co_owner)
           select $1, id, 'member', false from users where id = $2 and ${acceptsAdditionsSql('users')}
           on conflict (mission_id, user_id) do nothing
           returning user_id`,
          [params.p_mission_id, params.p_user_id],
        )
        .catch((error: unknown) => {
          // Their account was deleted while the insert waited for their row.
          if (sqlState(error) === '23503') throw businessError(TEAM_MESSAGES.userNotFound);
          throw error;
        });
      if (inserted.length) {
        await recordMembersAdded(tx, params.p_mission_id, ctx.userId, [params.p_user_id]);
        // Read after the insert, so the new member counts as the caller's teammate for their e-mail.
        return listMembers(tx, params.p_mission_id, ctx.userId, { sql: 'm.user_id = $3', params: [params.p_user_id] });
      }
      const [user] = await tx.query<{ member: boolean }>(
        'select exists (select 1 from mission_members where mission_id = $1 and user_id = users.id) as member from users where id = $2',
        [params.p_mission_id, params.p_user_id],
      );
      throw businessError(!user ? TEAM_MESSAGES.userNotFound : user.member ? TEAM_MESSAGES.alreadyMember : TEAM_MESSAGES.additionsRefused);
    });
  }),

  /**
   * A mission's team, owners first, then in the order they joined. Teams are public (mission
   * details), except the team of a hidden mission, which only that team and organisers see.
   */
  get_mission_members: procedure('get_mission_members', { emails: 'others' }, async (params, ctx) =>
    listMembers(ctx.db, params.p_mission_id, ctx.userId, {
      sql: `exists (select 1 from missions shown where shown.mission_id = m.mission_id and ${missionVisibleSql('shown', '$3')})`,
      params: [ctx.userId],
    }),
  ),

  /**
   * Removes a person from a team. p_removed_by must be the caller. Owners may remove anyone; any
   * member may remove themselves (leave the team). Answers member_deleted, no_member_found or
   * cannot_remove_last_owner.
   *
   * The creator (role 'owner') is an owner like any co-owner: they can be removed, or leave, while
   * another owner remains, and never when they are the last one. The web app shows no remove
   * button for owners, so in practice an owner leaves or is removed only through the API.
   *
   * The last-owner rule is a read-then-write check, so two owners removing each other at once
   * could each see the other still there (write skew). Locking the mission row first makes every
   * removal on one mission run one after the other: the second sees the first's result (READ
   * COMMITTED takes a new snapshot for each statement after the lock is granted), finds it is no
   * longer an owner and is refused, and one owner remains.
   */
  remove_mission_member: procedure('remove_mission_member', { caller: 'p_removed_by' }, async (params, ctx) => {
    return transaction(ctx.db, async (tx): Promise<RemoveMemberResult> => {
      if (!(await lockMission(tx, params.p_mission_id))) return 'no_member_found';
      const leaving = params.p_user_id === ctx.userId;
      if (!leaving) await assertOwner(tx, ctx, params.p_mission_id);
      const [target] = await tx.query<{ owner: boolean }>(`select ${IS_OWNER} as owner from mission_members where mission_id = $1 and user_id = $2`, [
        params.p_mission_id,
        params.p_user_id,
      ]);
      if (!target) return 'no_member_found';
      if (target.owner) {
        const [count] = await tx.query<{ owners: number }>(`select count(*)::int as owners from mission_members where mission_id = $1 and ${IS_OWNER}`, [
          params.p_mission_id,
        ]);
        if ((count?.owners ?? 0) <= 1) return 'cannot_remove_last_owner';
      }
      await tx.query('delete from mission_members where mission_id = $1 and user_id = $2', [params.p_mission_id, params.p_user_id]);
      await recordMissionEvent(tx, params.p_mission_id, ctx.userId, { kind: 'member_removed', subject: params.p_user_id });
      return 'member_deleted';
    });
  }),
};
