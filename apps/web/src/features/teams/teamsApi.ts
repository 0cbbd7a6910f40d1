import type { QueryClient } from '@tanstack/react-query';
import type { MissionMember, UserSearchResult } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { missionKeys } from '../missions/missionsApi';
import { addedMember, removeOutcome, visibleResults, type RemoveOutcome } from './teamRules';

/**
 * The Manage Team dialog's calls (SPEC §7). They throw or answer; the dialog decides what the
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

/**
 * After a team change every missions query is stale: the member list this dialog shares with My
 * Mission (missionMembersQuery), team counts, the details page, and the sidebar's memberships.
 */
export async function invalidateTeam(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: missionKeys.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.userMissions(null).slice(0, 1) }),
  ]);
}
