import { queryOptions } from '@tanstack/react-query';
import type { CurrentRound, RoundResult } from '@mc/contract';
import { appConfig } from '../../lib/appConfig';
import { queryKeys } from '../../lib/queryKeys';
import { callRpc } from '../../lib/rpc';

/** The round attendees and the projector follow (null when there is none). Live messages refresh it. */
export const currentRoundQuery = (userId: string | null) =>
  queryOptions({
    queryKey: queryKeys.currentRound(userId),
    queryFn: (): Promise<CurrentRound | null> => callRpc('get_current_vote_round', {}),
    enabled: userId !== null,
  });

export const roundResultQuery = (roundId: string | null) =>
  queryOptions({
    queryKey: queryKeys.roundResult(roundId ?? ''),
    queryFn: (): Promise<RoundResult> => callRpc('get_vote_round_result', { p_round_id: roundId ?? '' }),
    enabled: roundId !== null,
  });

const venueFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: appConfig.conferenceTimeZone,
});

/** A moment in the venue's time zone, as the programme shows times. */
export function venueTime(iso: string): string {
  return venueFormat.format(new Date(iso));
}

/** "2 of 3 left". */
export function votesLeftLabel(round: Pick<CurrentRound, 'votes_left' | 'votes_per_person'>): string {
  return `${round.votes_left} of ${round.votes_per_person} left`;
}
