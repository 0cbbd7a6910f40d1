import { ROLE_MESSAGES, SKILL_SUGGESTIONS_LIMIT, type MissionRole, type OpenRoleCount, type TeamRole } from '@mc/contract';
import { businessError, forbidden } from '../../http/errors.ts';
import { procedure } from '../../rpc/procedure.ts';
import type { Queryable } from '../../db/db.ts';
import { missionVisibleSql } from '../../kernel/visibility.ts';
import { escapeLike } from '../../db/sql.ts';
import { findRole, isMissionOwner, listOpenRoles, roleOpenSql, ROLE_COLUMNS } from '../../kernel/open-roles.ts';
import { transaction } from '../../kernel/effects.ts';

/**
 * Locks the mission for the rest of the transaction (every team and role change on one mission
 * runs one after another) and checks the caller owns it.
 */
async function lockOwnedMission(tx: Queryable, missionId: string, userId: string): Promise<void> {
  const rows = await tx.query<{ mission_id: string }>('select mission_id from missions where mission_id = $1 for update', [missionId]);
  if (!rows.length) throw businessError(ROLE_MESSAGES.missionNotFound);
  if (!(await isMissionOwner(tx, missionId, userId))) throw forbidden(ROLE_MESSAGES.notOwner);
}

export const rolesProcedures = {
  /** A mission's open roles (not closed, not full), for anyone who may see the mission. */
  get_mission_roles: procedure('get_mission_roles', async (params, ctx) => listOpenRoles(ctx.db, params.p_mission_id, ctx.userId)),

  /**
   * Creates an open role, or changes one that is not closed. Only the mission's owners may. A
   * role never offers fewer places than it has filled.
   */
  save_mission_role: procedure('save_mission_role', async (params, ctx) => {
    if (params.p_title === '') throw businessError(ROLE_MESSAGES.titleRequired);
    const skills = [...new Set(params.p_skills)];
    const roleId = await transaction(ctx.db, async (tx) => {
      await lockOwnedMission(tx, params.p_mission_id, ctx.userId);
      // Open screens read the mission (and its open roles) again.
      tx.effects.missionsChanged([params.p_mission_id]);
      const values = [params.p_mission_id, params.p_title, params.p_description, skills, params.p_archetype ?? null, params.p_places];
      if (!params.p_role_id) {
        const [created] = await tx.query<{ role_id: string }>(
          `insert into mission_roles (mission_id, title, description, skills, archetype, places)
           values ($1, $2, $3, $4, $5, $6) returning role_id`,
          values,
        );
        if (!created) throw new Error('insert into mission_roles answered no row');
        return created.role_id;
      }
      const [role] = await tx.query<MissionRole>(
        `select ${ROLE_COLUMNS} from mission_roles r where r.role_id = $1 and r.mission_id = $2 and r.closed_at is null`,
        [params.p_role_id, params.p_mission_id],
      );
      if (!role) throw businessError(ROLE_MESSAGES.roleNotFound);
      if (params.p_places < role.filled) throw businessError(ROLE_MESSAGES.placesBelowFilled);
      await tx.query(
        `update mission_roles set title = $2, description = $3, skills = $4, archetype = $5, places = $6, updated_at = now()
          where mission_id = $1 and role_id = $7`,
        [...values, params.p_role_id],
      );
      return params.p_role_id;
    });
    const role = await findRole(ctx.db, roleId);
    return role ? [role] : [];
  }),

  /** Closes an open role: it takes nobody more; the people who joined for it stay on the team. */
  close_mission_role: procedure('close_mission_role', async (params, ctx) => {
    const role = await findRole(ctx.db, params.p_role_id);
    if (!role) throw businessError(ROLE_MESSAGES.roleNotFound);
    await transaction(ctx.db, async (tx) => {
      await lockOwnedMission(tx, role.mission_id, ctx.userId);
      const closed = await tx.query(
        'update mission_roles set closed_at = now(), updated_at = now() where role_id = $1 and closed_at is null returning role_id',
        [params.p_role_id],
      );
      if (!closed.length) throw businessError(ROLE_MESSAGES.roleNotFound);
      tx.effects.missionsChanged([role.mission_id]);
    });
    const closed = await findRole(ctx.db, params.p_role_id);
    return closed ? [closed] : [];
  }),

  /** Opens a closed role again, for the mission's owners: it takes people again while it has a free place. */
  reopen_mission_role: procedure('reopen_mission_role', async (params, ctx) => {
    const role = await findRole(ctx.db, params.p_role_id);
    if (!role) throw businessError(ROLE_MESSAGES.roleNotClosed);
    await transaction(ctx.db, async (tx) => {
      await lockOwnedMission(tx, role.mission_id, ctx.userId);
      const reopened = await tx.query(
        'update mission_roles set closed_at = null, updated_at = now() where role_id = $1 and closed_at is not null returning role_id',
        [params.p_role_id],
      );
      if (!reopened.length) throw businessError(ROLE_MESSAGES.roleNotClosed);
      tx.effects.missionsChanged([role.mission_id]);
    });
    const reopened = await findRole(ctx.db, params.p_role_id);
    return reopened ? [reopened] : [];
  }),

  /**
   * Every role of a mission for its owners, oldest first: open, filled or closed, each with the
   * members who joined for it (names as shown to others), so a filled role stays in their list.
   */
  get_team_roles: procedure('get_team_roles', async (params, ctx) => {
    if (!(await isMissionOwner(ctx.db, params.p_mission_id, ctx.userId))) throw forbidden(ROLE_MESSAGES.notOwner);
    return ctx.db.query<TeamRole>(
      `select ${ROLE_COLUMNS}, r.closed_at,
              coalesce((select jsonb_agg(jsonb_build_object('user_id', shown.id, 'first_name', shown.first_name, 'last_name', shown.last_name)
                                         order by joined.added_at, joined.user_id)
                          from mission_members joined join people_shown shown on shown.id = joined.user_id
                         where joined.role_id = r.role_id), '[]'::jsonb) as filled_by
         from mission_roles r
        where r.mission_id = $1
        order by r.created_at, r.role_id`,
      [params.p_mission_id],
    );
  }),

  /** How many open roles each mission the caller may see has (missions without any are left out). */
  get_open_role_counts: procedure('get_open_role_counts', async (_params, ctx) =>
    ctx.db.query<OpenRoleCount>(
      `select r.mission_id, count(*)::int as open_roles
         from mission_roles r join missions shown on shown.mission_id = r.mission_id
        where ${roleOpenSql('r')} and ${missionVisibleSql('shown', '$1')}
        group by r.mission_id`,
      [ctx.userId],
    ),
  ),

  /**
   * Skill tags to offer while an owner types: the phrases attendees wrote in their profiles'
   * skills (split at commas, semicolons, slashes and line breaks) and the tags roles already use,
   * most common first. An empty prefix offers the most common ones.
   */
  suggest_role_skills: procedure('suggest_role_skills', async (params, ctx) => {
    const rows = await ctx.db.query<{ tag: string }>(
      `select tag from (
         select lower(btrim(part)) as tag
           from role_profiles, regexp_split_to_table(skills_and_resources, '[,;/\\n]+') as part
         union all
         select tag from mission_roles, unnest(skills) as tag
       ) written
        where tag like $1 escape '\\' and length(tag) between 2 and 40
        group by tag
        order by count(*) desc, tag
        limit ${SKILL_SUGGESTIONS_LIMIT}`,
      [`${escapeLike(params.p_prefix.toLowerCase())}%`],
    );
    return rows.map((row) => row.tag);
  }),
};
