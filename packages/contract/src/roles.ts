import { z } from './zod.ts';
import { MISSION_TEXT_MAX, ROLE_ARCHETYPES, SHORT_TEXT_MAX } from './constants.ts';

/**
 * Open roles on a mission (docs/product.md#open-roles): the places a team wants filled, each with
 * the skills it wants as free tags. Only the mission's owners manage them.
 */

/** The most people one role can ask for. */
export const ROLE_PLACES_MAX = 50;
/** The most skill tags one role carries, and the longest tag. */
export const ROLE_SKILLS_MAX = 20;
export const ROLE_SKILL_MAX_LENGTH = 40;
/** How many skill suggestions the form offers at once. */
export const SKILL_SUGGESTIONS_LIMIT = 10;

export const ROLE_MESSAGES = {
  notOwner: "Only the mission's owners can manage its open roles",
  missionNotFound: 'Mission not found',
  roleNotFound: 'This role does not exist or is closed.',
  roleNotClosed: 'This role does not exist or is not closed.',
  titleRequired: 'Please fill in all required fields: Role title',
  placesBelowFilled: 'This role already has more people than that. Choose at least as many places as are filled.',
} as const;

const id = z.uuid();

/** A skill tag: trimmed, lower-cased so "Facilitation" and "facilitation " are one tag. */
const skillTag = z.string().trim().min(1, 'must not be empty').max(ROLE_SKILL_MAX_LENGTH).toLowerCase();

export const rolesProcedureParams = {
  get_mission_roles: z.strictObject({ p_mission_id: id }),
  /** Creates a role (p_role_id null or absent) or changes one. */
  save_mission_role: z.strictObject({
    p_mission_id: id,
    p_role_id: id.nullable().optional(),
    p_title: z.string().trim().max(SHORT_TEXT_MAX),
    p_description: z.string().trim().max(MISSION_TEXT_MAX),
    p_skills: z.array(skillTag).min(1, 'must name at least one skill').max(ROLE_SKILLS_MAX),
    p_archetype: z.enum(ROLE_ARCHETYPES).nullable().optional(),
    p_places: z.number().int().min(1).max(ROLE_PLACES_MAX),
  }),
  close_mission_role: z.strictObject({ p_role_id: id }),
  reopen_mission_role: z.strictObject({ p_role_id: id }),
  /** For the mission's owners: every role, open, filled or closed. */
  get_team_roles: z.strictObject({ p_mission_id: id }),
  get_open_role_counts: z.strictObject({}),
  suggest_role_skills: z.strictObject({ p_prefix: z.string().trim().max(ROLE_SKILL_MAX_LENGTH) }),
} as const;

export interface MissionRole {
  role_id: string;
  mission_id: string;
  title: string;
  description: string;
  skills: string[];
  archetype: string | null;
  places: number;
  /** How many people joined the team for this role. */
  filled: number;
  created_at: string;
  updated_at: string;
}

/** A role as its mission's owners see it: also when filled or closed, with who filled it. */
export interface TeamRole extends MissionRole {
  /** When it was closed; null while it is not. */
  closed_at: string | null;
  /** The team members who joined for it, as names are shown to others. */
  filled_by: { user_id: string; first_name: string; last_name: string }[];
}

export interface OpenRoleCount {
  mission_id: string;
  open_roles: number;
}

export interface RolesProcedureResults {
  get_mission_roles: MissionRole[];
  save_mission_role: MissionRole[];
  close_mission_role: MissionRole[];
  reopen_mission_role: MissionRole[];
  get_team_roles: TeamRole[];
  get_open_role_counts: OpenRoleCount[];
  suggest_role_skills: string[];
}

/** "1 open role", "2 open roles". */
export function openRolesLabel(count: number): string {
  return `${count} open ${count === 1 ? 'role' : 'roles'}`;
}

/** Who may read a person's role card: everyone signed in, or only their teammates. */
export const CARD_VISIBILITIES = ['everyone', 'team'] as const;
export type CardVisibility = (typeof CARD_VISIBILITIES)[number];

export const cardProcedureParams = {
  get_role_card: z.strictObject({ p_user_id: id }),
  get_role_card_settings: z.strictObject({}),
  save_role_card_settings: z.strictObject({ p_visibility: z.enum(CARD_VISIBILITIES) }),
} as const;

/** A person's role card as a viewer may read it (docs/product.md#role-card). */
export interface RoleCard {
  user_id: string;
  first_name: string;
  last_name: string;
  role_title: string;
  role_archype: string | null;
  high_objective: string | null;
  intention: string;
  skills_and_resources: string;
  knowledge_and_experience: string;
  community_need: string;
  contribution: string;
  /** The missions they are on that the viewer may see. */
  missions: { mission_id: string; name: string; role_in_team: string }[];
  /** Only for the person themselves and their teammates; null for everyone else. */
  email: string | null;
  mobile: string | null;
  /** True when the viewer shares a team with them (or is them). */
  teammate: boolean;
}

export interface RoleCardSettings {
  visibility: CardVisibility;
  /** The person stays anonymous for the surveys and has not chosen yet: the app asks them once. */
  must_choose: boolean;
}

export interface CardProcedureResults {
  get_role_card: RoleCard | null;
  get_role_card_settings: RoleCardSettings;
  save_role_card_settings: RoleCardSettings;
}

/** Asking to join and inviting (docs/product.md#joining-a-team). */
export const REQUEST_MESSAGE_MAX = 500;
export const OPEN_REQUESTS_MAX = 5;

export const REQUEST_MESSAGES = {
  roleClosed: 'This role is closed or full.',
  missionHidden: 'This mission is hidden by the organisers and takes no requests.',
  alreadyMember: 'You are already on this team.',
  personAlreadyMember: 'This person is already on the team.',
  alreadyAsked: 'There is already an open request or invitation for this person and role.',
  tooMany: `You have ${OPEN_REQUESTS_MAX} open requests. Withdraw one before asking again.`,
  notFound: 'This request does not exist or has already been answered.',
  notYours: 'Only the person asked, or the mission’s owners, can answer this.',
  additionsRefused: 'This person does not accept being added to teams by others. They can allow it on their profile page.',
  noCard: 'This person’s role card is not shared with you.',
} as const;

const requestText = z.string().trim().max(REQUEST_MESSAGE_MAX);

export const requestProcedureParams = {
  ask_to_join: z.strictObject({ p_role_id: id, p_message: requestText }),
  invite_to_role: z.strictObject({ p_role_id: id, p_user_id: id, p_message: requestText }),
  answer_team_request: z.strictObject({ p_request_id: id, p_accept: z.boolean(), p_reason: requestText.nullable().optional() }),
  withdraw_team_request: z.strictObject({ p_request_id: id }),
  get_my_team_requests: z.strictObject({}),
  get_mission_team_requests: z.strictObject({ p_mission_id: id }),
} as const;

export interface TeamRequest {
  request_id: string;
  kind: 'ask' | 'invite';
  role_id: string;
  role_title: string;
  mission_id: string;
  mission_name: string;
  user_id: string;
  first_name: string;
  last_name: string;
  message: string;
  status: 'open' | 'accepted' | 'declined' | 'withdrawn';
  reason: string | null;
  created_at: string;
  /** Who an invitation comes from: the mission's owners, or the organisers' team builder (a proposal, not a personal invitation). */
  source: 'owner' | 'organisers';
  /** The organisers' proposal: the mission's owners by name, joined with ", " (empty otherwise). */
  owners: string;
  /** The organisers' proposal: the role's skills found in the person's profile when it was sent (empty otherwise). */
  fit_reason: string;
}

export interface RequestProcedureResults {
  ask_to_join: TeamRequest[];
  invite_to_role: TeamRequest[];
  answer_team_request: TeamRequest[];
  withdraw_team_request: TeamRequest[];
  get_my_team_requests: TeamRequest[];
  get_mission_team_requests: TeamRequest[];
}
