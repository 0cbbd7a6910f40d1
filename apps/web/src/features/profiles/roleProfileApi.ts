import { queryOptions } from '@tanstack/react-query';
import type { ProcedureParams, RoleProfile } from '@mc/contract';
import { queryKeys } from '../../lib/queryKeys';
import { callRpc, firstRow } from '../../lib/rpc';

/** get_user_role_profile: the first item of the list, or null when there is none. */
export function roleProfileQuery(userId: string | null, options: { enabled?: boolean } = {}) {
  return queryOptions({
    queryKey: queryKeys.roleProfile(userId),
    enabled: userId !== null && (options.enabled ?? true),
    queryFn: async (): Promise<RoleProfile | null> => {
      if (!userId) return null;
      return firstRow(await callRpc('get_user_role_profile', { p_user_id: userId }));
    },
  });
}

export type RoleProfileSaveParams = ProcedureParams<'create_role_profile'>;

/** Update when a profile exists (with its user_id), otherwise create. */
export async function saveRoleProfile(existing: RoleProfile | null, params: RoleProfileSaveParams): Promise<RoleProfile> {
  const rows = existing ? await callRpc('update_role_profile', { ...params, p_user_id: existing.user_id }) : await callRpc('create_role_profile', params);
  const saved = firstRow(rows);
  if (!saved) throw new Error(`${existing ? 'update_role_profile' : 'create_role_profile'} returned no data`);
  return saved;
}
