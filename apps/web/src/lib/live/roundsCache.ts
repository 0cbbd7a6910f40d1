import type { QueryClient } from '@tanstack/react-query';
import type { CurrentRound, RoundLiveEvent } from '@mc/contract/rounds.ts';
import { queryKeys } from '../queryKeys';
import { screenKeys } from '../screenKeys';
import { applyNewerState } from '../applyNewerState';

/**
 * A round's live message on the screens that show it: how many have voted (and the counts, when
 * they are public) go straight into the cached round, and so does the close, which changes nothing
 * else a screen shows (a room of screens then says "Voting closed" at once, without 2,000 reads);
 * any other change of state or schedule makes the screens read the round again, with the
 * person's own votes. The console reads its list again.
 */
export function applyRoundEvent(queryClient: QueryClient, event: RoundLiveEvent): void {
  const counts = event.counts ? new Map(event.counts.map((count) => [count.mission_id, count.vote_count])) : null;
  /** Whether the message only moves this copy's counts or closes its round (anything else is read again). */
  const carriesOnly = (round: CurrentRound | null | undefined): round is CurrentRound =>
    !!round &&
    round.round_id === event.round_id &&
    (round.state === event.state || (round.state === 'open' && event.state === 'closed')) &&
    round.closes_at === event.closes_at &&
    round.opens_at === event.opens_at;
  const stale = queryClient.getQueriesData<CurrentRound | null>({ queryKey: screenKeys.currentRoundOfAnyViewer }).some(([, round]) => !carriesOnly(round));
  applyNewerState<CurrentRound | null>(queryClient, screenKeys.currentRoundOfAnyViewer, (round) =>
    carriesOnly(round)
      ? {
          ...round,
          state: event.state,
          voter_count: event.voter_count,
          missions: counts
            ? round.missions.map((mission) => ({ ...mission, vote_count: counts.get(mission.mission_id) ?? mission.vote_count }))
            : round.missions,
        }
      : round,
  );
  if (stale) void queryClient.invalidateQueries({ queryKey: queryKeys.voteRounds });
  void queryClient.invalidateQueries({ queryKey: screenKeys.organiserRounds });
}
