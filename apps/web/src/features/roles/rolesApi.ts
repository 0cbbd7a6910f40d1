import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { CardVisibility, MissionRole, ProcedureParams } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { screenKeys } from '../../lib/screenKeys';

/** Open roles' calls (docs/product.md#open-roles); they throw or answer, the screens decide what to show. */

/** Invites a person to a role (from their role card, or from People who fit). */
export const inviteToRole = (roleId: string, userId: string) => callRpc('invite_to_role', { p_role_id: roleId, p_user_id: userId, p_message: '' });

export const saveRoleCardSettings = (visibility: CardVisibility) => callRpc('save_role_card_settings', { p_visibility: visibility });

export function missionRolesQuery(missionId: string) {
  return queryOptions({
    queryKey: queryKeys.missionRoles(missionId),
    queryFn: () => callRpc('get_mission_roles', { p_mission_id: missionId }),
  });
}

/** Every role of a mission, open, filled or closed, with who filled it: for its owners only. */
export function teamRolesQuery(missionId: string, enabled: boolean) {
  return queryOptions({
    queryKey: screenKeys.teamRoles(missionId),
    queryFn: () => callRpc('get_team_roles', { p_mission_id: missionId }),
    enabled,
  });
}

/**
 * Open roles per mission id, for the All Missions cards and filter. The cache keeps the answer's
 * plain rows (it is saved for offline use as JSON); the Map is made when read.
 */
export function openRoleCountsQuery() {
  return queryOptions({
    queryKey: queryKeys.openRoleCounts,
    queryFn: () => callRpc('get_open_role_counts', {}),
    select: (rows): Map<string, number> => new Map(rows.map((row) => [row.mission_id, row.open_roles])),
  });
}

export function skillSuggestionsQuery(prefix: string) {
  return queryOptions({
    queryKey: queryKeys.skillSuggestions(prefix),
    queryFn: () => callRpc('suggest_role_skills', { p_prefix: prefix }),
    staleTime: 60_000,
  });
}

export async function saveRole(params: ProcedureParams<'save_mission_role'>): Promise<MissionRole | undefined> {
  return (await callRpc('save_mission_role', params))[0];
}

export async function closeRole(roleId: string): Promise<void> {
  await callRpc('close_mission_role', { p_role_id: roleId });
}

export async function reopenRole(roleId: string): Promise<void> {
  await callRpc('reopen_mission_role', { p_role_id: roleId });
}

/** After a role changes: its mission's roles and every count. */
export async function invalidateRoles(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: queryKeys.missions });
}

/** A person's role card as the signed-in person may read it (null: not shared with them). */
export function roleCardQuery(userId: string) {
  return queryOptions({
    queryKey: queryKeys.roleCard(userId),
    queryFn: () => callRpc('get_role_card', { p_user_id: userId }),
  });
}

export function roleCardSettingsQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.roleCardSettings(userId),
    queryFn: () => callRpc('get_role_card_settings', {}),
    enabled: userId !== null,
  });
}
