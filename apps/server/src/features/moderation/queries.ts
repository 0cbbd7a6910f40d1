import {
  ATTENDEE_SEARCH_LIMIT,
  OVERVIEW_RANKED_MISSIONS,
  OVERVIEW_SIGNUP_DAYS,
  OVERVIEW_VOTE_HOURS,
  type AttendeeActivity,
  type AttendeeSummary,
  type CountAt,
  type EventOverview,
  type OrganiserMission,
  type OverviewFigures,
  type RankedMission,
} from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { escapeLike, isoTime } from '../../db/sql.ts';
import { planAccountDeletion } from '../../kernel/account-deletion.ts';
import { anonymitySql, personJson } from '../../kernel/people.ts';

export async function eventOverview(db: Queryable, timeZone: string): Promise<EventOverview> {
  const [figures] = await db.query<OverviewFigures>(
    `select people.registered, people.pre_survey_done, people.post_survey_done, people.anonymous, people.sharing,
            people.registered - people.anonymous - people.sharing as anonymity_not_chosen,
            (select count(*)::int from role_profiles) as role_profiles,
            counted.missions, counted.hidden_missions, counted.votes, counted.subscriptions,
            (select count(distinct user_id)::int from mission_members) as team_members
       from (select count(*)::int as registered,
                    -- Deleted accounts' survey completion stays as a count (migration 019).
                    (count(*) filter (where pre_survey_completed) + (select pre_survey_done from deleted_accounts_tally))::int as pre_survey_done,
                    (count(*) filter (where post_survey_completed) + (select post_survey_done from deleted_accounts_tally))::int as post_survey_done,
                    count(*) filter (where ${anonymitySql('users')} = 'anonymous')::int as anonymous,
                    count(*) filter (where ${anonymitySql('users')} = 'sharing')::int as sharing
               from users) as people,
            -- The kept counts on the mission rows are the vote and subscription rows, counted.
            (select count(*)::int as missions,
                    count(*) filter (where hidden_at is not null)::int as hidden_missions,
                    coalesce(sum(vote_count), 0)::int as votes,
                    coalesce(sum(subscription_count), 0)::int as subscriptions
               from missions) as counted`,
  );
  // Days and hours in the organiser's time zone, every one of them (zero included) so a chart's
  // gaps are real quiet periods, not missing rows.
  const signupsPerDay = await db.query<CountAt>(
    `with span as (
       -- From the first sign-up (today when there is none yet), at most $2 days back.
       select greatest(coalesce(min((created_at at time zone $1)::date), (now() at time zone $1)::date), (now() at time zone $1)::date - ($2::int - 1)) as first_day,
              (now() at time zone $1)::date as last_day
         from users
     ), counted as (
       select (created_at at time zone $1)::date as day, count(*)::int as n
         from users, span where created_at at time zone $1 >= span.first_day
        group by 1
     )
     select to_char(series.day, 'YYYY-MM-DD') as at, coalesce(counted.n, 0) as count
       from span cross join generate_series(span.first_day, span.last_day, interval '1 day') as series (day)
       left join counted on counted.day = series.day::date
      order by series.day`,
    [timeZone, OVERVIEW_SIGNUP_DAYS],
  );
  const votesPerHour = await db.query<CountAt>(
    `with counted as (
       select date_trunc('hour', created_at at time zone $1) as hour, count(*)::int as n
         from mission_votes where created_at >= now() - make_interval(hours => $2::int)
        group by 1
     )
     select to_char(series.hour, 'YYYY-MM-DD"T"HH24:00') as at, coalesce(counted.n, 0) as count
       from generate_series(date_trunc('hour', now() at time zone $1) - make_interval(hours => $2::int - 1),
                            date_trunc('hour', now() at time zone $1), interval '1 hour') as series (hour)
       left join counted on counted.hour = series.hour
      order by series.hour`,
    [timeZone, OVERVIEW_VOTE_HOURS],
  );
  const ranked = await db.query<RankedMission>(
    `select m.mission_id, m.name, m.vote_count, m.subscription_count,
            (select count(*)::int from mission_members mm where mm.mission_id = m.mission_id) as team_count,
            m.hidden_at is not null as hidden
       from missions m
      order by m.vote_count desc, m.subscription_count desc, lower(m.name), m.mission_id
      limit $1`,
    [OVERVIEW_RANKED_MISSIONS],
  );
  if (!figures) throw new Error('the overview query answered no row');
  return {
    figures,
    signups_per_day: signupsPerDay,
    votes_per_hour: votesPerHour,
    missions_by_votes: ranked,
    time_zone: timeZone,
    generated_at: new Date().toISOString(),
  };
}

/** Every mission (hidden ones too) with its creator, team and counts, newest first; or one of them. */
function organiserMissionsSql(where: string): string {
  return `select m.mission_id, m.name, m.statement, ${isoTime('m.created_at')} as created_at,
         case when creator.id is null then null else ${personJson('creator')} end as creator,
         coalesce((select json_agg(json_build_object('user_id', u.id, 'first_name', u.first_name, 'last_name', u.last_name,
                                                     'email', u.email, 'role_in_team', mm.role_in_team, 'is_co_owner', mm.is_co_owner)
                                   order by (mm.role_in_team = 'owner') desc, mm.is_co_owner desc, mm.added_at, mm.user_id)
                     from mission_members mm join users u on u.id = mm.user_id
                    where mm.mission_id = m.mission_id), '[]'::json) as team,
         m.vote_count, m.subscription_count,
         case when m.hidden_at is null then null
              else json_build_object('at', ${isoTime('m.hidden_at')}, 'reason', m.hidden_reason, 'by', hider.email) end as hidden
    from missions m
    left join users creator on creator.id = m.created_by
    left join users hider on hider.id = m.hidden_by
   ${where}
   order by m.created_at desc, m.mission_id`;
}

export async function listOrganiserMissions(db: Queryable): Promise<OrganiserMission[]> {
  return db.query<OrganiserMission>(organiserMissionsSql(''));
}

export async function findOrganiserMission(db: Queryable, missionId: string): Promise<OrganiserMission | null> {
  const [row] = await db.query<OrganiserMission>(organiserMissionsSql('where m.mission_id = $1'), [missionId]);
  return row ?? null;
}

const SUMMARY_COLUMNS = `u.id as user_id, u.first_name, u.last_name, u.email, ${isoTime('u.created_at')} as registered_at,
  ${anonymitySql('u')} as anonymity, exists (select 1 from organisers o where o.user_id = u.id) as is_organiser`;

/**
 * People whose name or e-mail contains the term (names starting with it first), or the newest
 * sign-ups when the term is blank; a page a person can scan.
 */
export async function findAttendees(db: Queryable, term: string): Promise<AttendeeSummary[]> {
  const trimmed = term.trim();
  if (trimmed === '') {
    return db.query<AttendeeSummary>(`select ${SUMMARY_COLUMNS} from users u order by u.created_at desc, u.id limit $1`, [ATTENDEE_SEARCH_LIMIT]);
  }
  return db.query<AttendeeSummary>(
    `select ${SUMMARY_COLUMNS}
       from users u
      where u.first_name ilike $1 escape '\\' or u.last_name ilike $1 escape '\\'
         or (u.first_name || ' ' || u.last_name) ilike $1 escape '\\' or u.email ilike $1 escape '\\'
      order by case when u.first_name ilike $2 escape '\\' or u.last_name ilike $2 escape '\\' or u.email ilike $2 escape '\\' then 0 else 1 end,
               lower(u.first_name), lower(u.last_name), lower(u.email), u.id
      limit $3`,
    [`%${escapeLike(trimmed)}%`, `${escapeLike(trimmed)}%`, ATTENDEE_SEARCH_LIMIT],
  );
}

/** What a person has done, or null for an unknown id. Never survey answers or a date of birth: neither is kept. */
export async function attendeeActivity(db: Queryable, userId: string): Promise<AttendeeActivity | null> {
  const [person] = await db.query<Omit<AttendeeActivity, 'deletion'>>(
    `select ${SUMMARY_COLUMNS}, u.pre_survey_completed, u.post_survey_completed,
            case when u.last_sign_in_at is null then null else ${isoTime('u.last_sign_in_at')} end as last_sign_in_at,
            (select json_build_object('role_title', p.role_title, 'updated_at', ${isoTime('p.updated_at')})
               from role_profiles p where p.user_id = u.id) as role_profile,
            coalesce((select json_agg(json_build_object('mission_id', m.mission_id, 'name', m.name, 'role_in_team', mm.role_in_team,
                                                        'is_co_owner', mm.is_co_owner, 'hidden', m.hidden_at is not null)
                                      order by mm.added_at, m.mission_id)
                        from mission_members mm join missions m on m.mission_id = mm.mission_id
                       where mm.user_id = u.id), '[]'::json) as teams,
            (select count(*)::int from mission_votes v where v.user_id = u.id) as votes,
            (select count(*)::int from mission_subscriptions s where s.user_id = u.id) as subscriptions
       from users u where u.id = $1`,
    [userId],
  );
  if (!person) return null;
  return { ...person, deletion: await planAccountDeletion(db, userId) };
}
