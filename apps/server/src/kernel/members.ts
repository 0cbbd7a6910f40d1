import type { MissionMember } from '@mc/contract';
import type { Queryable } from '../db/db.ts';

/*
 * A team's SQL, written once: who counts as an owner, the member row's shape and its order. The
 * team procedures, update_mission and get_mission_details all use these.
 */

/**
 * Who counts as an owner of a team (docs/product.md#who-may-do-what): a co-owner, or the creator
 * (role_in_team 'owner', who is made a co-owner too). Rights to update the mission and manage its
 * team, and the last-owner rule, all use this; the web app's badge uses isMissionOwner, the same rule.
 * `alias` is the mission_members table's alias in the query, if it has one.
 */
export function isOwnerSql(alias?: string): string {
  const column = (name: string) => (alias ? `${alias}.${name}` : name);
  return `(${column('is_co_owner')} or ${column('role_in_team')} = 'owner')`;
}

/**
 * The MissionMember shape, from mission_members `m` joined with people_shown `u` (migration 019: an
 * anonymous person is "Anonymous attendee" without an e-mail, to everyone, their own team included).
 */
export const MEMBER_COLUMNS = 'm.user_id, u.email, u.first_name, u.last_name, m.is_co_owner, m.added_at, m.role_in_team';

/** A team's order: the creator first, then co-owners, then by the date they were added. */
export const MEMBER_ORDER = `(m.role_in_team = 'owner') desc, m.is_co_owner desc, m.added_at, m.user_id`;

/** A mission's team, in MEMBER_ORDER. `visible` may narrow it further (on `m`, parameters from $2). */
export async function listMembers(
  db: Queryable,
  missionId: string,
  visible: { sql: string; params: unknown[] } = { sql: 'true', params: [] },
): Promise<MissionMember[]> {
  return db.query<MissionMember>(
    `select ${MEMBER_COLUMNS}
       from mission_members m join people_shown u on u.id = m.user_id
      where m.mission_id = $1 and ${visible.sql}
      order by ${MEMBER_ORDER}`,
    [missionId, ...visible.params],
  );
}
