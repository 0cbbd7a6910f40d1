// A mission's open roles as stored; matching and the team builder read them from here.
import type { MissionRole } from '@mc/contract';
import type { Queryable } from '../db/db.ts';
import { missionVisibleSql } from './visibility.ts';
import { isOwnerSql } from './members.ts';

/*
 * The SQL of open roles, written once: a role's shape with its filled places, which roles are
 * open, and who may manage them.
 */

/** The MissionRole shape from mission_roles `r`; filled counts the members who joined for it. */
export const ROLE_COLUMNS = `r.role_id, r.mission_id, r.title, r.description, r.skills, r.archetype, r.places,
  (select count(*)::int from mission_members filled where filled.role_id = r.role_id) as filled,
  r.created_at, r.updated_at`;

/** A role still looking for people: not closed and with a free place. */
export function roleOpenSql(role: string): string {
  return `(${role}.closed_at is null and (select count(*) from mission_members taken where taken.role_id = ${role}.role_id) < ${role}.places)`;
}

/** The open roles of one mission, oldest first, if the viewer may see the mission. */
export async function listOpenRoles(db: Queryable, missionId: string, viewerId: string): Promise<MissionRole[]> {
  return db.query<MissionRole>(
    `select ${ROLE_COLUMNS}
       from mission_roles r join missions shown on shown.mission_id = r.mission_id
      where r.mission_id = $1 and ${roleOpenSql('r')} and ${missionVisibleSql('shown', '$2')}
      order by r.created_at, r.role_id`,
    [missionId, viewerId],
  );
}

export async function findRole(db: Queryable, roleId: string): Promise<MissionRole | undefined> {
  const [role] = await db.query<MissionRole>(`select ${ROLE_COLUMNS} from mission_roles r where r.role_id = $1`, [roleId]);
  return role;
}

export async function isMissionOwner(db: Queryable, missionId: string, userId: string): Promise<boolean> {
  const rows = await db.query<{ owner: boolean }>(`select ${isOwnerSql()} as owner from mission_members where mission_id = $1 and user_id = $2`, [
    missionId,
    userId,
  ]);
  return rows[0]?.owner === true;
}
