import { ANNOUNCEMENT_AUDIENCES, type AnnouncementAudience } from '@mc/contract';
import { isOwnerSql } from '../../kernel/members.ts';

/** Whether the text names one of the groups an announcement may go to. */
export function isAudience(value: string): value is AnnouncementAudience {
  return (ANNOUNCEMENT_AUDIENCES as readonly string[]).includes(value);
}

/**
 * The condition on users `u` that makes someone a recipient of the group, as the database has it
 * at the moment of sending; `chosen.part_id` is the part of "people who starred a part" (see
 * recipientsSql).
 */
function audienceSql(audience: AnnouncementAudience): string {
  switch (audience) {
    case 'everyone':
      return 'true';
    case 'no_pre_survey':
      return 'not u.pre_survey_completed';
    case 'no_role_profile':
      return 'not exists (select 1 from role_profiles profile where profile.user_id = u.id)';
    case 'no_team':
      return 'not exists (select 1 from mission_members team where team.user_id = u.id)';
    case 'mission_owners':
      return `exists (select 1 from mission_members team where team.user_id = u.id and ${isOwnerSql('team')})`;
    case 'starred_part':
      return 'exists (select 1 from agenda_favourites starred where starred.user_id = u.id and starred.part_id = chosen.part_id)';
  }
}

/** `from … where …` of the group's people (users `u`), the part id being parameter `partParam`. */
export function recipientsSql(audience: AnnouncementAudience, partParam: string): string {
  return `from users u cross join (select ${partParam}::text as part_id) chosen where ${audienceSql(audience)}`;
}
