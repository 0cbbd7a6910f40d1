import { useId, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDown, Clock, Timer, Users } from 'lucide-react';
import type { Part, Session } from '@mc/contract/conference.ts';
import { conference } from './content/index.ts';
import { ConferenceDialog } from './ConferenceDialog.tsx';
import { ExternalAnchor, TypeBadge } from './ConferenceBits.tsx';
import { formatDuration, formatTimeRange, partCountLabel, sessionsByDay } from './schedule.ts';
import { focusRing } from './styles.ts';

const days = sessionsByDay(conference.agenda);

/**
 * All session groups start expanded (docs/decisions/002-agenda-initial-state.md):
 * the set holds the sessions a person has collapsed, and starts empty.
 */
export default function AgendaSchedulePage() {
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());

  function toggle(sessionNumber: number) {
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(sessionNumber)) next.delete(sessionNumber);
      else next.add(sessionNumber);
      return next;
    });
  }

  return (
    <div className="mx-auto w-full max-w-4xl">
      <header className="mb-6">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Agenda Schedule</h1>
      </header>
      <div className="space-y-8">
        {days.map((day) => (
          <section key={day.day} aria-labelledby={`agenda-day-${day.day}`}>
            <h2 id={`agenda-day-${day.day}`} className="mb-3 text-sm font-semibold tracking-widest text-indigo-300 uppercase">
              {day.label}
            </h2>
            <ol className="space-y-4">
              {day.sessions.map((session) => (
                <li key={session.sessionNumber}>
                  <SessionGroup
                    session={session}
                    expanded={!collapsed.has(session.sessionNumber)}
                    onToggle={() => toggle(session.sessionNumber)}
                  />
                </li>
              ))}
            </ol>
          </section>
        ))}
      </div>
    </div>
  );
}

function SessionGroup({ session, expanded, onToggle }: { session: Session; expanded: boolean; onToggle: () => void }) {
  const panelId = useId();
  return (
    <section
      data-testid="agenda-session"
      aria-label={`Session ${session.sessionNumber}`}
      className="overflow-hidden rounded-2xl border border-slate-800 bg-slate-900/60"
    >
      <h3>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-start gap-3 p-4 text-left hover:bg-slate-800/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 focus-visible:ring-inset sm:p-5"
        >
          <span className="min-w-0 flex-1">
            <span className="block text-xs font-semibold tracking-wide text-indigo-300 uppercase">Session {session.sessionNumber}</span>
            <span className="mt-1 block text-lg leading-snug font-semibold text-white">{session.sessionTitle}</span>
            <span className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-300">
              <span className="inline-flex items-center gap-1.5" data-testid="session-time">
                <Clock aria-hidden="true" className="size-4 text-slate-400" />
                {formatTimeRange(session.startTime, session.endTime)}
              </span>
              <span>{partCountLabel(session.parts.length)}</span>
            </span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className={`mt-1 size-5 shrink-0 text-slate-300 transition-transform ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
      </h3>
      <div id={panelId} hidden={!expanded}>
        <ol className="space-y-3 border-t border-slate-800 p-3 sm:p-4">
          {session.parts.map((part) => (
            <li key={part.id}>
              <PartCard part={part} session={session} />
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

const chipClass = `inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-700 bg-slate-800/80 px-3 py-1 text-sm text-indigo-100 hover:border-indigo-400 hover:text-white ${focusRing}`;

function PeopleChips({ part }: { part: Part }) {
  if (part.speakers.length === 0) {
    return part.speaker ? <p className="text-sm text-slate-300">{part.speaker}</p> : null;
  }
  return (
    <ul className="flex flex-wrap gap-2" aria-label={part.type === 'PANEL' ? 'Panelists' : 'Speakers'}>
      {part.speakers.map((person) => (
        <li key={person.name}>
          {person.linkedinUrl ? (
            <ExternalAnchor href={person.linkedinUrl} className={chipClass}>
              {person.name}
            </ExternalAnchor>
          ) : (
            <span className="inline-flex min-h-9 items-center rounded-full border border-slate-700 px-3 py-1 text-sm text-slate-200">
              {person.name}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function PartCard({ part, session }: { part: Part; session: Session }) {
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
    <article data-testid="agenda-part" aria-labelledby={`${descriptionId}-title`} className="rounded-xl border border-slate-800 bg-slate-950/60 p-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-300">
        <span className="inline-flex items-center gap-1.5 font-medium text-slate-100" data-testid="part-time">
          <Clock aria-hidden="true" className="size-4 text-slate-400" />
          {timeRange}
        </span>
        <TypeBadge type={part.type} />
        <span className="inline-flex items-center gap-1" data-testid="part-duration">
          <Timer aria-hidden="true" className="size-4 text-slate-400" />
          <span className="sr-only">Duration </span>
          {duration}
        </span>
      </div>
      <h4 id={`${descriptionId}-title`} className="mt-2 text-base leading-snug font-semibold text-white">
        {part.title}
      </h4>
      <div className="mt-3">
        <PeopleChips part={part} />
      </div>
      <p
        id={descriptionId}
        ref={descriptionRef}
        className={`mt-3 text-sm leading-relaxed text-slate-300 ${expanded ? '' : 'line-clamp-2'}`}
      >
        {part.description}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {(overflows || expanded) && (
          <button
            type="button"
            aria-expanded={expanded}
            aria-controls={descriptionId}
            onClick={() => setExpanded((value) => !value)}
            className={`min-h-9 rounded-lg px-2 text-sm font-medium text-indigo-300 hover:text-indigo-100 ${focusRing}`}
          >
            {expanded ? 'Show less' : 'Show more'}
            <span className="sr-only"> about {part.title}</span>
          </button>
        )}
        <ConferenceDialog
          trigger={
            <button
              type="button"
              className={`ml-auto min-h-9 rounded-lg border border-indigo-400/50 bg-indigo-500/15 px-3 text-sm font-medium text-indigo-100 hover:bg-indigo-500/25 ${focusRing}`}
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
            </div>
          }
          title={part.title}
          description={`Session ${session.sessionNumber}: ${session.sessionTitle}`}
        >
          <section>
            <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-100">
              <Users aria-hidden="true" className="size-4 text-slate-400" />
              {part.type === 'PANEL' ? 'Panelists' : 'Speakers'}
            </h3>
            <div className="mt-2">
              <PeopleChips part={part} />
            </div>
          </section>
          <section>
            <h3 className="text-sm font-semibold text-slate-100">About This Session</h3>
            <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-300">{part.description}</p>
          </section>
        </ConferenceDialog>
      </div>
    </article>
  );
}
