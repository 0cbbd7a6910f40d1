import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CurrentRound, RoundResultMission } from '@mc/contract';
import { roundResultQuery, venueTime } from './roundsApi';

/** Time between two places of the reveal, last place first. */
const REVEAL_STEP_MS = 1_500;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

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
  const counted = round.missions.some((mission) => mission.vote_count !== null);
  const missions = counted ? [...round.missions].sort((a, b) => (b.vote_count ?? 0) - (a.vote_count ?? 0) || a.name.localeCompare(b.name)) : round.missions;
  return (
    <ul className="flex flex-col gap-3" aria-label="Finalists">
      {missions.map((mission) => (
        <li key={mission.mission_id} className="flex flex-wrap items-baseline justify-between gap-3 rounded-2xl bg-slate-900 px-5 py-4">
          <span className={bigName}>{mission.name}</span>
          {mission.vote_count !== null ? (
            <span className="text-2xl font-bold tabular-nums lg:text-4xl">{mission.vote_count === 1 ? '1 vote' : `${mission.vote_count} votes`}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** The ranking, shown from the last place up to the first; all at once when motion is reduced. */
function Reveal({ roundId }: { roundId: string }) {
  const result = useQuery(roundResultQuery(roundId));
  const places = result.data?.missions ?? [];
  const [shown, setShown] = useState(() => (prefersReducedMotion() ? Number.MAX_SAFE_INTEGER : 0));
  useEffect(() => {
    if (shown >= places.length) return undefined;
    const timer = setTimeout(() => setShown((count) => count + 1), REVEAL_STEP_MS);
    return () => clearTimeout(timer);
  }, [shown, places.length]);
  if (result.isPending) return <p className="text-3xl text-slate-300">Loading the result...</p>;
  if (result.isError) return <p className="text-3xl text-slate-300">The result could not be loaded. Check the connection and reload this page.</p>;
  const visible = new Set(places.slice(Math.max(0, places.length - shown)).map((mission) => mission.mission_id));
  return (
    <ol className="flex flex-col gap-3" aria-label="Result">
      {places.map((mission: RoundResultMission, index) => (
        <li
          key={mission.mission_id}
          data-testid="reveal-row"
          data-shown={visible.has(mission.mission_id)}
          className="grid grid-cols-[2.5rem_1fr_auto] items-center gap-4 rounded-2xl bg-slate-900 px-5 py-4 transition-opacity duration-700 data-[shown=false]:opacity-0 motion-reduce:transition-none sm:grid-cols-[3.5rem_1fr_auto]"
          aria-hidden={!visible.has(mission.mission_id)}
        >
          <span className="text-2xl font-bold text-slate-300 lg:text-4xl">{index + 1}</span>
          <span className={bigName}>{mission.name}</span>
          <span className="text-right text-2xl font-bold tabular-nums lg:text-5xl">{mission.vote_count === 1 ? '1 vote' : `${mission.vote_count} votes`}</span>
        </li>
      ))}
    </ol>
  );
}

/** The projector's view of a round: before, while open (who has voted, the countdown), closed, revealed. */
export default function LiveRoundPanel({ round }: { round: CurrentRound }) {
  const countdown = useCountdown(round);
  return (
    <section aria-labelledby="round-heading" className="flex flex-col gap-6" data-round-state={round.state}>
      <h2 id="round-heading" className="text-3xl font-bold break-words lg:text-5xl">
        {round.name}
      </h2>
      {round.state === 'draft' ? (
        <>
          <p className="text-2xl text-slate-200">{round.opens_at ? `Voting opens ${venueTime(round.opens_at)}` : 'Voting opens soon'}</p>
          <Finalists round={round} />
        </>
      ) : round.state === 'open' ? (
        <>
          <div className="flex flex-wrap gap-6" role="status">
            <p className="text-3xl lg:text-5xl">
              <span className="font-bold tabular-nums" data-testid="voter-count">
                {round.voter_count}
              </span>{' '}
              {round.voter_count === 1 ? 'person has voted' : 'people have voted'}
            </p>
            {countdown ? (
              <p className="text-3xl lg:text-5xl">
                Closes in{' '}
                <span className="font-bold tabular-nums" data-testid="countdown">
                  {countdown}
                </span>
              </p>
            ) : null}
          </div>
          <Finalists round={round} />
        </>
      ) : round.state === 'closed' ? (
        <div role="status" className="flex flex-col gap-3">
          <p className="text-5xl font-bold lg:text-7xl">Voting closed</p>
          <p className="text-2xl text-slate-300">{round.voter_count === 1 ? '1 person voted' : `${round.voter_count} people voted`}</p>
        </div>
      ) : (
        <Reveal roundId={round.round_id} />
      )}
    </section>
  );
}
