import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import type { RoundResultMission } from '@mc/contract';

/** The projector's type sizes, and the smaller ones of a person's own screen (phone or laptop). */
const sizes = {
  projector: {
    place: 'text-2xl font-bold text-slate-300 lg:text-4xl',
    name: 'text-2xl font-semibold break-words hyphens-auto sm:text-3xl lg:text-5xl',
    count: 'text-right text-2xl font-bold tabular-nums lg:text-5xl',
    row: 'grid-cols-[2.5rem_1fr_auto] gap-4 px-5 py-4 sm:grid-cols-[3.5rem_1fr_auto]',
  },
  screen: {
    place: 'text-xl font-bold text-slate-300',
    name: 'text-lg font-semibold break-words hyphens-auto text-slate-50',
    count: 'text-right text-lg font-bold tabular-nums text-slate-50',
    row: 'grid-cols-[2rem_1fr_auto] gap-3 px-4 py-3',
  },
};

/**
 * A round's result as the projector shows it: places from the first, each with a bar as long as its
 * share of the winner's votes. `firstShown` hides the places above it (the reveal shows them from the
 * last up); `below` adds something under a place (the vote screen's receipts). A screen reader reads
 * each place as a sentence ("Place 1: …, 2 votes.") rather than the number, name and count apart.
 */
export function RankedPlaces({
  places,
  label,
  size,
  firstShown = 0,
  below,
}: {
  places: RoundResultMission[];
  label: string;
  size: keyof typeof sizes;
  firstShown?: number;
  below?: (mission: RoundResultMission) => ReactNode;
}) {
  const { _ } = useLingui();
  const look = sizes[size];
  const top = Math.max(0, ...places.map((mission) => mission.vote_count));
  return (
    <ol className="flex flex-col gap-3" aria-label={label}>
      {places.map((mission, index) => {
        const visible = index >= firstShown;
        return (
          <li
            key={mission.mission_id}
            data-testid="reveal-row"
            data-shown={visible}
            aria-hidden={!visible}
            className="overflow-hidden rounded-2xl bg-slate-900 transition duration-700 ease-out data-[shown=false]:translate-y-6 data-[shown=false]:opacity-0 motion-reduce:transition-none data-[shown=false]:motion-reduce:translate-y-0"
          >
            <div className={`relative grid items-center ${look.row}`}>
              <span
                aria-hidden="true"
                data-testid="reveal-bar"
                className="absolute inset-y-0 left-0 bg-sky-500/20"
                style={{ width: `${top ? (mission.vote_count / top) * 100 : 0}%` }}
              />
              <span className="sr-only">{_('live.reveal.place', { place: index + 1, mission: mission.name, count: mission.vote_count })}</span>
              <span aria-hidden="true" className={`relative ${look.place}`}>
                {index + 1}
              </span>
              <span aria-hidden="true" className={`relative min-w-0 ${look.name}`}>
                {mission.name}
              </span>
              <span aria-hidden="true" className={`relative ${look.count}`}>
                {_('mission.voteCount', { count: mission.vote_count })}
              </span>
            </div>
            {below ? below(mission) : null}
          </li>
        );
      })}
    </ol>
  );
}
