import { queryOptions } from '@tanstack/react-query';
import { BUILDER_PLACEMENTS_MAX, type BuilderPlacement, type TeamBuilderSent } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { screenKeys } from '../../lib/screenKeys';

/*
 * Matching's calls (docs/product.md#matching). Their keys sit under "missions" (lib/queryKeys.ts) so
 * that any change to missions, teams, roles or requests (which invalidate that key) refreshes the matches too.
 */

export function missionsForMeQuery(userId: string | null, limit: number) {
  return queryOptions({
    queryKey: screenKeys.missionsForMe(userId, limit),
    queryFn: () => callRpc('get_missions_for_me', { p_limit: limit }),
    enabled: userId !== null,
  });
}

export function peopleForRoleQuery(roleId: string, enabled: boolean) {
  return queryOptions({
    queryKey: screenKeys.peopleForRole(roleId),
    queryFn: () => callRpc('get_people_for_role', { p_role_id: roleId, p_limit: 10 }),
    enabled,
  });
}

export function builderOverviewQuery() {
  return queryOptions({
    queryKey: screenKeys.teamBuilderOverview,
    queryFn: () => callRpc('get_team_builder_overview', {}),
  });
}

/** Who the builder may not propose, and why. */
export function builderLeftOutQuery() {
  return queryOptions({
    queryKey: screenKeys.teamBuilderLeftOut,
    queryFn: () => callRpc('get_team_builder_left_out', {}),
  });
}

export const previewTeamBuilder = () => callRpc('preview_team_builder', {});

/** Sends a proposal in parts the server takes at once; answers the totals. */
export async function sendProposal(placements: readonly BuilderPlacement[]): Promise<TeamBuilderSent> {
  const total: TeamBuilderSent = { sent: 0, skipped: 0 };
  for (let start = 0; start < placements.length; start += BUILDER_PLACEMENTS_MAX) {
    const part = placements.slice(start, start + BUILDER_PLACEMENTS_MAX).map(({ user_id, role_id }) => ({ user_id, role_id }));
    const answer = await callRpc('send_team_builder', { p_placements: part });
    total.sent += answer.sent;
    total.skipped += answer.skipped;
  }
  return total;
}
