import { UPDATE_PHOTO_UPLOAD_PATH, type MissionUpdate } from '@mc/contract';
import type { Queryable } from '../../db/db.ts';
import { isoTime } from '../../db/sql.ts';
import { isOwnerSql } from '../../kernel/members.ts';
import { shownNameSql } from '../../kernel/people.ts';
import { missionVisibleSql } from '../../kernel/visibility.ts';

/**
 * A mission's updates as user $2 sees them, in the MissionUpdate shape, newest first. The mission
 * must be visible to them (the missions' rule); an update the organisers hid is, by the same rule
 * read on the update's own hidden_at and mission_id, left out for everyone but the mission's team
 * and the organisers. The author is named as other attendees see them (people_shown).
 * `where` narrows it further (on `u`, parameters from $3).
 */
function updatesSql(where: string): string {
  return `select u.update_id, u.mission_id, u.title, u.body as text, u.link,
         case when photo.photo_id is not null then '${UPDATE_PHOTO_UPLOAD_PATH}/' || photo.photo_id || '.jpg' end as photo_url,
         ${shownNameSql('author')} as author_name,
         ${isoTime('u.created_at')} as created_at,
         case when u.edited_at is not null then ${isoTime('u.edited_at')} end as edited_at,
         (own.user_id is not null and u.created_at > now() - interval '24 hours') as can_edit,
         (own.user_id is not null) as can_delete,
         u.hidden_reason
    from mission_updates u
    join missions m on m.mission_id = u.mission_id
    join people_shown author on author.id = u.author_id
    left join update_photos photo on photo.update_id = u.update_id
    left join mission_members own on own.mission_id = u.mission_id and own.user_id = $2 and ${isOwnerSql('own')}
   where ${missionVisibleSql('m', '$2')} and ${missionVisibleSql('u', '$2')} ${where}
   order by u.created_at desc, u.update_id`;
}

export function listUpdates(db: Queryable, missionId: string, viewerId: string): Promise<MissionUpdate[]> {
  return db.query<MissionUpdate>(updatesSql('and u.mission_id = $1'), [missionId, viewerId]);
}

export async function findUpdate(db: Queryable, updateId: string, viewerId: string): Promise<MissionUpdate | null> {
  const [row] = await db.query<MissionUpdate>(updatesSql('and u.update_id = $1'), [updateId, viewerId]);
  return row ?? null;
}

/** Whether user `userId` is an owner or co-owner of the mission. */
export async function isOwnerOf(db: Queryable, missionId: string, userId: string): Promise<boolean> {
  const rows = await db.query('select 1 from mission_members where mission_id = $1 and user_id = $2 and ' + isOwnerSql(), [missionId, userId]);
  return rows.length > 0;
}
