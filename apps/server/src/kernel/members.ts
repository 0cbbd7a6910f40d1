import type { MissionMember } from '@mc/contract';
import type { Queryable } from '../db/db.ts';

/*
 * A team's SQL, written once: who counts as an owner, the member row's shape and its order. The
 * team procedures, update_mission and get_mission_details all use these, and the rule for whose
 * e-mail a viewer sees.
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

/** Whether users `a` and the user id `b` (an SQL expression) are on one team. */
export function teammatesSql(a: string, b: string): string {
  return `exists (select 1 from mission_members mine join mission_members theirs on theirs.mission_id = mine.mission_id
                   where mine.user_id = ${a}.id and theirs.user_id = ${b})`;
}

/**
 * THE rule for a person's contact e-mail shown to someone else (docs/product.md#role-card): the
 * person's own teammates see it; anyone else only when the person leaves their role card open to
 * "Everyone signed in", the choice that covers their contact details everywhere. Otherwise it is
 * the empty string, so every answer keeps its shape. `shown` is a people_shown row, whose e-mail is
 * already empty for someone who stays anonymous; `viewer` is a user id (an SQL expression).
 */
export function emailSeenBySql(shown: string, viewer: string): string {
  return `case when ${shown}.id = ${viewer}
                 or ${teammatesSql(shown, viewer)}
                 or exists (select 1 from role_profiles open_card
                             where open_card.user_id = ${shown}.id and open_card.card_visibility = 'everyone')
            then ${shown}.email else '' end`;
}

/**
 * The MissionMember shape, from mission_members `m` joined with people_shown `u` (migration 019: an
 * anonymous person is "Anonymous attendee" without an e-mail, to everyone, their own team included),
 * as user `viewer` (an SQL expression) sees it: the e-mail as emailSeenBySql says, else empty.
 */
function memberColumns(viewer: string): string {
  return `m.user_id, ${emailSeenBySql('u', viewer)} as email, u.first_name, u.last_name, m.is_co_owner, m.added_at, m.role_in_team`;
}

/** A team's order: the creator first, then co-owners, then by the date they were added. */
export const MEMBER_ORDER = `(m.role_in_team = 'owner') desc, m.is_co_owner desc, m.added_at, m.user_id`;

/**
 * A mission's team as user `viewerId` sees it, in MEMBER_ORDER. `visible` may narrow it further
 * (on `m`, parameters from $3).
 */
export async function listMembers(
  db: Queryable,
  missionId: string,
  viewerId: string,
  visible: { sql: string; params: unknown[] } = { sql: 'true', params: [] },
): Promise<MissionMember[]> {
  return db.query<MissionMember>(
    `select ${memberColumns('$2')}
       from mission_members m join people_shown u on u.id = m.user_id
      where m.mission_id = $1 and ${visible.sql}
      order by ${MEMBER_ORDER}`,
    [missionId, viewerId, ...visible.params],
  );
}
