import { isoTime } from '../../db/sql.ts';
import { MISSION_HEAD_COLUMNS, MISSION_PROGRESS_COLUMNS } from './queries.ts';

// The statements the mission list's cache reads (list-cache.ts, mission-list.ts).

/** Every mission's id, revision and counts, as one text: what tells the list's cache what moved. */
export const MISSIONS_SQL = `select coalesce(string_agg(m.mission_id::text || ' ' || m.list_rev || ' ' || m.vote_count || ' ' || m.subscription_count, ','), '')
        from missions m`;

/**
 * get_all_missions' one statement, one snapshot: everything a call needs that changes between
 * calls. $2 and $3 are the snapshots the cache read the missions and this caller's rows at: what
 * was read at this snapshot is not read again (a CASE that is not taken does not run its subquery).
 */
export const STATE_SQL = `with now as (select pg_current_snapshot()::text as snapshot)
  select now.snapshot,
    case when now.snapshot = $2 then null else (${MISSIONS_SQL}) end as missions,
    case when now.snapshot = $3 then null else (
      select coalesce(string_agg(v.mission_id::text, ','), '') from mission_votes v where v.user_id = $1) end as voted,
    case when now.snapshot = $3 then null else (
      select coalesce(string_agg(s.mission_id::text, ','), '') from mission_subscriptions s where s.user_id = $1) end as subscribed,
    case when now.snapshot = $3 then null else (
      select coalesce(string_agg(t.mission_id::text, ','), '') from mission_members t where t.user_id = $1) end as teams,
    case when now.snapshot = $3 then null else exists (select 1 from organisers o where o.user_id = $1) end as organiser
  from now`;

export const SNAPSHOT_SQL = 'select pg_current_snapshot()::text as snapshot';

/**
 * Missions' JSON around the counts and the caller's flags, as listMissionsDirect writes it: the head
 * is the Mission fields up to updated_at, the tail team_count, hidden_reason and the progress columns.
 */
export const RENDER_SQL = `select m.mission_id, m.list_rev::text as list_rev, ${isoTime('m.created_at')} as created_at,
         (m.hidden_at is not null) as hidden, row_to_json(head)::text as head, row_to_json(tail)::text as tail
    from missions m
    left join people_shown creator on creator.id = m.created_by
    cross join lateral (select ${MISSION_HEAD_COLUMNS}) head
    cross join lateral (select (select count(*) from mission_members t where t.mission_id = m.mission_id)::int as team_count, m.hidden_reason, ${MISSION_PROGRESS_COLUMNS}) tail
   where m.mission_id = any (string_to_array($1, ',')::uuid[])`;
