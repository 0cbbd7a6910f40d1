import { useDeferredValue, useId } from 'react';
import { Link } from 'react-router';
import { ChevronDown, Clock } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { ProgrammePart, ProgrammeSession } from '@mc/contract/programme.ts';
import { paths } from '../../../lib/paths';
import { formatDuration } from '../programmeTexts.ts';
import { formatTimeRange } from '../schedule.ts';
import { PartCard } from './PartCard.tsx';
import { Marker, OverlapNote, PartPlace, StarButton } from './PartBits.tsx';
import type { PartState, View } from './partState.ts';

export function SessionGroup({
  session,
  expanded,
  onToggle,
  view,
  partState,
}: {
  session: ProgrammeSession;
  expanded: boolean;
  onToggle: () => void;
  view: View;
  partState: (part: ProgrammePart) => PartState;
}) {
  const { _ } = useLingui();
  const panelId = useId();
  return (
    <section
      data-testid="agenda-session"
      aria-label={_('agenda.session.number', { number: session.sessionNumber })}
      className="rounded-2xl border border-slate-800 bg-slate-900/60"
    >
      {/* Sticky below the top bar and the day tabs, so the time stays in view while the parts scroll. */}
      <h3 className="sticky top-[7.25rem] z-10 rounded-t-2xl bg-slate-900/95">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-start gap-3 rounded-t-2xl p-4 text-left hover:bg-slate-800/50 focus-ring-inset sm:p-5"
        >
          <span className="min-w-0 flex-1">
            <span className="block text-xs font-semibold tracking-wide text-indigo-300 uppercase">
              {_('agenda.session.number', { number: session.sessionNumber })}
            </span>
            <span className="mt-1 block text-lg leading-snug font-semibold text-white">{session.sessionTitle}</span>
            <span className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-300">
              <span className="inline-flex items-center gap-1.5" data-testid="session-time">
                <Clock aria-hidden="true" className="size-4 text-slate-400" />
                {formatTimeRange(session.startTime, session.endTime)}
              </span>
              {/* "1 part" or "{n} parts" (docs/product.md#agenda-schedule). */}
              <span>{_('agenda.session.partCount', { count: session.parts.length })}</span>
            </span>
          </span>
          <ChevronDown aria-hidden="true" className={`mt-1 size-5 shrink-0 text-slate-300 transition-transform ${expanded ? 'rotate-180' : ''}`} />
        </button>
      </h3>
      <div id={panelId} hidden={!expanded}>
        <ol className={`border-t border-slate-800 ${view === 'compact' ? 'divide-y divide-slate-800' : 'space-y-3 p-3 sm:p-4'}`}>
          {session.parts.map((part) => (
            <li key={part.id}>
              {view === 'compact' ? <CompactPart part={part} state={partState(part)} /> : <PartCard part={part} session={session} state={partState(part)} />}
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function SpeakerProfileLinks({ part, state, className }: { part: ProgrammePart; state: PartState; className: string }) {
  const { _ } = useLingui();
  const people = part.speakers.map((ref) => state.speakersByName.get(ref.name)).filter((speaker) => speaker !== undefined);
  if (people.length === 0) return null;
  return (
    <ul className={className} aria-label={_('agenda.people.profilesFor', { title: part.title })}>
      {people.map((speaker) => (
        <li key={speaker.id}>
          <Link
            to={paths.speaker(speaker.id)}
            className={`inline-flex min-h-9 items-center text-sm text-indigo-200 underline decoration-indigo-400/50 underline-offset-2 hover:text-white`}
          >
            <span className="sr-only">{_('agenda.people.profile')} </span>
            {speaker.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CompactPart({ part, state }: { part: ProgrammePart; state: PartState }) {
  return (
    <article
      id={`part-${part.id}`}
      tabIndex={-1}
      data-testid="agenda-part"
      aria-labelledby={`title-${part.id}`}
      className={`flex items-start gap-3 px-3 py-2.5 focus:outline-none sm:px-4 ${state.highlighted ? 'bg-indigo-500/15' : ''}`}
    >
      <div className="w-14 shrink-0 pt-0.5 text-sm font-semibold text-slate-100 tabular-nums">
        <span data-testid="part-time" className="sr-only">
          {formatTimeRange(part.startTime, part.endTime)}
        </span>
        <span aria-hidden="true">{part.startTime}</span>
        <span aria-hidden="true" className="block text-xs font-normal text-slate-400">
          {formatDuration(part.startTime, part.endTime)}
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Marker marker={state.marker} />
          <h4 id={`title-${part.id}`} className="text-sm leading-snug font-semibold text-white">
            {part.title}
          </h4>
        </div>
        <PartPlace part={part} state={state} className="mt-0.5" />
        <SpeakerProfileLinks part={part} state={state} className="mt-1 flex flex-wrap gap-x-3 gap-y-1" />
        {part.speakers.length === 0 && part.speaker ? <p className="mt-1 text-sm text-slate-300">{part.speaker}</p> : null}
        <OverlapNote titles={state.overlapsWith} />
      </div>
      <StarButton part={part} state={state} />
    </article>
  );
}

export interface SessionListProps {
  sessions: ProgrammeSession[];
  collapsed: ReadonlySet<number>;
  onToggle: (sessionNumber: number) => void;
  view: View;
  partState: (part: ProgrammePart) => PartState;
}

/**
 * How many of a day's sessions are drawn at once when the day appears: a phone's screen shows no
 * more than the first. The others are drawn right after, in a render React lets a tap or a scroll
 * interrupt, so the day shows sooner on a slow phone (docs/performance.md#screens-on-a-phone-npm-run-benchscreens).
 */
const SESSIONS_DRAWN_FIRST = 1;

/** A day's sessions, as the day's tab or a day of search results shows them. */
export function SessionList({ sessions, collapsed, onToggle, view, partState }: SessionListProps) {
  const drawn = useDeferredValue(sessions.length, Math.min(sessions.length, SESSIONS_DRAWN_FIRST));
  return (
    <ol className="space-y-4">
      {sessions.slice(0, drawn).map((session) => (
        <li key={session.sessionNumber}>
          <SessionGroup
            session={session}
            expanded={!collapsed.has(session.sessionNumber)}
            onToggle={() => onToggle(session.sessionNumber)}
            view={view}
            partState={partState}
          />
        </li>
      ))}
    </ol>
  );
}
