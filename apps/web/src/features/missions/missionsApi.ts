import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { Mission, MissionDetails, MissionMember, ProcedureName, ProcedureParams, SubscriptionResult, VoteResult } from '@mc/contract';
import { callRpc, firstRow } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { applySubscriptionResult, applyVoteResult, type Engagement } from './missionRules';

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
