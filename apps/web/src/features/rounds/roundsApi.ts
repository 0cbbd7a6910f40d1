import { queryOptions } from '@tanstack/react-query';
import type { CurrentRound, OrganiserRound, RoundResult } from '@mc/contract';
import { appConfig } from '../../lib/appConfig';
import { currentFormattingLocale, currentLanguage, i18n } from '../../i18n/i18n';
import { dateTimeFormat } from '../../i18n/formats';
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

/**
 * A round that has not opened yet as the projector will show it once it opens: open, nobody has
 * voted, counts only when the round shows them while open. Organisers only (the console's list);
 * null for a round that is not a draft (the projector already follows it) or that does not exist.
 */
export function previewOfRound(round: OrganiserRound | undefined, serverTime: string): CurrentRound | null {
  if (!round || round.state !== 'draft') return null;
  return {
    ...round,
    state: 'open',
    missions: round.missions.map((mission) => ({ ...mission, vote_count: round.show_counts_while_open ? 0 : null })),
    voter_count: 0,
    my_votes: [],
    votes_left: round.votes_per_person,
    server_time: serverTime,
  };
}

export const roundPreviewQuery = (roundId: string | null, organiser: boolean) =>
  queryOptions({
    queryKey: queryKeys.roundPreview(roundId ?? ''),
    queryFn: async (): Promise<CurrentRound | null> => {
      const rounds = await callRpc('list_vote_rounds', {});
      return previewOfRound(
        rounds.find((round) => round.round_id === roundId),
        new Date().toISOString(),
      );
    },
    enabled: roundId !== null && organiser,
  });

export const castRoundVote = (roundId: string, missionId: string) => callRpc('cast_round_vote', { p_round_id: roundId, p_mission_id: missionId });
export const withdrawRoundVote = (roundId: string, missionId: string) => callRpc('withdraw_round_vote', { p_round_id: roundId, p_mission_id: missionId });
/** The organiser's reveal, from the projector's key. */
export const revealVoteRound = (roundId: string) => callRpc('reveal_vote_round', { p_round_id: roundId });
export const checkVoteReceipt = (roundId: string, receipt: string) => callRpc('check_vote_receipt', { p_round_id: roundId, p_receipt: receipt });

/**
 * A moment in the venue's time zone, as the programme shows times ("Sat 6 Dec, 14:00"): in English
 * the programme's own British style, in another language as that language writes it.
 */
export function venueTime(iso: string): string {
  const locale = currentLanguage() === 'en' ? 'en-GB' : currentFormattingLocale();
  const format = dateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: appConfig.conferenceTimeZone,
  });
  return format.format(new Date(iso));
}

/** "2 of 3 left", in the interface's language when it is shown. */
export function votesLeftLabel(round: Pick<CurrentRound, 'votes_left' | 'votes_per_person'>): string {
  return i18n._('vote.votesLeft', { left: round.votes_left, total: round.votes_per_person });
}
