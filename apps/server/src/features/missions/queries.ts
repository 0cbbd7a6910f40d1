import type { Mission } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { isoTime } from '../../db/sql.ts';
import { JsonText } from '../../rpc/procedure.ts';
import { missionVisibleSql } from '../../kernel/visibility.ts';

/**
 * Missions in the Mission shape of @mc/contract, as seen by one viewer ($1), in ONE query: vote and
 * subscription counts are kept on the mission row (migration 004), the team count is a GROUP BY
 * subquery joined once, and the viewer's own vote and subscription are primary-key lookups.
 * Missions the organisers hid are left out unless the viewer is on their team or an organiser.
 * `where` adds conditions on `m` and may use parameters from $2.
 */
function missionsSql(where: string): string {
  return `select ${MISSION_HEAD_COLUMNS},
         m.vote_count,
         m.subscription_count,
         (my_vote.user_id is not null) as is_voted,
         (my_subscription.user_id is not null) as is_subscribed,
         coalesce(team.n, 0)::int as team_count,
         m.hidden_reason,
         ${MISSION_PROGRESS_COLUMNS}
    from missions m
    left join people_shown creator on creator.id = m.created_by
    left join (select mission_id, count(*) as n from mission_members group by mission_id) team on team.mission_id = m.mission_id
    left join mission_votes my_vote on my_vote.mission_id = m.mission_id and my_vote.user_id = $1
    left join mission_subscriptions my_subscription on my_subscription.mission_id = m.mission_id and my_subscription.user_id = $1
   where ${missionVisibleSql('m', '$1')} ${where}`;
}

/**
 * The fields of the Mission shape before the counts, in its order, from missions `m` joined with
 * its creator's people_shown row as `creator` (an anonymous creator reads "Anonymous attendee").
 * The list's cache reuses a mission's JSON while its list_rev stands (list-cache.ts): any change of
 * a mission's columns but its counts moves it (migration 024), and so do its team and its creator's
 * name or anonymity (migrations 015 and 019); anything new shown from another table needs its own
 * trigger.
 */
export const MISSION_HEAD_COLUMNS = `m.mission_id, m.name, m.shared_intention, m.objective_or_focus, m.statement, m.core_message,
         m.problem_being_solved, m.first_team_action, m.created_by,
         nullif(btrim(concat_ws(' ', creator.first_name, creator.last_name)), '') as created_by_name,
         ${isoTime('m.created_at')} as created_at, ${isoTime('m.updated_at')} as updated_at`;

/** The mission's status, milestones and public page's address: the end of the Mission shape, after hidden_reason. */
export const MISSION_PROGRESS_COLUMNS = 'm.status, m.status_reason, m.milestones, m.public_slug';

/**
 * Every mission, newest first, with the viewer's vote and subscription, as JSON text the database
 * writes: the list is the largest answer (360 KB at 300 missions), and reading its rows into objects
 * only to serialise them again was most of its cost on the server. This is the list's definition:
 * get_all_missions answers the same bytes from its cache (list-cache.ts), and falls back to this.
 */
export async function listMissionsDirect(db: Queryable, viewerId: string): Promise<JsonText<Mission[]>> {
  // created_at is fixed-width UTC text here, so ordering by the text is ordering by time (to the ms).
  const [row] = await db.query<{ missions: string }>(
    `select coalesce(json_agg(listed order by listed.created_at desc, listed.mission_id), '[]')::text as missions
       from (${missionsSql('')}) as listed`,
    [viewerId],
  );
  return new JsonText<Mission[]>(row?.missions ?? '[]');
}

/** One mission as the viewer sees it, or null. (The team count's subquery gets the mission id pushed down.) */
export async function findMission(db: Queryable, missionId: string, viewerId: string): Promise<Mission | null> {
  const [row] = await db.query<Mission>(missionsSql('and m.mission_id = $2'), [viewerId, missionId]);
  return row ?? null;
}

/** The hidden missions the viewer may see (their team's; all of them for organisers), as get_all_missions shows them, in its order. */
export function hiddenMissionsFor(db: Queryable, viewerId: string): Promise<Mission[]> {
  return db.query<Mission>(`select * from (${missionsSql('and m.hidden_at is not null')}) as listed order by listed.created_at desc, listed.mission_id`, [
    viewerId,
  ]);
}
