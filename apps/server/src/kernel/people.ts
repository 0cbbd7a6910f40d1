/*
 * The one door through which the server reads a person for someone else (docs/product.md#anonymity,
 * docs/decisions/032-what-anonymity-covers.md). The database view `people_shown` (migrations 019
 * and 027) is the rule: id, anonymous, first_name, last_name, email and mobile as other attendees
 * see them; someone who chose "Stay anonymous" is "Anonymous attendee" with no e-mail or mobile.
 * Every SQL text that names a person to someone else joins it, or a fragment of this file; the
 * unit test beside this file fails on any other read of the users table's names, e-mail or mobile.
 */

import { emailSeenBySql, isOwnerSql } from './members.ts';

/** Who is looking: other attendees (teammates, owners and the projector included), or the organisers' console. */
export type Audience = 'attendees' | 'organisers';

/**
 * The relation to join for people as `audience` sees them, with people_shown's columns. Organisers
 * run the event and answer requests about personal data: their console shows who people are (names
 * and e-mail); a mobile number only as the CSV exports give it, never of someone anonymous.
 */
export function peopleSeenBy(audience: Audience): string {
  if (audience === 'attendees') return 'people_shown';
  return `(select u.id, shown.anonymous, u.first_name, u.last_name, u.email, shown.mobile
             from users u join people_shown shown on shown.id = u.id)`;
}

/**
 * The person `$1` as each audience sees them, one row each, for "What others see of me": other
 * attendees read people_shown's names (search, team lists, creator lines, requests, rounds) and the
 * e-mail as emailSeenBySql says for a viewer `$2` on none of their teams; teammates its e-mail and
 * mobile (on the role card); the organisers' console as above.
 */
export const SEEN_BY_AUDIENCES_SQL = `
  select 'attendees' as audience, shown.first_name, shown.last_name, ${emailSeenBySql('shown', '$2::uuid')} as email, '' as mobile from people_shown shown where shown.id = $1
  union all
  select 'teammates', shown.first_name, shown.last_name, shown.email, shown.mobile from people_shown shown where shown.id = $1
  union all
  select 'organisers', seen.first_name, seen.last_name, seen.email, seen.mobile from ${peopleSeenBy('organisers')} seen where seen.id = $1`;

/** A person's whole name as `shown` (a row of people_shown) reads: "Anonymous attendee" for someone anonymous. */
export function shownNameSql(shown: string): string {
  return `btrim(concat_ws(' ', ${shown}.first_name, ${shown}.last_name))`;
}

/**
 * The owners of mission `mission` (an SQL expression naming its id) by their whole names as other
 * attendees see them, in the team's order (the creator first), joined with ", ": how an organisers'
 * proposal names the people whose team it is.
 */
export function missionOwnerNamesSql(mission: string): string {
  return `(select coalesce(string_agg(${shownNameSql('owner_shown')}, ', '
                                      order by (owner.role_in_team = 'owner') desc, owner.added_at, owner.user_id), '')
             from mission_members owner join people_shown owner_shown on owner_shown.id = owner.user_id
            where owner.mission_id = ${mission} and ${isOwnerSql('owner')})`;
}

/**
 * Whether the people search finds users `user` (with `shown`, their people_shown row) for a term,
 * searched by user `viewer` (an SQL expression): `contains` is a LIKE pattern matching anywhere,
 * `whole` the term itself. Anyone is found by their whole e-mail address typed exactly (a friend
 * who knows it can add them); part of an address finds only people whose e-mail the viewer may see
 * (emailSeenBySql), so the search never spells out an address it does not show. Someone anonymous
 * is never found by name (a match would tell the searcher that this name belongs to someone anonymous).
 */
export function foundBySearchSql(user: string, shown: string, viewer: string, contains: string, whole: string): string {
  return `(lower(${user}.email) = lower(${whole})
           or (not ${shown}.anonymous
               and (${shown}.first_name ilike ${contains} escape '\\'
                    or ${shown}.last_name ilike ${contains} escape '\\'
                    or (${shown}.first_name || ' ' || ${shown}.last_name) ilike ${contains} escape '\\'
                    or ${emailSeenBySql(shown, viewer)} ilike ${contains} escape '\\')))`;
}

/**
 * How a person chose to appear (account metadata set by the anonymity dialog): 'anonymous',
 * 'sharing', or 'not_chosen' before they chose.
 */
export function anonymitySql(user: string): string {
  return `anonymity_of(${user}.user_metadata)`;
}

/** A PersonRef (id, names, e-mail) as JSON from users `user`: for the organisers' answers only. */
export function personJson(user: string): string {
  return `json_build_object('user_id', ${user}.id, 'first_name', ${user}.first_name, 'last_name', ${user}.last_name, 'email', ${user}.email)`;
}

/**
 * A people-search row (UserSearchResult) from users `u` joined with people_shown `shown`, as user
 * `viewer` (an SQL expression) sees it: the e-mail as emailSeenBySql says, else empty. The account
 * page's "What others see of me" builds the caller's row with the same columns.
 */
export function searchRowColumns(viewer: string): string {
  return `shown.id, ${emailSeenBySql('shown', viewer)} as email, shown.first_name, shown.last_name,
  coalesce((select s.allow_team_additions from notification_settings s where s.user_id = u.id), true) as accepts_additions`;
}

/**
 * A mission's team as its public page shows it to anyone, signed in or not (docs/product.md#public-page):
 * how many they are, and the names of only those who chose to share their name ("sharing", never
 * the default "not chosen", never someone anonymous), through people_shown; the others are counted,
 * never named. No e-mail or mobile. Answers one row: team_size and names (a JSON array, in the team's order).
 */
export const PUBLIC_TEAM_SQL = `
  select count(*)::int as team_size,
         coalesce(json_agg(${shownNameSql('shown')} order by (m.role_in_team = 'owner') desc, m.is_co_owner desc, m.added_at, m.user_id)
                   filter (where not shown.anonymous and ${anonymitySql('u')} = 'sharing'), '[]'::json) as names
    from mission_members m
    join users u on u.id = m.user_id
    join people_shown shown on shown.id = m.user_id
   where m.mission_id = $1`;
