/**
 * Which missions a person may see. A mission the organisers hid is left out of every list, detail
 * and search for everyone except its own team and the organisers; everything that shows missions
 * to attendees (lists, details, team lists, live results) filters with this one condition.
 *
 * `mission` is the alias of the missions row, `viewer` the SQL expression of the viewer's user id.
 */
export function missionVisibleSql(mission: string, viewer: string): string {
  return `(${mission}.hidden_at is null
    or exists (select 1 from mission_members as own_team where own_team.mission_id = ${mission}.mission_id and own_team.user_id = ${viewer})
    or exists (select 1 from organisers where organisers.user_id = ${viewer}))`;
}
