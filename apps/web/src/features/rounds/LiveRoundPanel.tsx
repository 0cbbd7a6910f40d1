import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
import type { CurrentRound } from '@mc/contract';
import { useAuth } from '../../lib/auth';
import { queryKeys } from '../../lib/queryKeys';
import { useOrganiserStatus } from '../organiser';
import RevealRanking from './RevealRanking';
import { revealVoteRound, venueTime } from './roundsApi';

/** "4:05" until the round's closing time, by the server's clock (the device's may be off). */
function useCountdown(round: CurrentRound): string | null {
  const [offset] = useState(() => Date.parse(round.server_time) - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    if (!round.closes_at) return undefined;
    const timer = setInterval(() => setNow(Date.now() + offset), 1_000);
    return () => clearInterval(timer);
  }, [round.closes_at, offset]);
  if (!round.closes_at) return null;
  const seconds = Math.max(0, Math.ceil((Date.parse(round.closes_at) - now) / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

const bigName = 'text-2xl font-semibold break-words hyphens-auto sm:text-3xl lg:text-5xl';

function Finalists({ round }: { round: CurrentRound }) {
  const { _ } = useLingui();
  const counted = round.missions.some((mission) => mission.vote_count !== null);
  const missions = counted ? [...round.missions].sort((a, b) => (b.vote_count ?? 0) - (a.vote_count ?? 0) || a.name.localeCompare(b.name)) : round.missions;
  return (
    <ul className="flex flex-col gap-3" aria-label={_('live.round.finalists')}>
      {missions.map((mission) => (
        <li key={mission.mission_id} className="flex flex-wrap items-baseline justify-between gap-3 rounded-2xl bg-slate-900 px-5 py-4">
          <span className={bigName}>{mission.name}</span>
          {mission.vote_count !== null ? (
            <span className="text-2xl font-bold tabular-nums lg:text-4xl">{_('mission.voteCount', { count: mission.vote_count })}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/**
 * An organiser at the projector reveals a closed round with R, then steps through the places
 * (RevealRanking). Answers whether the reveal started here, and what went wrong if it failed.
 */
function useRevealKey(round: CurrentRound, organiser: boolean): { revealedHere: boolean; problem: string | null } {
  const { user } = useAuth();
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [revealedHere, setRevealedHere] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const closed = organiser && round.state === 'closed';
  useEffect(() => {
    if (!closed) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'r' || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if (event.target instanceof HTMLElement && ['INPUT', 'TEXTAREA', 'SELECT'].includes(event.target.tagName)) return;
      event.preventDefault();
      setRevealedHere(true);
      setProblem(null);
      revealVoteRound(round.round_id)
        .then(() => queryClient.invalidateQueries({ queryKey: queryKeys.currentRound(user?.id ?? null) }))
        .catch((error: unknown) => {
          setRevealedHere(false);
          setProblem(error instanceof Error ? error.message : _('live.round.revealFailed'));
        });
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [closed, round.round_id, queryClient, user?.id, _]);
  return { revealedHere, problem };
}

/** The projector's view of a round: before, while open (who has voted, the countdown), closed, revealed. */
export default function LiveRoundPanel({ round }: { round: CurrentRound }) {
  const { _ } = useLingui();
  const countdown = useCountdown(round);
  const organiser = useOrganiserStatus().data === true;
  const { revealedHere, problem } = useRevealKey(round, organiser);
  return (
    <section aria-labelledby="round-heading" className="flex flex-col gap-6" data-round-state={round.state}>
      <h2 id="round-heading" className="text-3xl font-bold break-words lg:text-5xl">
        {round.name}
      </h2>
      {round.state === 'draft' ? (
        <>
          <p className="text-2xl text-slate-200">{round.opens_at ? _('live.round.opensAt', { time: venueTime(round.opens_at) }) : _('live.round.opensSoon')}</p>
          <Finalists round={round} />
        </>
      ) : round.state === 'open' ? (
        <>
          <div className="flex flex-wrap gap-6" role="status">
            <p className="text-3xl lg:text-5xl">
              <Trans
                id="live.round.haveVoted"
                values={{ count: round.voter_count }}
                components={{ 0: <span className="font-bold tabular-nums" data-testid="voter-count" /> }}
              />
            </p>
            {countdown ? (
              <p className="text-3xl lg:text-5xl">
                <Trans
                  id="live.round.closesIn"
                  values={{ countdown }}
                  components={{ 0: <span className="font-bold tabular-nums" data-testid="countdown" /> }}
                />
              </p>
            ) : null}
          </div>
          <Finalists round={round} />
        </>
      ) : round.state === 'closed' ? (
        <div role="status" className="flex flex-col gap-3">
          <p className="text-5xl font-bold lg:text-7xl">{_('live.round.closed')}</p>
          <p className="text-2xl text-slate-300">{_('live.round.voted', { count: round.voter_count })}</p>
          {organiser ? (
            <p className="text-lg text-slate-300" data-testid="reveal-keys">
              {_('live.round.revealKey')}
            </p>
          ) : null}
          {problem ? <p className="text-lg text-rose-200">{problem}</p> : null}
        </div>
      ) : (
        <RevealRanking roundId={round.round_id} keys={organiser} driven={revealedHere} />
      )}
    </section>
  );
}
