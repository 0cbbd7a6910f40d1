import { useQuery } from '@tanstack/react-query';
import type { MissionDetails, UserMission } from '@mc/contract';
import { missionDetailsQuery, userMissionsQuery } from '../../lib/queries';

export interface MembershipMission {
  /** True until both the memberships and (when there is one) the mission have loaded. */
  isPending: boolean;
  error: Error | null;
  /** The mission, its team and the caller's engagement; null when no membership matches. */
  details: MissionDetails | null;
  /** Reads again what failed. */
  retry: () => void;
}

/**
 * A mission found through the caller's memberships (the same cached list the sidebar reads), then
 * read from its one details entry, so My Mission, the dashboard card and Manage Team share a
 * single copy that a toggle or a team change updates once.
 */
function useMembershipMission(userId: string | null, choose: (memberships: UserMission[]) => UserMission | undefined): MembershipMission {
  const memberships = useQuery(userMissionsQuery(userId));
  const missionId = memberships.data ? (choose(memberships.data)?.mission_id ?? null) : null;
  const details = useQuery({ ...missionDetailsQuery(missionId ?? '', userId), enabled: missionId !== null });
  const retry = () => void (memberships.data === undefined ? memberships.refetch() : details.refetch());
  // What was read (or kept on this device) is shown even when reading it again failed.
  if (memberships.data === undefined && memberships.isError) return { isPending: false, error: memberships.error, details: null, retry };
  if (memberships.isPending) return { isPending: true, error: null, details: null, retry };
  if (missionId === null) return { isPending: false, error: null, details: null, retry };
  if (details.data === undefined && details.isError) return { isPending: false, error: details.error, details: null, retry };
  return { isPending: details.isPending, error: null, details: details.data ?? null, retry };
}

/**
 * My Mission: the mission chosen among those the user belongs to (`wanted`), else the first, in
 * the order they joined (docs/product.md#my-mission).
 */
export function useMyMission(userId: string | null, wanted: string | null = null): MembershipMission {
  return useMembershipMission(userId, (memberships) => memberships.find((row) => row.mission_id === wanted) ?? memberships[0]);
}

/**
 * The dashboard card: the mission this user created, if any. Someone who only belongs to another
 * team's mission sees that team instead (useMyMission).
 */
export function useOwnedMission(userId: string | null): MembershipMission {
  const owned = useMembershipMission(userId, (memberships) => memberships.find((row) => row.role_in_team === 'owner'));
  return owned.details && owned.details.mission.created_by !== userId ? { ...owned, details: null } : owned;
}
