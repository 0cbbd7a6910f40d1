import type { Mission, MissionDetails, MissionField, SubscriptionResult, VoteResult } from '@mc/contract';
import { shownFullName } from '../../i18n/personNames';

/** The missions screens' rules that need no server: toggle answers, search, order, names, dates. */

export interface Engagement {
  vote_count: number;
  is_voted: boolean;
  subscription_count: number;
  is_subscribed: boolean;
}

/** What each toggle_mission_vote answer does to the flag and the count (never below 0). */
export function applyVoteResult<T extends Engagement>(state: T, result: VoteResult): T {
  switch (result) {
    case 'voted':
      return { ...state, is_voted: true, vote_count: state.vote_count + 1 };
    case 'unvoted':
      return { ...state, is_voted: false, vote_count: Math.max(0, state.vote_count - 1) };
    case 'already_voted':
      return { ...state, is_voted: true };
    case 'no_vote_found':
      return { ...state, is_voted: false };
    default:
      throw new Error(`Unknown result from toggle_mission_vote: ${String(result)}`);
  }
}

/** The same for toggle_mission_subscription, on is_subscribed and subscription_count. */
export function applySubscriptionResult<T extends Engagement>(state: T, result: SubscriptionResult): T {
  switch (result) {
    case 'subscribed':
      return { ...state, is_subscribed: true, subscription_count: state.subscription_count + 1 };
    case 'unsubscribed':
      return { ...state, is_subscribed: false, subscription_count: Math.max(0, state.subscription_count - 1) };
    case 'already_subscribed':
      return { ...state, is_subscribed: true };
    case 'no_subscription_found':
      return { ...state, is_subscribed: false };
    default:
      throw new Error(`Unknown result from toggle_mission_subscription: ${String(result)}`);
  }
}

/** "first last" of a member or creator, blank when both are empty. */
export function fullName(person: { first_name?: string | null; last_name?: string | null }): string {
  return shownFullName(person);
}

/**
 * The Creator line of docs/product.md#mission-details: the owner member's full name, else their
 * e-mail, else the creator id; null when the creator deleted their account (the screen then says
 * "a deleted account" in the interface's language).
 */
export function creatorLine(details: MissionDetails): string | null {
  const owner = details.members.find((member) => member.role_in_team === 'owner');
  return (owner && (fullName(owner) || owner.email)) || details.mission.created_by || null;
}

/** A team role as people read it: `owner` is "Owner", `member` "Member", any other role alike. */
export function teamRoleLabel(role: string): string {
  const words = role.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The All Missions search matches name, statement, shared intention, objective or focus and core message. */
export function filterMissions(missions: readonly Mission[], query: string): Mission[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...missions];
  return missions.filter((mission) =>
    [mission.name, mission.statement, mission.shared_intention, mission.objective_or_focus, mission.core_message].some((text) =>
      (text ?? '').toLowerCase().includes(needle),
    ),
  );
}

/** The caller's own missions first; otherwise the server's order (newest first) stays. */
export function ownFirst(missions: readonly Mission[], userId: string | null): Mission[] {
  return [...missions.filter((mission) => mission.created_by === userId), ...missions.filter((mission) => mission.created_by !== userId)];
}

const MISSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether an address's mission id can name a mission at all (a UUID); anything else is not found. */
export function isMissionId(value: string): boolean {
  return MISSION_ID.test(value);
}

/**
 * How the combined required-fields message names each field: the contract's labels (which the
 * server's message uses too), not the form's headings.
 */
export const REQUIRED_FIELD_MESSAGE_IDS: Readonly<Record<MissionField, string>> = {
  name: 'mission.required.name',
  shared_intention: 'mission.required.sharedIntention',
  objective_or_focus: 'mission.required.objective',
  statement: 'mission.required.statement',
  core_message: 'mission.required.coreMessage',
  problem_being_solved: 'mission.required.problem',
  first_team_action: 'mission.required.firstAction',
};
