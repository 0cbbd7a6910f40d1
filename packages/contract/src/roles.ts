import { z } from 'zod';
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

export interface OpenRoleCount {
  mission_id: string;
  open_roles: number;
}

export interface RolesProcedureResults {
  get_mission_roles: MissionRole[];
  save_mission_role: MissionRole[];
  close_mission_role: MissionRole[];
  get_open_role_counts: OpenRoleCount[];
  suggest_role_skills: string[];
}

/** "1 open role", "2 open roles". */
export function openRolesLabel(count: number): string {
  return `${count} open ${count === 1 ? 'role' : 'roles'}`;
}
