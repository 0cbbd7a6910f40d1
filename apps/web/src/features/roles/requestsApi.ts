import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { screenKeys } from '../../lib/screenKeys';

/** Asking to join and invitations (docs/product.md#joining-a-team). */

export function myTeamRequestsQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.myTeamRequests(userId),
    queryFn: () => callRpc('get_my_team_requests', {}),
    enabled: userId !== null,
  });
}

export function missionTeamRequestsQuery(missionId: string) {
  return queryOptions({
    queryKey: queryKeys.missionTeamRequests(missionId),
    queryFn: () => callRpc('get_mission_team_requests', { p_mission_id: missionId }),
  });
}

/** After any request changes: every request list, the teams and roles, and the bell. */
export async function invalidateRequests(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.teamRequests }),
    queryClient.invalidateQueries({ queryKey: queryKeys.missions }),
    queryClient.invalidateQueries({ queryKey: queryKeys.allUserMissions }),
    queryClient.invalidateQueries({ queryKey: screenKeys.notificationsOfAnyViewer }),
  ]);
}

export const askToJoin = (roleId: string, message: string) => callRpc('ask_to_join', { p_role_id: roleId, p_message: message });
export const withdrawTeamRequest = (requestId: string) => callRpc('withdraw_team_request', { p_request_id: requestId });

export async function answerRequest(queryClient: QueryClient, requestId: string, accept: boolean, reason: string | null = null): Promise<void> {
  try {
    await callRpc('answer_team_request', { p_request_id: requestId, p_accept: accept, p_reason: reason });
  } finally {
    await invalidateRequests(queryClient);
  }
}
