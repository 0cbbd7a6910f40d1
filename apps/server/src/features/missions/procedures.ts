import { MISSION_FIELDS, MISSION_MESSAGES, missionRequiredMessage, type MissionField, type ParsedProcedureParams, type UserMission } from '@mc/contract';
import { businessError, forbidden } from '../../http/errors.ts';
import { transaction } from '../../kernel/effects.ts';
import { procedure } from '../../rpc/procedure.ts';
import { isOwnerSql, listMembers } from '../../kernel/members.ts';
import { listMissions } from './list-cache.ts';
import { missionList } from './mission-list.ts';
import { findMission } from './queries.ts';
import { toggleMissionSubscription, toggleMissionVote } from './toggles.ts';
import { linkMissionToQuestion, questionToStartFrom } from './from-question.ts';
import { acceptsAdditionsSql, recordMembersAdded, recordMissionEvent } from '../../kernel/events.ts';

type MissionParams = ParsedProcedureParams<'update_mission'>;

/** The seven mission fields from p_* parameters (already trimmed and length-checked by the contract). */
function missionValues(params: MissionParams | ParsedProcedureParams<'create_mission'>): Record<MissionField, string | null> {
  return {
    name: params.p_name ?? null,
    shared_intention: params.p_shared_intention ?? null,
    objective_or_focus: params.p_objective_or_focus ?? null,
    statement: params.p_statement ?? null,
    core_message: params.p_core_message ?? null,
    problem_being_solved: params.p_problem_being_solved ?? null,
    first_team_action: params.p_first_team_action ?? null,
  };
}

export const missionsProcedures = {
  /**
   * A person with a finished pre-conference survey and a role profile creates one mission
   * (docs/product.md#create_mission); they become its owner (role 'owner', co-owner flag) and
   * p_member_ids join as members, all in one transaction. A second mission is refused
   * (missions.created_by is unique).
   */
  create_mission: procedure('create_mission', { caller: 'p_creator_id' }, async (params, ctx) => {
    const values = missionValues(params);
    const missing = missionRequiredMessage(values, 'all');
    if (missing) throw businessError(missing);

    const missionId = await transaction(ctx.db, async (tx) => {
      const [state] = await tx.query<{ pre_survey_completed: boolean; has_profile: boolean }>(
        `select pre_survey_completed, exists (select 1 from role_profiles where user_id = users.id) as has_profile
           from users where id = $1`,
        [ctx.userId],
      );
      if (!state?.pre_survey_completed) throw businessError(MISSION_MESSAGES.surveyFirst);
      if (!state.has_profile) throw businessError(MISSION_MESSAGES.profileFirst);
      const source = params.p_source_question_id ? await questionToStartFrom(tx, params.p_source_question_id, ctx.userId) : null;

      const memberIds = [...new Set(params.p_member_ids)].filter((memberId) => memberId !== ctx.userId);
      if (memberIds.length) {
        const wanted = await tx.query<{ id: string; known: boolean; accepts: boolean }>(
          `select wanted.id, users.id is not null as known, users.id is not null and ${acceptsAdditionsSql('users')} as accepts
             from unnest($1::uuid[]) as wanted (id) left join users on users.id = wanted.id`,
          [memberIds],
        );
        const unknown = wanted.filter((row) => !row.known);
        if (unknown.length) throw businessError(MISSION_MESSAGES.unknownMembers + unknown.map((row) => row.id).join(', '));
        const refusing = wanted.filter((row) => !row.accepts);
        if (refusing.length) throw businessError(MISSION_MESSAGES.membersRefuse + refusing.map((row) => row.id).join(', '));
      }

      // A concurrent second create by the same person waits on the unique key, then inserts nothing.
      const [created] = await tx.query<{ mission_id: string }>(
        `insert into missions (name, shared_intention, objective_or_focus, statement, core_message, problem_being_solved, first_team_action, created_by)
         values ($1, $2, $3, $4, $5, $6, $7, $8)
         on conflict (created_by) do nothing
         returning mission_id`,
        [...MISSION_FIELDS.map((field) => values[field]), ctx.userId],
      );
      if (!created) throw businessError(MISSION_MESSAGES.alreadyCreated);

      // Told before they join, so the first members are not also told about each other.
      await recordMembersAdded(tx, created.mission_id, ctx.userId, memberIds);
      await tx.query(
        `insert into mission_members (mission_id, user_id, role_in_team, is_co_owner)
         select $1::uuid, $2::uuid, 'owner', true
         union all
         select $1::uuid, member_id, 'member', false from unnest($3::uuid[]) as member_id`,
        [created.mission_id, ctx.userId, memberIds],
      );
      if (source) await linkMissionToQuestion(tx, created.mission_id, source, ctx.userId);
      tx.effects.missionCounts([created.mission_id]);
      tx.effects.missionsChanged([created.mission_id]);
      return created.mission_id;
    });

    const mission = await findMission(ctx.db, missionId, ctx.userId);
    return mission ? [mission] : [];
  }),

  /**
   * Only the owner and co-owners may update (403 otherwise). Null or absent fields stay as they
   * are; fields sent are checked like on create. The rights check is part of the UPDATE itself,
   * so a co-owner demoted at the same moment cannot slip through. Followers are told which fields
   * changed (none changed: nobody is told).
   */
  update_mission: procedure('update_mission', { caller: 'p_updated_by' }, async (params, ctx) => {
    const values = missionValues(params);
    const missing = missionRequiredMessage(values, 'present');
    if (missing) throw businessError(missing);

    await transaction(ctx.db, async (tx) => {
      const [before] = await tx.query<Record<MissionField, string>>(`select ${MISSION_FIELDS.join(', ')} from missions where mission_id = $1 for update`, [
        params.p_mission_id,
      ]);
      if (!before) throw businessError(MISSION_MESSAGES.notFound);
      const updated = await tx.query<{ mission_id: string }>(
        `update missions set
                name = coalesce($3, name),
                shared_intention = coalesce($4, shared_intention),
                objective_or_focus = coalesce($5, objective_or_focus),
                statement = coalesce($6, statement),
                core_message = coalesce($7, core_message),
                problem_being_solved = coalesce($8, problem_being_solved),
                first_team_action = coalesce($9, first_team_action),
                updated_at = now()
          where mission_id = $1
            and exists (select 1 from mission_members where mission_id = $1 and user_id = $2 and ${isOwnerSql()})
          returning mission_id`,
        [params.p_mission_id, ctx.userId, ...MISSION_FIELDS.map((field) => values[field])],
      );
      if (!updated.length) throw forbidden(MISSION_MESSAGES.ownersOnly);
      const fields = MISSION_FIELDS.filter((field) => values[field] !== null && values[field] !== before[field]);
      // Screens read it again even when no field changed (nobody is told then).
      tx.effects.missionsChanged([params.p_mission_id]);
      if (fields.length) await recordMissionEvent(tx, params.p_mission_id, ctx.userId, { kind: 'mission_updated', fields });
    });
    const mission = await findMission(ctx.db, params.p_mission_id, ctx.userId);
    return mission ? [mission] : [];
  }),

  /** Every mission with its counts and the caller's vote and subscription, newest first, in one query. */
  get_all_missions: procedure('get_all_missions', async (_params, ctx) => listMissions(ctx.db, ctx.userId)),

  /**
   * The list the app reads, in one answer: everyone's shared part, compressed once per change, and
   * the caller's own small part; together they are get_all_missions' answer (docs/product.md#get_mission_list).
   */
  get_mission_list: procedure('get_mission_list', async (_params, ctx) => missionList(ctx.db, ctx.userId)),

  /** The missions the user belongs to (as owner, co-owner or member), in the order they joined. */
  get_user_related_missions: procedure('get_user_related_missions', { caller: 'p_user_id' }, async (params, ctx) =>
    ctx.db.query<UserMission>(
      `select mission_id, role_in_team, is_co_owner, added_at
         from mission_members where user_id = $1
        order by added_at, mission_id`,
      [params.p_user_id ?? ctx.userId],
    ),
  ),

  /** docs/product.md#get_mission_details: the mission, its team and the caller's vote/subscription, or null. */
  get_mission_details: procedure('get_mission_details', { caller: 'p_user_id', emails: 'others' }, async (params, ctx) => {
    const viewer = params.p_user_id ?? ctx.userId;
    const mission = await findMission(ctx.db, params.p_mission_id, viewer);
    if (!mission) return null;
    const members = await listMembers(ctx.db, params.p_mission_id, viewer);
    return {
      mission,
      members,
      vote_count: mission.vote_count,
      is_voted: mission.is_voted,
      subscription_count: mission.subscription_count,
      is_subscribed: mission.is_subscribed,
    };
  }),

  /** docs/product.md#toggle_mission_vote: answers the bare result string. */
  toggle_mission_vote: procedure('toggle_mission_vote', async (params, ctx) => toggleMissionVote(ctx.db, params.p_mission_id, ctx.userId)),

  toggle_mission_subscription: procedure('toggle_mission_subscription', async (params, ctx) =>
    toggleMissionSubscription(ctx.db, params.p_mission_id, ctx.userId),
  ),
};
