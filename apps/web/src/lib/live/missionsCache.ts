import type { QueryClient } from '@tanstack/react-query';
import type { LiveMissionCounts, Mission, MissionDetails, MissionsLiveEvent, UserMission } from '@mc/contract';
import { noteMissionNews } from '../missionNews';
import { queryKeys } from '../queryKeys';

/** A list that misses a mission someone just created is read again after up to this long, so a room does not ask at once. */
const LIST_REFETCH_SPREAD_MS = 3_000;

function withCounts<T extends { vote_count: number; subscription_count: number }>(row: T, counts: LiveMissionCounts): T {
  return {
    ...row,
    vote_count: counts.vote_count,
    subscription_count: counts.subscription_count,
    ...('team_count' in row ? { team_count: counts.team_count } : {}),
  };
}

/**
 * Applies a missions event to every cached copy: the list (each viewer's) and each mission's
 * details. Only counts change; the person's own vote and subscription stay as they are.
 */
export function applyMissionsEvent(queryClient: QueryClient, event: MissionsLiveEvent, random: () => number = Math.random): void {
  const byId = new Map(event.counts.map((counts) => [counts.mission_id, counts]));
  for (const { mission_id, vote_count, subscription_count, team_count } of event.counts)
    noteMissionNews(mission_id, { vote_count, subscription_count, team_count });
  // A hidden mission is "removed" for everyone, but its own team still sees it (with the reason):
  // the person's own missions are read again instead of dropped.
  const own = new Set(
    queryClient.getQueriesData<UserMission[]>({ queryKey: queryKeys.allUserMissions }).flatMap(([, rows]) => rows?.map((row) => row.mission_id) ?? []),
  );
  const removed = new Set(event.removed.filter((id) => !own.has(id)));
  for (const id of removed) noteMissionNews(id, { removed: true });
  const ownRemoved = event.removed.some((id) => own.has(id));
  let listMissesOne = false;
  queryClient.setQueriesData<Mission[]>({ queryKey: queryKeys.missionListOfAnyViewer }, (list) => {
    if (!list) return list;
    const known = new Set(list.map((mission) => mission.mission_id));
    if (event.counts.some((counts) => !known.has(counts.mission_id))) listMissesOne = true;
    return list
      .filter((mission) => !removed.has(mission.mission_id))
      .map((mission) => {
        const counts = byId.get(mission.mission_id);
        return counts ? withCounts(mission, counts) : mission;
      });
  });
  for (const counts of event.counts) {
    queryClient.setQueriesData<MissionDetails | null>({ queryKey: queryKeys.missionDetailsOfAnyViewer(counts.mission_id) }, (details) =>
      details ? { ...withCounts(details, counts), mission: withCounts(details.mission, counts) } : details,
    );
  }
  // Content or team changed, or the mission went: screens showing it read it again.
  for (const id of [...event.changed, ...event.removed]) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.missionDetailsOfAnyViewer(id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.missionMembers(id) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.missionUpdates(id) });
  }
  if (ownRemoved) void queryClient.invalidateQueries({ queryKey: queryKeys.missionListOfAnyViewer });
  if (listMissesOne) {
    setTimeout(() => void queryClient.invalidateQueries({ queryKey: queryKeys.missionListOfAnyViewer }), Math.round(random() * LIST_REFETCH_SPREAD_MS));
  }
}

/** Everything mission-related is read afresh (after a break in the connection, or when the server asks). */
export function refreshMissions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: queryKeys.missions });
}
