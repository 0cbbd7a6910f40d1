import { useId, useLayoutEffect, useRef, useState } from 'react';
import { CalendarPlus, Clock, Timer } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import type { ProgrammePart, ProgrammeSession } from '@mc/contract/programme.ts';
import { TypeBadge } from '../ConferenceBits.tsx';
import { downloadCalendar } from '../myAgenda.ts';
import { formatDuration } from '../programmeTexts.ts';
import { formatTimeRange } from '../schedule.ts';
import type { PartState } from './partState.ts';
import { Marker, OverlapNote, PartPlace, StarButton } from './PartBits.tsx';
import { PartDetailsDialog, PeopleChips } from './PartDetails.tsx';

/** That part's .ics file, downloaded for the person to open in their calendar app. */
function AddToCalendarButton({ part }: { part: ProgrammePart }) {
  const { _ } = useLingui();
  const [downloading, setDownloading] = useState(false);

  async function addToCalendar() {
    setDownloading(true);
    try {
      const filename = await downloadCalendar(part.id);
      toast.success(_('calendar.part.downloaded', { filename }));
    } catch (error) {
      toast.error(error instanceof Error ? error.message : _('calendar.download.failed'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <button
      type="button"
      onClick={() => void addToCalendar()}
      disabled={downloading}
      className={`ml-auto inline-flex min-h-9 items-center gap-1.5 rounded-lg border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:border-indigo-400 disabled:opacity-60`}
    >
      <CalendarPlus aria-hidden="true" className="size-4" />
      {_('calendar.part.add')}
      <span className="sr-only">: {part.title}</span>
    </button>
  );
}

export function PartCard({ part, session, state }: { part: ProgrammePart; session: ProgrammeSession; state: PartState }) {
  const { _ } = useLingui();
  const descriptionId = useId();
  const descriptionRef = useRef<HTMLParagraphElement>(null);
  const [expanded, setExpanded] = useState(false);
  const [overflows, setOverflows] = useState(true);
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
            {state.abroad && <span className="text-xs font-normal text-slate-300">{_('agenda.part.venueTime')}</span>}
          </span>
          <TypeBadge type={part.type} />
          <span className="inline-flex items-center gap-1" data-testid="part-duration">
            <Timer aria-hidden="true" className="size-4 text-slate-400" />
            <span className="sr-only">{_('agenda.part.duration')} </span>
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
            {expanded ? _('agenda.part.showLess') : _('agenda.part.showMore')}
            <span className="sr-only"> {_('agenda.part.showAbout', { title: part.title })}</span>
          </button>
        )}
        <AddToCalendarButton part={part} />
        <PartDetailsDialog
          part={part}
          session={session}
          state={state}
          trigger={
            <button
              type="button"
              className={`min-h-9 rounded-lg border border-indigo-400/50 bg-indigo-500/15 px-3 text-sm font-medium text-indigo-100 hover:bg-indigo-500/25`}
            >
              {_('agenda.part.viewDetails')}
              <span className="sr-only">: {part.title}</span>
            </button>
          }
        />
      </div>
    </article>
  );
}
