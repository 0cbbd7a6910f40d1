import { z } from './zod.ts';

/*
 * Matching people and open roles by what they wrote (docs/product.md#matching): the missions whose
 * open roles fit an attendee, the people who fit a mission's open role, and the organisers' team
 * builder. The fit is a small sum anyone can check: each wanted skill the person wrote, the wanted
 * archetype, the shared higher objective.
 */

/** Points for each part of the fit; the explanation line names the parts that scored. */
export const FIT_POINTS = { skill: 3, archetype: 2, objective: 1 } as const;
/**
 * A role fits a person only when at least this many of its wanted skills are in their profile: a
 * shared archetype or objective alone adds to a fit, it never makes one.
 */
export const FIT_MIN_SKILLS = 1;

/** How many missions or people one list shows at most. */
export const MATCH_LIMIT_MAX = 50;
/** The most placements one send of the team builder carries; the console sends a large proposal in parts of this size. */
export const BUILDER_PLACEMENTS_MAX = 500;
/** The builder's time budget; it answers with the best placement found when it runs out. */
export const BUILDER_TIME_BUDGET_MS = 8000;

export const MATCHING_MESSAGES = {
  notOwner: 'Only the mission’s owners can see who fits its open roles.',
  roleClosed: 'This role is closed or full.',
} as const;

const id = z.uuid();
const limit = z.number().int().min(1).max(MATCH_LIMIT_MAX);

export const matchingProcedureParams = {
  get_missions_for_me: z.strictObject({ p_limit: limit.optional() }),
  get_people_for_role: z.strictObject({ p_role_id: id, p_limit: limit.optional() }),
  get_team_builder_overview: z.strictObject({}),
  get_team_builder_left_out: z.strictObject({}),
  preview_team_builder: z.strictObject({}),
  send_team_builder: z.strictObject({
    p_placements: z
      .array(z.strictObject({ user_id: id, role_id: id }))
      .min(1, 'must name at least one placement')
      .max(BUILDER_PLACEMENTS_MAX),
  }),
} as const;

/** Why a person and a role fit: what scored, for the one-line explanation. */
export interface FitParts {
  score: number;
  /** The role's wanted skill tags, and those the person wrote. */
  wanted_skills: string[];
  matched_skills: string[];
  /** The archetype both have, when the role wants one and the person is it. */
  archetype: string | null;
  /** The higher objective the mission and the person share. */
  objective: string | null;
}

/** An open role that fits the attendee, with its mission. */
export interface MissionFit extends FitParts {
  role_id: string;
  role_title: string;
  mission_id: string;
  mission_name: string;
  places: number;
  filled: number;
  /** The attendee already has an open request or invitation for this role. */
  pending: boolean;
}

export interface MissionsForMe {
  /** False when the attendee has no role profile yet: there is nothing to match. */
  has_profile: boolean;
  missions: MissionFit[];
}

/** An attendee who fits an open role, as its mission's owners may see them. */
export interface PersonFit extends FitParts {
  user_id: string;
  first_name: string;
  last_name: string;
  role_title: string;
  /** On no team yet. */
  no_team: boolean;
  /** There is already an open request or invitation for this person and role. */
  pending: boolean;
}

export interface TeamBuilderOverview {
  /** Attendees with a role profile who are on no team. */
  unteamed_with_profile: number;
  /** Of those, how many accept invitations and share their card with everyone (the builder may propose them). */
  placeable: number;
  open_roles: number;
  open_places: number;
}

/** Why someone with a role profile on no team cannot be proposed (the console's words in its catalogue). */
export const LEFT_OUT_REASONS = {
  noAdditions: 'They do not accept being added to teams by others.',
  cardNotShared: 'Their role card is not shared with everyone.',
} as const;
export type LeftOutReason = keyof typeof LEFT_OUT_REASONS;

export interface BuilderLeftOut {
  user_id: string;
  first_name: string;
  last_name: string;
  reason: LeftOutReason;
}

export interface BuilderPlacement extends FitParts {
  user_id: string;
  first_name: string;
  last_name: string;
  role_id: string;
  role_title: string;
  mission_id: string;
  mission_name: string;
}

export const UNPLACED_REASONS = {
  noFit: 'No open role wants what their profile says.',
  rolesFull: 'The roles that fit them went to people who fit them better.',
  stoppedEarly: 'The builder ran out of time before it reached them.',
} as const;
export type UnplacedReason = keyof typeof UNPLACED_REASONS;

export interface BuilderUnplaced {
  user_id: string;
  first_name: string;
  last_name: string;
  reason: UnplacedReason;
}

export interface TeamBuilderProposal {
  placements: BuilderPlacement[];
  unplaced: BuilderUnplaced[];
  total_fit: number;
  /** True when the builder ran out of time and answers the best placement it had. */
  stopped_early: boolean;
  elapsed_ms: number;
}

export interface TeamBuilderSent {
  /** Invitations sent. */
  sent: number;
  /** Placements skipped because something changed since the preview (role full, person joined a team, …). */
  skipped: number;
}

export interface MatchingProcedureResults {
  get_missions_for_me: MissionsForMe;
  get_people_for_role: PersonFit[];
  get_team_builder_overview: TeamBuilderOverview;
  get_team_builder_left_out: BuilderLeftOut[];
  preview_team_builder: TeamBuilderProposal;
  send_team_builder: TeamBuilderSent;
}

/**
 * The one line that says why a role and a person fit, e.g.
 * "wants: facilitation, arabic; you wrote: facilitation; Connector, as you are".
 * `who` is "you" for the attendee and "they" for the mission's owners.
 */
export function fitReason(parts: FitParts, who: 'you' | 'they'): string {
  const pieces: string[] = [];
  if (parts.wanted_skills.length) {
    pieces.push(`wants: ${parts.wanted_skills.join(', ')}`);
    if (parts.matched_skills.length) pieces.push(`${who} wrote: ${parts.matched_skills.join(', ')}`);
  }
  if (parts.archetype) pieces.push(`wants ${/^[AEIOU]/.test(parts.archetype) ? 'an' : 'a'} ${parts.archetype}, as ${who} are`);
  if (parts.objective) pieces.push(`shares ${who === 'you' ? 'your' : 'their'} objective: ${parts.objective}`);
  return pieces.join('; ');
}
