import { queryOptions, useQuery } from '@tanstack/react-query';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../../lib/auth';

/**
 * Whether the signed-in person is an organiser. This only shows or hides the console's menu entry
 * and its screens: the server checks the role on every organiser call, whatever the browser thinks.
 */
export function organiserStatusQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.organiserStatus(userId),
    enabled: userId !== null,
    queryFn: async () => (await callRpc('get_my_organiser_status', {})).is_organiser,
    staleTime: 60_000,
  });
}

export function useOrganiserStatus() {
  const { user } = useAuth();
  return useQuery(organiserStatusQuery(user?.id ?? null));
}
