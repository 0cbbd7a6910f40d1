import type { QueryClient } from '@tanstack/react-query';
import type { CurrentRound, RoundLiveEvent } from '@mc/contract/rounds.ts';
import { queryKeys } from '../queryKeys';
import { screenKeys } from '../screenKeys';

/**
 * A round's live message on the screens that show it: how many have voted (and the counts, when
 * they are public) go straight into the cached round, and so does the close, which changes nothing
 * else a screen shows (a room of screens then says "Voting closed" at once, without 2,000 reads);
 * any other change of state or schedule makes the screens read the round again, with the
 * person's own votes. The console reads its list again.
 */
export function applyRoundEvent(queryClient: QueryClient, event: RoundLiveEvent): void {
  let stale = false;
  for (const [key, round] of queryClient.getQueriesData<CurrentRound | null>({ queryKey: screenKeys.currentRoundOfAnyViewer })) {
    const closing = round?.state === 'open' && event.state === 'closed';
    if (
      !round ||
      round.round_id !== event.round_id ||
      (round.state !== event.state && !closing) ||
      round.closes_at !== event.closes_at ||
      round.opens_at !== event.opens_at
    ) {
      stale = true;
      continue;
    }
    const counts = event.counts ? new Map(event.counts.map((count) => [count.mission_id, count.vote_count])) : null;
    const next: CurrentRound = {
      ...round,
      state: event.state,
      voter_count: event.voter_count,
      missions: counts ? round.missions.map((mission) => ({ ...mission, vote_count: counts.get(mission.mission_id) ?? mission.vote_count })) : round.missions,
    };
    queryClient.setQueryData(key, next);
  }
  if (stale) void queryClient.invalidateQueries({ queryKey: queryKeys.voteRounds });
  void queryClient.invalidateQueries({ queryKey: screenKeys.organiserRounds });
}
