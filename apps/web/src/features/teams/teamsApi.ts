import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { MissionMember, UserSearchResult } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { addedMember, removeOutcome, visibleResults, type RemoveOutcome } from './teamRules';

/**
 * The Manage Team dialog's calls (docs/product.md#procedures). They throw or answer; the dialog decides what the
 * person sees.
 */

/**
 * People search. Members are not excluded on the server (p_exclude_mission_id null) so the dialog
 * can show them as "Already a member"; the caller is never listed.
 */
export async function searchUsers(term: string, currentUserId: string | null): Promise<UserSearchResult[]> {
  const rows = await callRpc('search_users_with_profiles', { p_search_term: term, p_exclude_mission_id: null });
  return visibleResults(rows, currentUserId);
}

/** Adds a member; answers the new member, or null when the server said "error" or nothing. */
export async function addMember(missionId: string, userId: string): Promise<MissionMember | null> {
  return addedMember(await callRpc('add_mission_member', { p_mission_id: missionId, p_user_id: userId }));
}

export async function removeMember(missionId: string, userId: string, removedBy: string): Promise<RemoveOutcome> {
  return removeOutcome(await callRpc('remove_mission_member', { p_mission_id: missionId, p_user_id: userId, p_removed_by: removedBy }));
}

/** A mission's team for the dialog; a failed load shows an empty list (docs/product.md#manage-team-dialog). */
export function missionMembersQuery(missionId: string) {
  return queryOptions({
    queryKey: queryKeys.missionMembers(missionId),
    // A failure is the dialog's error with "Try again", never an empty team.
    queryFn: (): Promise<MissionMember[]> => callRpc('get_mission_members', { p_mission_id: missionId }),
  });
}

/**
 * After a team change every missions query is stale: this dialog's member list, the mission's
 * details (its team, as My Mission shows it), team counts, and everyone's memberships.
 */
export async function invalidateTeam(queryClient: QueryClient): Promise<void> {
  await Promise.all([queryClient.invalidateQueries({ queryKey: queryKeys.missions }), queryClient.invalidateQueries({ queryKey: queryKeys.allUserMissions })]);
}
