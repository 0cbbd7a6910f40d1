import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Mission, MissionDetails, MissionMember, ProcedureName, ProcedureParams, SubscriptionResult, VoteResult } from '@mc/contract';
import { callRpc, firstRow } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';

/**
 * The missions screens' calls (SPEC §7) and what they do with the answers (SPEC §4, §8).
 * Errors are thrown, never shown here: each screen decides what the person sees.
 */

/** SPEC §8: an empty answer where a row was expected. */
export function noDataError(procedure: ProcedureName): Error {
  return new Error(`${procedure} returned no data`);
}

/** One membership row of get_user_related_missions (the server also answers the role). */
export interface UserMissionRow {
  mission_id: string;
  role_in_team?: string;
  is_co_owner?: boolean;
  added_at?: string;
}

export const missionKeys = {
  all: ['missions'] as const,
  list: (userId: string | null) => ['missions', 'list', userId] as const,
  details: (missionId: string, userId: string | null) => ['missions', 'details', missionId, userId] as const,
  members: (missionId: string) => ['missions', 'members', missionId] as const,
  owned: (userId: string | null) => ['missions', 'owned', userId] as const,
};

export function allMissionsQuery(userId: string | null) {
  return queryOptions({
    queryKey: missionKeys.list(userId),
    queryFn: async (): Promise<Mission[]> => {
      const rows = await callRpc('get_all_missions', {});
      return Array.isArray(rows) ? rows : [];
    },
  });
}

export async function fetchMissionDetails(missionId: string, userId: string | null): Promise<MissionDetails | null> {
  return firstRow(await callRpc('get_mission_details', { p_mission_id: missionId, p_user_id: userId }));
}

export function missionDetailsQuery(missionId: string, userId: string | null) {
  return queryOptions({
    queryKey: missionKeys.details(missionId, userId),
    queryFn: () => fetchMissionDetails(missionId, userId),
  });
}

export function missionMembersQuery(missionId: string) {
  return queryOptions({
    queryKey: missionKeys.members(missionId),
    // SPEC §8: a failed members load shows an empty list.
    queryFn: async (): Promise<MissionMember[]> => {
      try {
        const rows = await callRpc('get_mission_members', { p_mission_id: missionId });
        return Array.isArray(rows) ? rows : [];
      } catch (error) {
        console.error('Loading the team members failed', error);
        return [];
      }
    },
  });
}

async function relatedMissions(userId: string): Promise<UserMissionRow[]> {
  const rows: UserMissionRow[] = await callRpc('get_user_related_missions', { p_user_id: userId });
  return Array.isArray(rows) ? rows : [];
}

/** SPEC §2 My Mission: the user's first mission membership, then that mission. */
export function myMissionQuery(userId: string | null) {
  return queryOptions({
    queryKey: [...missionKeys.all, 'mine', userId] as const,
    enabled: userId !== null,
    queryFn: async (): Promise<MissionDetails | null> => {
      if (!userId) return null;
      const first = (await relatedMissions(userId))[0];
      return first ? fetchMissionDetails(first.mission_id, userId) : null;
    },
  });
}

/**
 * The dashboard card: the mission this user owns (created), if any. Someone who only belongs to
 * another team's mission still sees "Create Mission", since each person may create one.
 */
export function ownedMissionQuery(userId: string | null) {
  return queryOptions({
    queryKey: missionKeys.owned(userId),
    enabled: userId !== null,
    queryFn: async (): Promise<Mission | null> => {
      if (!userId) return null;
      const rows = await relatedMissions(userId);
      const owned = rows.find((row) => row.role_in_team === 'owner');
      if (!owned) return null;
      const details = await fetchMissionDetails(owned.mission_id, userId);
      return details && details.mission.created_by === userId ? details.mission : null;
    },
  });
}

export type MissionInput = Pick<
  ProcedureParams<'create_mission'>,
  'p_name' | 'p_shared_intention' | 'p_objective_or_focus' | 'p_statement' | 'p_core_message' | 'p_problem_being_solved' | 'p_first_team_action'
>;

export async function createMission(creatorId: string, input: MissionInput): Promise<Mission> {
  const row = firstRow(await callRpc('create_mission', { p_creator_id: creatorId, ...input, p_member_ids: [] }));
  if (!row) throw noDataError('create_mission');
  return row;
}

/** Fields left out (null) stay as they are (SPEC §5). */
export async function updateMission(missionId: string, updatedBy: string, input: Partial<MissionInput>): Promise<Mission> {
  const row = firstRow(await callRpc('update_mission', { p_mission_id: missionId, p_updated_by: updatedBy, ...input }));
  if (!row) throw noDataError('update_mission');
  return row;
}

export async function toggleVote(missionId: string): Promise<VoteResult> {
  const result = firstRow(await callRpc('toggle_mission_vote', { p_mission_id: missionId }));
  if (!result) throw noDataError('toggle_mission_vote');
  return result;
}

export async function toggleSubscription(missionId: string): Promise<SubscriptionResult> {
  const result = firstRow(await callRpc('toggle_mission_subscription', { p_mission_id: missionId }));
  if (!result) throw noDataError('toggle_mission_subscription');
  return result;
}

export interface Engagement {
  vote_count: number;
  is_voted: boolean;
  subscription_count: number;
  is_subscribed: boolean;
}

/** SPEC §4 "Vote toggle": what each answer does to the flag and the count (never below 0). */
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

/** SPEC §4 "Subscription toggle": the same on is_subscribed and subscription_count. */
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

export type ToggleKind = 'vote' | 'subscription';

/**
 * Runs a toggle and applies its answer to every cached copy of that mission (the list, its
 * details, the dashboard card), so the counts change everywhere at once without a reload.
 */
export async function runToggle(queryClient: QueryClient, kind: ToggleKind, missionId: string): Promise<void> {
  const apply =
    kind === 'vote'
      ? await toggleVote(missionId).then((result) => <T extends Engagement>(state: T) => applyVoteResult(state, result))
      : await toggleSubscription(missionId).then((result) => <T extends Engagement>(state: T) => applySubscriptionResult(state, result));
  queryClient.setQueriesData<Mission[]>({ queryKey: [...missionKeys.all, 'list'] }, (list) =>
    list?.map((mission) => (mission.mission_id === missionId ? apply(mission) : mission)),
  );
  queryClient.setQueriesData<MissionDetails | null>({ queryKey: [...missionKeys.all, 'details', missionId] }, (details) =>
    details ? { ...apply(details), mission: apply(details.mission) } : details,
  );
  queryClient.setQueriesData<MissionDetails | null>({ queryKey: [...missionKeys.all, 'mine'] }, (details) =>
    details && details.mission.mission_id === missionId ? { ...apply(details), mission: apply(details.mission) } : details,
  );
  queryClient.setQueriesData<Mission | null>({ queryKey: [...missionKeys.all, 'owned'] }, (mission) =>
    mission && mission.mission_id === missionId ? apply(mission) : mission,
  );
}

/** After creating or updating: everything mission-related is stale, including the sidebar's memberships. */
export async function invalidateMissions(queryClient: QueryClient, userId: string | null): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: missionKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.userMissions(userId) }),
  ]);
}

/** SPEC §2: "first last" of a member or creator, blank when both are empty. */
export function fullName(person: { first_name?: string | null; last_name?: string | null }): string {
  return [person.first_name, person.last_name]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
}

/** SPEC §2 Mission details: the owner member's full name, else their e-mail, else the creator id. */
export function creatorLine(details: MissionDetails): string {
  const owner = details.members.find((member) => member.role_in_team === 'owner');
  return (owner && (fullName(owner) || owner.email)) || details.mission.created_by;
}

export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : date.toLocaleString(undefined, { year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
}

/** SPEC §2: the search matches name, statement, shared intention, objective or focus and core message. */
export function filterMissions(missions: readonly Mission[], query: string): Mission[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [...missions];
  return missions.filter((mission) =>
    [mission.name, mission.statement, mission.shared_intention, mission.objective_or_focus, mission.core_message].some((text) => (text ?? '').toLowerCase().includes(needle)),
  );
}

/** SPEC §6: the caller's own missions first; otherwise the server's order (newest first) stays. */
export function ownFirst(missions: readonly Mission[], userId: string | null): Mission[] {
  return [...missions.filter((mission) => mission.created_by === userId), ...missions.filter((mission) => mission.created_by !== userId)];
}
