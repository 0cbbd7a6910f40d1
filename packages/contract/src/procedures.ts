import { z } from 'zod';
import { MISSION_TEXT_MAX, OBJECTIVES, PROFILE_TEXT_MAX, ROLE_ARCHETYPES, SHORT_TEXT_MAX, SURVEY_TYPES } from './constants.ts';

/**
 * SPEC §7: every procedure's parameters, one strict zod schema each.
 * The server validates every call with these (types, lengths, enums); required-after-trim rules
 * are business rules checked by the procedure so it can answer with SPEC's combined message.
 */
const id = z.uuid();
const shortText = z.string().max(SHORT_TEXT_MAX);
const missionText = z.string().max(MISSION_TEXT_MAX);

export const REQUIRED_FIELDS_PREFIX = 'Please fill in all required fields: ';

export function requiredFieldsMessage(missingLabels: readonly string[]): string {
  return REQUIRED_FIELDS_PREFIX + missingLabels.join(', ');
}

/** A trimmed free-text answer: the length limit applies to what is stored. */
const trimmed = (max: number) => z.string().trim().max(max);
/** One of SPEC §5's options, or empty/null so the required-fields message can name it. */
const choiceOrEmpty = (options: readonly string[]) =>
  z
    .string()
    .trim()
    .refine((value) => value === '' || options.includes(value), { message: `must be one of: ${options.join('; ')}` })
    .nullable();

const roleProfileParams = z.strictObject({
  p_user_id: id,
  p_intention: trimmed(PROFILE_TEXT_MAX),
  p_skills_and_resources: trimmed(PROFILE_TEXT_MAX),
  p_knowledge_and_experience: trimmed(PROFILE_TEXT_MAX),
  p_community_need: trimmed(PROFILE_TEXT_MAX),
  p_contribution: trimmed(PROFILE_TEXT_MAX),
  p_first_action_next_7_days: trimmed(PROFILE_TEXT_MAX),
  p_role_title: trimmed(SHORT_TEXT_MAX),
  p_high_objective: choiceOrEmpty(OBJECTIVES),
  p_role_archype: choiceOrEmpty(ROLE_ARCHETYPES),
});

const missionFields = {
  p_name: shortText,
  p_shared_intention: missionText,
  p_objective_or_focus: z.union([z.enum(OBJECTIVES), z.literal('')]),
  p_statement: missionText,
  p_core_message: shortText,
  p_problem_being_solved: missionText,
  p_first_team_action: shortText,
};

export const procedureParams = {
  register_user_profile: z.strictObject({
    p_first_name: shortText,
    p_last_name: shortText,
    p_email: z.string().max(254),
    p_mobile: z.string().max(30),
    p_hashed_birthday: z.string().max(100),
  }),
  get_user_by_auth: z.strictObject({ auth_id: id }),
  get_survey_status: z.strictObject({ p_user_id: id }),
  mark_survey_completed: z.strictObject({ p_user_id: id, p_survey_type: z.enum(SURVEY_TYPES) }),
  create_role_profile: roleProfileParams,
  update_role_profile: roleProfileParams,
  get_user_role_profile: z.strictObject({ p_user_id: id }),
  search_users_with_profiles: z.strictObject({
    p_search_term: z.string().max(SHORT_TEXT_MAX),
    p_exclude_mission_id: id.nullable().optional(),
  }),
  create_mission: z.strictObject({
    p_creator_id: id,
    ...missionFields,
    p_member_ids: z.array(id).max(100).optional().default([]),
  }),
  add_mission_member: z.strictObject({ p_mission_id: id, p_user_id: id }),
  get_mission_members: z.strictObject({ p_mission_id: id }),
  remove_mission_member: z.strictObject({ p_mission_id: id, p_user_id: id, p_removed_by: id }),
  update_mission: z.strictObject({
    p_mission_id: id,
    p_updated_by: id,
    p_name: missionFields.p_name.nullable().optional(),
    p_shared_intention: missionFields.p_shared_intention.nullable().optional(),
    p_objective_or_focus: missionFields.p_objective_or_focus.nullable().optional(),
    p_statement: missionFields.p_statement.nullable().optional(),
    p_core_message: missionFields.p_core_message.nullable().optional(),
    p_problem_being_solved: missionFields.p_problem_being_solved.nullable().optional(),
    p_first_team_action: missionFields.p_first_team_action.nullable().optional(),
  }),
  get_all_missions: z.strictObject({}),
  get_user_related_missions: z.strictObject({ p_user_id: id.nullable() }),
  get_mission_details: z.strictObject({ p_mission_id: id, p_user_id: id.nullable().optional() }),
  toggle_mission_vote: z.strictObject({ p_mission_id: id }),
  toggle_mission_subscription: z.strictObject({ p_mission_id: id }),
} as const;

export type ProcedureName = keyof typeof procedureParams;
export type ProcedureParams<N extends ProcedureName> = z.input<(typeof procedureParams)[N]>;
export type ParsedProcedureParams<N extends ProcedureName> = z.output<(typeof procedureParams)[N]>;

// ---- Result shapes (what the web app reads) ----

export interface AppUser {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
  pre_survey_completed: boolean;
  post_survey_completed: boolean;
}

export interface SurveyStatus {
  pre_survey_completed: boolean;
  post_survey_completed: boolean;
}

export interface RoleProfile {
  id: string;
  user_id: string;
  role_title: string;
  role_archype: string | null;
  high_objective: string | null;
  intention: string;
  skills_and_resources: string;
  knowledge_and_experience: string;
  community_need: string;
  contribution: string;
  first_action_next_7_days: string;
  created_at: string;
  updated_at: string;
}

export interface UserSearchResult {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
}

export interface Mission {
  mission_id: string;
  name: string;
  shared_intention: string;
  objective_or_focus: string;
  statement: string;
  core_message: string;
  problem_being_solved: string;
  first_team_action: string;
  created_by: string;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
  vote_count: number;
  subscription_count: number;
  is_voted: boolean;
  is_subscribed: boolean;
  team_count: number;
}

export interface MissionMember {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_co_owner: boolean;
  added_at: string;
  role_in_team: string;
}

export interface MissionDetails {
  mission: Mission;
  members: MissionMember[];
  vote_count: number;
  is_voted: boolean;
  subscription_count: number;
  is_subscribed: boolean;
}

export type VoteResult = 'voted' | 'unvoted' | 'already_voted' | 'no_vote_found';
export type SubscriptionResult = 'subscribed' | 'unsubscribed' | 'already_subscribed' | 'no_subscription_found';
export type RemoveMemberResult = 'member_deleted' | 'no_member_found' | 'cannot_remove_last_owner';
