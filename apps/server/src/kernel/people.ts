/*
 * How a person is shown in SQL: the pieces every feature reads people with. People are shown to
 * others through the people_shown view (migration 019: an anonymous person is "Anonymous attendee"
 * without contact details); these helpers say how a person chose to appear and build the rows
 * that name them.
 */

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
 * A people-search row (UserSearchResult) from users `u` joined with people_shown `shown`; the
 * account page's "What others see of me" builds the caller's row with the same columns.
 */
export const SEARCH_ROW_COLUMNS = `shown.id, shown.email, shown.first_name, shown.last_name,
  coalesce((select s.allow_team_additions from notification_settings s where s.user_id = u.id), true) as accepts_additions`;
