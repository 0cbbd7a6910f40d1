/*
 * The one door through which the server reads a person for someone else (docs/product.md#anonymity,
 * docs/decisions/032-what-anonymity-covers.md). The database view `people_shown` (migrations 019
 * and 027) is the rule: id, anonymous, first_name, last_name, email and mobile as other attendees
 * see them; someone who chose "Stay anonymous" is "Anonymous attendee" with no e-mail or mobile.
 * Every SQL text that names a person to someone else joins it, or a fragment of this file; the
 * unit test beside this file fails on any other read of the users table's names, e-mail or mobile.
 */

/** Who is looking: other attendees (teammates, owners and the projector included), or the organisers' console. */
export type Audience = 'attendees' | 'organisers';

/**
 * The relation to join for people as `audience` sees them, with people_shown's columns. Organisers
 * run the event and answer requests about personal data: their console shows who people are.
 */
export function peopleSeenBy(audience: Audience): string {
  if (audience === 'attendees') return 'people_shown';
  return `(select u.id, anonymity_of(u.user_metadata) = 'anonymous' as anonymous, u.first_name, u.last_name, u.email, u.mobile
             from users u)`;
}

/** A person's whole name as `shown` (a row of people_shown) reads: "Anonymous attendee" for someone anonymous. */
export function shownNameSql(shown: string): string {
  return `btrim(concat_ws(' ', ${shown}.first_name, ${shown}.last_name))`;
}

/**
 * Whether the people search finds users `user` (with `shown`, their people_shown row) for a term:
 * `contains` is a LIKE pattern matching anywhere, `whole` the term itself. Someone anonymous is
 * found only by their whole e-mail address typed exactly, never by name or part of the address
 * (a match would tell the searcher that this name belongs to someone anonymous).
 */
export function foundBySearchSql(user: string, shown: string, contains: string, whole: string): string {
  return `case when ${shown}.anonymous then lower(${user}.email) = lower(${whole})
               else ${shown}.first_name ilike ${contains} escape '\\'
                    or ${shown}.last_name ilike ${contains} escape '\\'
                    or (${shown}.first_name || ' ' || ${shown}.last_name) ilike ${contains} escape '\\'
                    or ${shown}.email ilike ${contains} escape '\\' end`;
}
