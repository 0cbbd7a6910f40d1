import { AlertTriangle, MapPin, Star } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { locationText, type ProgrammePart } from '@mc/contract/programme.ts';
import type { PartState } from './partState.ts';

export function StarButton({ part, state }: { part: ProgrammePart; state: PartState }) {
  const { _ } = useLingui();
  return (
    <button
      type="button"
      aria-pressed={state.starred}
      aria-label={state.starred ? _('agenda.star.remove', { title: part.title }) : _('agenda.star.add', { title: part.title })}
      onClick={() => state.onStar(part, !state.starred)}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 hover:text-amber-200 aria-pressed:text-amber-300`}
    >
      <Star aria-hidden="true" className={`size-5 ${state.starred ? 'fill-current' : ''}`} />
    </button>
  );
}

export function Marker({ marker }: { marker: PartState['marker'] }) {
  const { _ } = useLingui();
  if (marker === 'now') return <span className="rounded-full bg-emerald-400 px-2 py-0.5 text-xs font-bold text-slate-950">{_('agenda.marker.now')}</span>;
  if (marker === 'next') return <span className="rounded-full bg-sky-300 px-2 py-0.5 text-xs font-bold text-slate-950">{_('agenda.marker.next')}</span>;
  return null;
}

export function OverlapNote({ titles }: { titles: string[] }) {
  const { _ } = useLingui();
  if (titles.length === 0) return null;
  return (
    <p data-testid="overlap-note" className="mt-2 flex items-start gap-1.5 text-sm text-amber-200">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{_('agenda.overlap', { titles: titles.map((title) => `"${title}"`).join(', ') })}</span>
    </p>
  );
}

/**
 * Where a part happens: its room, then the venue and its address, as one line with a pin. Nothing
 * when the organisers named neither a room nor a venue.
 */
export function PartPlace({ part, state, className = '' }: { part: ProgrammePart; state: PartState; className?: string }) {
  const { _ } = useLingui();
  const where = locationText(part.room, state.venue);
  if (!where) return null;
  return (
    <p data-testid="part-place" className={`flex items-start gap-1.5 text-sm text-slate-300 ${className}`}>
      <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-400" />
      <span>
        <span className="sr-only">{_('agenda.place.where')} </span>
        {where}
      </span>
    </p>
  );
}
