import { useId, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { CalendarPlus, Clock, Timer, Users } from 'lucide-react';
import { toast } from 'sonner';
import type { ProgrammePart, ProgrammeSession } from '@mc/contract/programme.ts';
import { paths } from '../../../lib/paths';
import { ConferenceDialog } from '../ConferenceDialog.tsx';
import { TypeBadge } from '../ConferenceBits.tsx';
import { downloadCalendar } from '../myAgenda.ts';
import { formatDuration, formatTimeRange } from '../schedule.ts';
import type { PartState } from './partState.ts';
import { Marker, OverlapNote, PartPlace, StarButton } from './PartBits.tsx';

const chipClass = `inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-700 bg-slate-800/80 px-3 py-1 text-sm text-indigo-100 hover:border-indigo-400 hover:text-white`;

/**
 * The speakers or panelists of a part, each opening their card in the app (photo, bio, links,
 * sessions); their LinkedIn page is one of the card's links. A name the programme's speakers do
 * not know (never saved so, but kept safe) stays plain text.
 */
function PeopleChips({ part, state }: { part: ProgrammePart; state: PartState }) {
  if (part.speakers.length === 0) {
    return part.speaker ? <p className="text-sm text-slate-300">{part.speaker}</p> : null;
  }
  return (
    <ul className="flex flex-wrap gap-2" aria-label={part.type === 'PANEL' ? 'Panelists' : 'Speakers'}>
      {part.speakers.map((person) => {
        const speaker = state.speakersByName.get(person.name);
        return (
          <li key={person.name}>
            {speaker ? (
              <Link to={paths.speaker(speaker.id)} className={chipClass}>
                <span className="sr-only">Speaker profile: </span>
                {person.name}
              </Link>
            ) : (
              <span className="inline-flex min-h-9 items-center rounded-full border border-slate-700 px-3 py-1 text-sm text-slate-200">{person.name}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function PartCard({ part, session, state }: { part: ProgrammePart; session: ProgrammeSession; state: PartState }) {
  const descriptionId = useId();
  const descriptionRef = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(true);
  const [downloading, setDownloading] = useState(false);
  const timeRange = formatTimeRange(part.startTime, part.endTime);
  const duration = formatDuration(part.startTime, part.endTime);

  // Offer the toggle only when the clamped text actually hides something (it depends on the width).
  useLayoutEffect(() => {
    const element = descriptionRef.current;
    if (!element || expanded) return;
    const measure = () => setOverflows(element.scrollHeight > element.clientHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [expanded]);

  async function addToCalendar() {
    setDownloading(true);
    try {
      const filename = await downloadCalendar(part.id);
      toast.success(`Downloaded ${filename}: open it to add the part to your calendar`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The calendar file could not be made');
    } finally {
      setDownloading(false);
    }
  }

  return (
    <article
      id={`part-${part.id}`}
      tabIndex={-1}
      data-testid="agenda-part"
      aria-labelledby={`${descriptionId}-title`}
      className={`rounded-xl border bg-slate-950/60 p-4 focus:outline-none ${state.highlighted ? 'border-indigo-400' : 'border-slate-800'}`}
    >
      <div className="flex items-start gap-2">
        <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-300">
          <Marker marker={state.marker} />
          <span className="inline-flex items-center gap-1.5 font-medium text-slate-100">
            <Clock aria-hidden="true" className="size-4 text-slate-400" />
            <span data-testid="part-time">{timeRange}</span>
            {state.abroad && <span className="text-xs font-normal text-slate-300">venue time</span>}
          </span>
          <TypeBadge type={part.type} />
          <span className="inline-flex items-center gap-1" data-testid="part-duration">
            <Timer aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only">Duration </span>
            {duration}
          </span>
        </div>
        <StarButton part={part} state={state} />
      </div>
      <h4 id={`${descriptionId}-title`} className="mt-2 text-base leading-snug font-semibold text-white">
        {part.title}
      </h4>
      <PartPlace part={part} state={state} className="mt-1" />
      <div className="mt-3">
        <PeopleChips part={part} state={state} />
      </div>
      <OverlapNote titles={state.overlapsWith} />
      <p id={descriptionId} ref={descriptionRef} className={`mt-3 text-sm leading-relaxed text-slate-300 ${expanded ? '' : 'line-clamp-2'}`}>
        {part.description}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {(overflows || expanded) && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={descriptionId}
            onClick={() => setExpanded((value) => !value)}
            className={`min-h-9 rounded-lg px-2 text-sm font-medium text-indigo-300 hover:text-indigo-100`}
          >
            {expanded ? 'Show less' : 'Show more'}
            <span className="sr-only"> about {part.title}</span>
          </button>
        )}
        <button
          type="button"
          onClick={() => void addToCalendar()}
          disabled={downloading}
          className={`ml-auto inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:border-indigo-400 disabled:opacity-60`}
        >
          <CalendarPlus aria-hidden="true" className="size-4" />
          Add to calendar<span className="sr-only">: {part.title}</span>
        </button>
        <ConferenceDialog
          trigger={
            <button
              type="button"
              className={`min-h-9 rounded-lg border border-indigo-400/50 bg-indigo-500/15 px-3 text-sm font-medium text-indigo-100 hover:bg-indigo-500/25`}
            >
              View Full Details<span className="sr-only">: {part.title}</span>
            </button>
          }
          header={
            <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-300">
              <TypeBadge type={part.type} />
              <span className="inline-flex items-center gap-1.5">
                <Clock aria-hidden="true" className="size-4 text-slate-400" />
                {timeRange} ({duration})
              </span>
              <PartPlace part={part} state={state} className="basis-full" />
            </div>
          }
          title={part.title}
          description={`Session ${session.sessionNumber}: ${session.sessionTitle}`}
        >
          {/* No heading over nothing: a part without speakers or a speaker line leaves the section out. */}
          {part.speakers.length > 0 || part.speaker ? (
            <section>
              <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-100">
                <Users aria-hidden="true" className="size-4 text-slate-400" />
                {part.type === 'PANEL' ? 'Panelists' : 'Speakers'}
              </h3>
              <div className="mt-2">
                <PeopleChips part={part} state={state} />
              </div>
            </section>
          ) : null}
          <section>
            <h3 className="text-sm font-semibold text-slate-100">About This Session</h3>
            <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-300">{part.description}</p>
          </section>
        </ConferenceDialog>
      </div>
    </article>
  );
}
