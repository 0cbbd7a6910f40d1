import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { RoundResultMission } from '@mc/contract';
import { roundResultQuery } from './roundsApi';
import { LoadError } from '../../components/ui';
import { RankedPlaces } from './RankedPlaces';

/** Time between two places of the reveal when it runs by itself, last place first. */
const REVEAL_STEP_MS = 1_500;

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Keys that are the page's own business, not the reveal's: typing, and pressing a focused control. */
function belongsToControl(event: KeyboardEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return true;
  const target = event.target;
  return target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT', 'BUTTON', 'A'].includes(target.tagName));
}

/**
 * How many places are shown, counted from the last. It runs by itself (one place every 1.5 s; all
 * at once when reduced motion is preferred) until an organiser's key takes it over (`keys`), or
 * from the start when the organiser revealed it from this screen (`driven`).
 */
function useShownPlaces(total: number, keys: boolean, driven: boolean): number {
  const [manual, setManual] = useState(driven);
  const [shown, setShown] = useState(() => (driven ? 0 : prefersReducedMotion() ? Number.MAX_SAFE_INTEGER : 0));
  useEffect(() => {
    if (manual || shown >= total) return undefined;
    const timer = setTimeout(() => setShown((count) => count + 1), REVEAL_STEP_MS);
    return () => clearTimeout(timer);
  }, [manual, shown, total]);
  useEffect(() => {
    if (!keys) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (belongsToControl(event)) return;
      const step = { ArrowRight: 1, ' ': 1, PageDown: 1, ArrowLeft: -1, PageUp: -1, End: total, Home: -total }[event.key];
      if (step === undefined) return;
      event.preventDefault();
      setManual(true);
      setShown((count) => Math.min(total, Math.max(0, Math.min(count, total) + step)));
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [keys, total]);
  return Math.min(shown, total);
}

/**
 * The ranking (RankedPlaces), revealed from the last place up to the first, each place sliding in
 * (without motion when reduced motion is preferred). Organisers (`keys`) step through it with the keyboard.
 */
export default function RevealRanking({ roundId, keys, driven }: { roundId: string; keys: boolean; driven: boolean }) {
  const { _ } = useLingui();
  const result = useQuery(roundResultQuery(roundId));
  const places: RoundResultMission[] = result.data?.missions ?? [];
  const shown = useShownPlaces(places.length, keys, driven);
  if (result.isPending) return <p className="text-3xl text-slate-300">{_('rounds.result.loading')}</p>;
  if (result.isError) {
    return <LoadError className="text-2xl" message={_('rounds.result.loadFailed')} retrying={result.isFetching} onRetry={() => void result.refetch()} />;
  }
  const firstShown = places.length - shown;
  const latest = shown > 0 ? places[firstShown] : undefined;
  return (
    <div className="flex flex-col gap-4">
      {keys ? (
        <p className="text-lg text-slate-300" data-testid="reveal-keys">
          {shown < places.length ? _('live.reveal.keys') : _('live.reveal.allShown')}
        </p>
      ) : null}
      <p className="sr-only" role="status">
        {latest ? _('live.reveal.place', { place: firstShown + 1, mission: latest.name, count: latest.vote_count }) : ''}
      </p>
      <RankedPlaces places={places} label={_('live.reveal.label')} size="projector" firstShown={firstShown} />
    </div>
  );
}
