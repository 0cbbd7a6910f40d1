import { z } from './zod.ts';
import { agendaProcedureParams, type AgendaProcedureResults } from './agenda.ts';
import { moderationProcedureParams, type ModerationProcedureResults } from './moderation.ts';
import { missionCheckinProcedureParams, type MissionCheckinProcedureResults } from './missionCheckins.ts';
import { progressProcedureParams, type MissionProgressFields, type ProgressProcedureResults } from './progress.ts';
import { privacyProcedureParams, type PrivacyProcedureResults } from './privacy.ts';
import { languageProcedureParams, type LanguageProcedureResults } from './languages.ts';
import { translationProcedureParams, type TranslationProcedureResults } from './translations.ts';
import { matchingProcedureParams, type MatchingProcedureResults } from './matching.ts';
import { organiserProcedureParams, type OrganiserProcedureResults } from './organiser.ts';
import { programmeProcedureParams, type ProgrammeProcedureResults } from './programme.ts';
import { versionProcedureParams, type VersionProcedureResults } from './programmeVersions.ts';
import { announcementProcedureParams, type AnnouncementProcedureResults } from './announcements.ts';
import { roomProcedureParams, type RoomProcedureResults } from './room.ts';
import { checkinProcedureParams, type CheckinProcedureResults } from './checkin.ts';
import {
  cardProcedureParams,
  requestProcedureParams,
  rolesProcedureParams,
  type CardProcedureResults,
  type RequestProcedureResults,
  type RolesProcedureResults,
} from './roles.ts';
import { MISSION_TEXT_MAX, OBJECTIVES, PROFILE_TEXT_MAX, ROLE_ARCHETYPES, SHORT_TEXT_MAX, SURVEY_TYPES } from './constants.ts';
import type { RecoveryCodes, RecoveryCodeStatus } from './mfa.ts';
import type { NotificationProcedureResults } from './notifications.ts';
import { notificationProcedureParams } from './notificationParams.ts';

/**
 * Every procedure's parameters, one strict zod schema each (docs/product.md#procedures).
 * The server validates every call with these (types, lengths, enums); required-after-trim rules
 * are business rules checked by the procedure so it can answer with the product's combined message.
 */
const id = z.uuid();
const shortText = z.string().max(SHORT_TEXT_MAX);

export const REQUIRED_FIELDS_PREFIX = 'Please fill in all required fields: ';

export function requiredFieldsMessage(missingLabels: readonly string[]): string {
  return REQUIRED_FIELDS_PREFIX + missingLabels.join(', ');
}

/** A trimmed free-text answer: the length limit applies to what is stored. */
const trimmed = (max: number) => z.string().trim().max(max);
/** One of the product's options (docs/product.md#constants), or empty/null so the required-fields message can name it. */
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

/** The mission form's seven required fields and their labels, in the order the required-fields message lists them (docs/product.md#mission-form). */
export const MISSION_FIELD_LABELS = {
  name: 'Mission name',
  shared_intention: 'Shared intention',
  objective_or_focus: 'Objective or focus',
  statement: 'Statement',
  core_message: 'Core message',
  problem_being_solved: 'Problem being solved',
  first_team_action: 'First team action',
} as const;
export type MissionField = keyof typeof MISSION_FIELD_LABELS;
export const MISSION_FIELDS = Object.keys(MISSION_FIELD_LABELS) as MissionField[];

/** The most characters each mission field keeps (after trimming); MISSION_TEXT_MAX for the three long ones. */
export const MISSION_FIELD_MAX: Record<MissionField, number> = {
  name: SHORT_TEXT_MAX,
  shared_intention: MISSION_TEXT_MAX,
  objective_or_focus: SHORT_TEXT_MAX,
  statement: MISSION_TEXT_MAX,
  core_message: SHORT_TEXT_MAX,
  problem_being_solved: MISSION_TEXT_MAX,
  first_team_action: SHORT_TEXT_MAX,
};

export const MISSION_MESSAGES = {
  surveyFirst: 'Please complete the pre-conference survey before creating a mission.',
  profileFirst: 'Please create your role profile before creating a mission.',
  alreadyCreated: 'You have already created a mission. You can update it from your dashboard.',
  notFound: 'Mission not found',
  ownersOnly: "Only the mission's owners can update it",
  unknownMembers: 'Some of the chosen team members do not exist: ',
  membersRefuse: 'Some of the chosen team members do not accept being added to teams by others: ',
  hiddenNoEngagement: 'This mission has been hidden by the organisers, so it cannot be voted on or followed.',
} as const;

/** What the team procedures answer when a rule is broken; the Manage Team dialog recognises them by these. */
export const TEAM_MESSAGES = {
  notOwner: "Only the mission's owners can manage its team",
  missionNotFound: MISSION_MESSAGES.notFound,
  userNotFound: 'User not found',
  alreadyMember: 'User is already a member',
  /** The person turned off "Others may add me to their team" (docs/product.md#notifications). */
  additionsRefused: 'This person does not accept being added to teams by others. They can allow it on their profile page.',
} as const;

/**
 * Who is an owner of a team: a co-owner, or the creator (role "owner"). The server's SQL says the
 * same (apps/server/src/kernel/members.ts); owners get the badge and may update the mission and its team.
 */
export function isMissionOwner(member: Pick<MissionMember, 'is_co_owner' | 'role_in_team'>): boolean {
  return member.is_co_owner || member.role_in_team === 'owner';
}

/**
 * The combined required-fields message (docs/product.md#mission-form), or null when nothing is missing.
 * 'all' (create) counts absent, null and blank values as missing; 'present' (update) checks only
 * the fields that were sent, since null there means "unchanged".
 */
export function missionRequiredMessage(values: Partial<Record<MissionField, string | null | undefined>>, mode: 'all' | 'present'): string | null {
  const missing = MISSION_FIELDS.filter((field) => {
    const value = values[field];
    if (value === null || value === undefined) return mode === 'all';
    return value.trim() === '';
  }).map((field) => MISSION_FIELD_LABELS[field]);
  return missing.length ? requiredFieldsMessage(missing) : null;
}

// A mission text parameter: trimmed, then limited; blank, null or absent pass the type check so the
// procedure can answer the combined required-fields message (update treats null as unchanged).
const missionTextParam = (max: number) => z.string().trim().max(max).nullable().optional();

const missionFields = {
  p_name: missionTextParam(MISSION_FIELD_MAX.name),
  p_shared_intention: missionTextParam(MISSION_FIELD_MAX.shared_intention),
  p_objective_or_focus: z
    .string()
    .trim()
    .refine((value) => value === '' || (OBJECTIVES as readonly string[]).includes(value), { message: `must be one of: ${OBJECTIVES.join('; ')}` })
    .nullable()
    .optional(),
  p_statement: missionTextParam(MISSION_FIELD_MAX.statement),
  p_core_message: missionTextParam(MISSION_FIELD_MAX.core_message),
  p_problem_being_solved: missionTextParam(MISSION_FIELD_MAX.problem_being_solved),
  p_first_team_action: missionTextParam(MISSION_FIELD_MAX.first_team_action),
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
    /** The question the mission starts from (docs/product.md#missions-from-questions), or none. */
    p_source_question_id: id.nullable().optional().default(null),
  }),
  add_mission_member: z.strictObject({ p_mission_id: id, p_user_id: id }),
  get_mission_members: z.strictObject({ p_mission_id: id }),
  remove_mission_member: z.strictObject({ p_mission_id: id, p_user_id: id, p_removed_by: id }),
  update_mission: z.strictObject({
    p_mission_id: id,
    p_updated_by: id,
    ...missionFields,
  }),
  get_all_missions: z.strictObject({}),
  /** The list the app reads: every mission as a newcomer sees it, and the caller's own marks (docs/product.md#get_mission_list). */
  get_mission_list: z.strictObject({}),
  get_user_related_missions: z.strictObject({ p_user_id: id.nullable() }),
  get_mission_details: z.strictObject({ p_mission_id: id, p_user_id: id.nullable().optional() }),
  toggle_mission_vote: z.strictObject({ p_mission_id: id }),
  toggle_mission_subscription: z.strictObject({ p_mission_id: id }),
  // Recovery codes for a second factor (docs/security.md): new ones replace the old, shown once.
  mfa_create_recovery_codes: z.strictObject({}),
  mfa_recovery_codes_status: z.strictObject({}),
  ...notificationProcedureParams,
  ...agendaProcedureParams,
  ...organiserProcedureParams,
  ...programmeProcedureParams,
  ...versionProcedureParams,
  ...announcementProcedureParams,
  ...moderationProcedureParams,
  ...roomProcedureParams,
  ...rolesProcedureParams,
  ...cardProcedureParams,
  ...requestProcedureParams,
  ...privacyProcedureParams,
  ...matchingProcedureParams,
  ...languageProcedureParams,
  ...translationProcedureParams,
  ...checkinProcedureParams,
  ...missionCheckinProcedureParams,
  ...progressProcedureParams,
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
  /** False when the person refuses being added to teams by others (docs/product.md#notifications). */
  accepts_additions: boolean;
}

export interface Mission extends MissionProgressFields {
  mission_id: string;
  name: string;
  shared_intention: string;
  objective_or_focus: string;
  statement: string;
  core_message: string;
  problem_being_solved: string;
  first_team_action: string;
  /** Null for a mission whose creator deleted their account (it is then hidden, with a note, for its team). */
  created_by: string | null;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
  vote_count: number;
  subscription_count: number;
  is_voted: boolean;
  is_subscribed: boolean;
  team_count: number;
  /** Set only while the organisers hide the mission (then only its team and organisers see it). */
  hidden_reason: string | null;
}

/** The caller's part of the mission list; with the shared part it makes get_all_missions' answer (missionList.ts). */
export interface MissionMarks {
  /** Missions the caller voted for. */
  voted: string[];
  /** Missions the caller follows. */
  subscribed: string[];
  /** Hidden missions the caller may see (their team's, or all for organisers), as get_all_missions shows them. */
  hidden: Mission[];
}

/** get_mission_list: the part everyone shares and the caller's own, read at one moment. */
export interface MissionList {
  /** Every mission as someone with no votes, follows or team sees it (no hidden one): the same for every caller at a moment. */
  missions: Mission[];
  marks: MissionMarks;
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

/** One of the caller's memberships, as get_user_related_missions lists them. */
export interface UserMission {
  mission_id: string;
  role_in_team: string;
  is_co_owner: boolean;
  added_at: string;
}

export type VoteResult = 'voted' | 'unvoted' | 'already_voted' | 'no_vote_found';
export type SubscriptionResult = 'subscribed' | 'unsubscribed' | 'already_subscribed' | 'no_subscription_found';
export type RemoveMemberResult = 'member_deleted' | 'no_member_found' | 'cannot_remove_last_owner';

/**
 * What each procedure answers, exactly as it arrives over the wire: a list of rows, one bare value,
 * or null. The server's procedure() must return this type, and the web app and the tests read it
 * through `Database` (createClient<Database>), so neither side can drift from the other.
 * A procedure in procedureParams without an entry here does not compile (ProcedureResult below).
 */
export interface ProcedureResults
  extends
    AgendaProcedureResults,
    OrganiserProcedureResults,
    ProgrammeProcedureResults,
    VersionProcedureResults,
    AnnouncementProcedureResults,
    ModerationProcedureResults,
    NotificationProcedureResults,
    RoomProcedureResults,
    RolesProcedureResults,
    CardProcedureResults,
    RequestProcedureResults,
    PrivacyProcedureResults,
    MatchingProcedureResults,
    LanguageProcedureResults,
    TranslationProcedureResults,
    CheckinProcedureResults,
    MissionCheckinProcedureResults,
    ProgressProcedureResults {
  register_user_profile: AppUser[];
  get_user_by_auth: AppUser[];
  get_survey_status: SurveyStatus[];
  mark_survey_completed: SurveyStatus[];
  create_role_profile: RoleProfile[];
  update_role_profile: RoleProfile[];
  get_user_role_profile: RoleProfile[];
  search_users_with_profiles: UserSearchResult[];
  create_mission: Mission[];
  add_mission_member: MissionMember[];
  get_mission_members: MissionMember[];
  remove_mission_member: RemoveMemberResult;
  update_mission: Mission[];
  get_all_missions: Mission[];
  get_mission_list: MissionList;
  get_user_related_missions: UserMission[];
  get_mission_details: MissionDetails | null;
  toggle_mission_vote: VoteResult;
  toggle_mission_subscription: SubscriptionResult;
  mfa_create_recovery_codes: RecoveryCodes;
  mfa_recovery_codes_status: RecoveryCodeStatus;
}

export type ProcedureResult<N extends ProcedureName> = ProcedureResults[N];

/**
 * The procedures as a Supabase schema, the shape `supabase gen types` would write, so that
 * `createClient<Database>(…).rpc(name, params)` checks the parameters and types the answer.
 * The app has no tables or views of its own over the wire: only procedures.
 */
export type Database = {
  public: {
    Tables: Record<never, never>;
    Views: Record<never, never>;
    Functions: { [N in ProcedureName]: { Args: ProcedureParams<N>; Returns: ProcedureResult<N> } };
    Enums: Record<never, never>;
    CompositeTypes: Record<never, never>;
  };
};
