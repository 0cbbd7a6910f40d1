import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Tabs } from 'radix-ui';
import { AlertTriangle, CalendarPlus, ChevronDown, Clock, Rows3, Star, Timer, Users } from 'lucide-react';
import { toast } from 'sonner';
import { nowAndNext, overlappingIds, type NowAndNext } from '@mc/contract/agenda.ts';
import type { Part, Session, Speaker } from '@mc/contract/conference.ts';
import { appConfig } from '../../lib/appConfig';
import { paths } from '../../lib/paths';
import { STORAGE_KEYS } from '../../lib/storage';
import { CalendarDialog } from './CalendarDialog.tsx';
import { ConferenceDialog } from './ConferenceDialog.tsx';
import { TypeBadge } from './ConferenceBits.tsx';
import { downloadCalendar, useMyAgenda } from './myAgenda.ts';
import {
  deviceTimeZone,
  formatClock,
  formatLongDate,
  formatShortDate,
  scheduledParts,
  useProgramme,
  zoneAbbreviation,
  zoneCity,
  type ScheduledPart,
} from './programme.ts';
import { formatDuration, formatTimeRange, partCountLabel, sessionsByDay } from './schedule.ts';
import { useNow } from './useNow.ts';
import { pageClasses } from '../../components/ui';

type View = 'compact' | 'detailed';

function initialView(): View {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.agendaView);
    if (stored === 'compact' || stored === 'detailed') return stored;
  } catch {
    // storage unavailable: the detailed view, as on a first visit
  }
  return 'detailed';
}

/** What a part shows besides its content: the person's star, the now/next marker and overlaps. */
interface PartState {
  starred: boolean;
  marker: 'now' | 'next' | null;
  overlapsWith: string[];
  onStar: (part: Part, starred: boolean) => void;
  speakersByName: ReadonlyMap<string, Speaker>;
  abroad: boolean;
  highlighted: boolean;
}

/**
 * The programme as a tab per conference day (with its real date), sticky session headers, a
 * compact or detailed view, "Now"/"Next" at the venue's time, stars that build "My agenda" on the
 * server, and calendar files. All session groups start expanded (docs/decisions/002-agenda-initial-state.md).
 */
export default function AgendaSchedulePage() {
  const programme = useProgramme();
  const { timeZone } = programme.settings;
  const [params, setParams] = useSearchParams();
  const now = useNow();
  const { favourites, starredIds, setFavourite } = useMyAgenda();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const [view, setView] = useState<View>(initialView);

  const parts = useMemo(() => scheduledParts(programme), [programme]);
  const days = useMemo(() => sessionsByDay(programme.agenda), [programme]);
  const markers = useMemo(() => nowAndNext(parts, now), [parts, now]);
  const starredParts = useMemo(() => parts.filter((entry) => starredIds.has(entry.id)), [parts, starredIds]);
  const overlaps = useMemo(() => overlapMap(starredParts), [starredParts]);
  const speakersByName = useMemo(() => new Map(programme.speakers.map((speaker) => [speaker.name, speaker])), [programme]);

  const focusPart = params.get('part');
  const mine = params.get('filter') === 'mine';
  const partDay = parts.find((entry) => entry.id === focusPart)?.day;
  const todayDay = parts.find((entry) => entry.date === venueDate(now, timeZone))?.day;
  const requestedDay = Number(params.get('day'));
  const selectedDay = String(partDay ?? (days.some((day) => day.day === requestedDay) ? requestedDay : (todayDay ?? days[0]?.day ?? 1)));

  const device = deviceTimeZone();
  const abroad = device !== null && zoneAbbreviation(device, now) !== zoneAbbreviation(timeZone, now);

  // A link to one part (from a speaker's profile or a calendar event) scrolls to it once, as soon
  // as it is on the page: with "My agenda" chosen it appears only when the stars have loaded.
  const scrolledTo = useRef<string | null>(null);
  useEffect(() => {
    if (!focusPart || scrolledTo.current === focusPart) return;
    const element = document.getElementById(`part-${focusPart}`);
    if (!element) return;
    scrolledTo.current = focusPart;
    element.scrollIntoView({ block: 'center' });
    element.focus({ preventScroll: true });
  });

  function update(changes: Record<string, string | null>) {
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );
  }

  function changeView(next: View) {
    setView(next);
    try {
      window.localStorage.setItem(STORAGE_KEYS.agendaView, next);
    } catch {
      // not remembered on this device; the choice still applies now
    }
  }

  function toggleCollapsed(sessionNumber: number) {
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(sessionNumber)) next.delete(sessionNumber);
      else next.add(sessionNumber);
      return next;
    });
  }

  function onStar(part: Part, starred: boolean) {
    setFavourite.mutate(
      { partId: part.id, starred },
      {
        onSuccess: () => toast.success(starred ? `Added "${part.title}" to My agenda` : `Removed "${part.title}" from My agenda`),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  const partState = (part: Part): PartState => ({
    starred: starredIds.has(part.id),
    marker: markers.now.includes(part.id) ? 'now' : markers.next.includes(part.id) ? 'next' : null,
    overlapsWith: overlaps.get(part.id) ?? [],
    onStar,
    speakersByName,
    abroad,
    highlighted: part.id === focusPart,
  });

  return (
    <div className={pageClasses}>
      <title>{`Agenda Schedule · ${appConfig.productName}`}</title>
      <header className="mb-4">
        <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">Agenda Schedule</h1>
        <p className="mt-2 text-sm text-slate-300" data-testid="venue-time-note">
          All times are venue times in {zoneCity(timeZone)} ({zoneAbbreviation(timeZone, now)}).
          {abroad && device ? (
            <>
              {' '}
              Your device is set to {zoneCity(device)} ({zoneAbbreviation(device, now)}); it is {formatClock(now, timeZone)} at the venue now.
            </>
          ) : null}
        </p>
      </header>

      <NowNextStrip markers={markers} parts={parts} now={now} timeZone={timeZone} />

      <div className="mb-4 flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Which parts to show" className="inline-flex rounded-xl border border-slate-700 bg-slate-900/60 p-1">
          <FilterButton pressed={!mine} onClick={() => update({ filter: null })}>
            All sessions
          </FilterButton>
          <FilterButton pressed={mine} onClick={() => update({ filter: 'mine' })}>
            <Star aria-hidden="true" className="size-4" />
            My agenda ({starredParts.length})
          </FilterButton>
        </div>
        <button
          type="button"
          aria-pressed={view === 'compact'}
          onClick={() => changeView(view === 'compact' ? 'detailed' : 'compact')}
          className={`inline-flex min-h-10 items-center gap-1.5 rounded-xl border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:border-indigo-400 aria-pressed:border-indigo-400 aria-pressed:bg-indigo-500/20`}
        >
          <Rows3 aria-hidden="true" className="size-4" />
          Compact view
        </button>
        <CalendarDialog />
      </div>

      {favourites.isError && (
        <p role="alert" className="mb-4 rounded-xl border border-amber-400/40 bg-amber-400/10 p-3 text-sm text-amber-100">
          Your starred parts could not be loaded: {favourites.error.message}
        </p>
      )}

      <Tabs.Root value={selectedDay} onValueChange={(value) => update({ day: value, part: null })}>
        <Tabs.List
          aria-label="Conference days"
          className="sticky top-16 z-20 -mx-4 mb-4 flex gap-1 border-b border-slate-800 bg-slate-950/95 px-4 backdrop-blur sm:mx-0 sm:px-0"
        >
          {days.map((day) => {
            const date = programme.settings.days[day.day - 1] ?? '';
            return (
              <Tabs.Trigger
                key={day.day}
                value={String(day.day)}
                className={`-mb-px min-h-12 flex-1 rounded-t-lg border-b-2 border-transparent px-3 py-2 text-left text-sm text-slate-300 hover:text-white data-[state=active]:border-indigo-400 data-[state=active]:text-white sm:flex-none`}
              >
                <span className="block font-semibold">{day.label}</span>
                <span className="block text-xs text-slate-300">{formatShortDate(date)}</span>
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>
        {days.map((day) => {
          const date = programme.settings.days[day.day - 1] ?? '';
          const sessions = mine
            ? day.sessions
                .map((session) => ({ ...session, parts: session.parts.filter((part) => starredIds.has(part.id)) }))
                .filter((session) => session.parts.length > 0)
            : day.sessions;
          return (
            <Tabs.Content key={day.day} value={String(day.day)} className="focus-visible:outline-none">
              <h2 className="mb-3 text-sm font-semibold tracking-widest text-indigo-300 uppercase">
                {day.label} <span className="font-normal tracking-normal normal-case text-slate-300">· {formatLongDate(date)}</span>
              </h2>
              {sessions.length === 0 ? (
                <MyAgendaEmpty loading={favourites.isPending} onShowAll={() => update({ filter: null })} />
              ) : (
                <ol className="space-y-4">
                  {sessions.map((session) => (
                    <li key={session.sessionNumber}>
                      <SessionGroup
                        session={session}
                        expanded={!collapsed.has(session.sessionNumber)}
                        onToggle={() => toggleCollapsed(session.sessionNumber)}
                        view={view}
                        partState={partState}
                      />
                    </li>
                  ))}
                </ol>
              )}
            </Tabs.Content>
          );
        })}
      </Tabs.Root>
    </div>
  );
}

/** "YYYY-MM-DD" of a moment at the venue. */
function venueDate(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** For each starred part, the titles of the other starred parts it overlaps. */
function overlapMap(starred: readonly ScheduledPart[]): Map<string, string[]> {
  const flagged = overlappingIds(starred);
  const result = new Map<string, string[]>();
  for (const entry of starred) {
    if (!flagged.has(entry.id)) continue;
    const others = starred.filter((other) => other.id !== entry.id && other.start < entry.end && entry.start < other.end);
    result.set(
      entry.id,
      others.map((other) => other.part.title),
    );
  }
  return result;
}

function FilterButton({ pressed, onClick, children }: { pressed: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-200 hover:text-white aria-pressed:bg-indigo-500 aria-pressed:text-on-accent`}
    >
      {children}
    </button>
  );
}

function MyAgendaEmpty({ loading, onShowAll }: { loading: boolean; onShowAll: () => void }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-700 px-6 py-12 text-center">
      <Star aria-hidden="true" className="mb-3 size-10 text-slate-500" />
      <p className="text-lg font-semibold text-white">{loading ? 'Loading your agenda…' : 'Nothing starred on this day'}</p>
      {!loading && <p className="mt-1 text-sm text-slate-300">Star a part to add it to My agenda; it follows you to your other devices.</p>}
      <button
        type="button"
        onClick={onShowAll}
        className={`mt-4 min-h-10 rounded-lg border border-slate-600 px-4 text-sm font-medium text-slate-100 hover:border-indigo-400`}
      >
        Show all sessions
      </button>
    </div>
  );
}

function NowNextStrip({ markers, parts, now, timeZone }: { markers: NowAndNext; parts: ScheduledPart[]; now: Date; timeZone: string }) {
  const first = parts[0];
  const last = parts.at(-1);
  // Shown from half a day before the first part until the last one ends.
  if (!first || !last || now.getTime() < first.start.getTime() - 12 * 3600_000 || now >= last.end) return null;
  const byId = new Map(parts.map((entry) => [entry.id, entry]));
  const running = markers.now.map((id) => byId.get(id)).filter((entry) => entry !== undefined);
  const coming = markers.next.map((id) => byId.get(id)).filter((entry) => entry !== undefined);
  return (
    <section
      aria-label="Now and next"
      data-testid="now-next"
      className="mb-4 grid gap-2 rounded-2xl border border-emerald-400/30 bg-emerald-400/5 p-3 sm:grid-cols-2"
    >
      <div>
        <h2 className="text-xs font-semibold tracking-widest text-emerald-300 uppercase">Now · {formatClock(now, timeZone)}</h2>
        {running.length === 0 ? (
          <p className="mt-1 text-sm text-slate-300">Nothing on right now</p>
        ) : (
          <ul className="mt-1 space-y-1">
            {running.map((entry) => (
              <li key={entry.id}>
                <Link
                  to={paths.agendaPart(entry.id)}
                  className={`text-sm font-medium text-white underline decoration-emerald-400/60 underline-offset-2 hover:decoration-emerald-300`}
                >
                  {entry.part.title}
                </Link>
                <span className="text-xs text-slate-300"> until {entry.part.endTime}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div>
        <h2 className="text-xs font-semibold tracking-widest text-sky-300 uppercase">
          Next{markers.nextStart ? ` · ${formatClock(markers.nextStart, timeZone)}` : ''}
        </h2>
        <ul className="mt-1 space-y-1">
          {coming.map((entry) => (
            <li key={entry.id}>
              <Link
                to={paths.agendaPart(entry.id)}
                className={`text-sm font-medium text-white underline decoration-sky-400/60 underline-offset-2 hover:decoration-sky-300`}
              >
                {entry.part.title}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function SessionGroup({
  session,
  expanded,
  onToggle,
  view,
  partState,
}: {
  session: Session;
  expanded: boolean;
  onToggle: () => void;
  view: View;
  partState: (part: Part) => PartState;
}) {
  const panelId = useId();
  return (
    <section data-testid="agenda-session" aria-label={`Session ${session.sessionNumber}`} className="rounded-2xl border border-slate-800 bg-slate-900/60">
      {/* Sticky below the top bar and the day tabs, so the time stays in view while the parts scroll. */}
      <h3 className="sticky top-[7.25rem] z-10 rounded-t-2xl bg-slate-900/95 backdrop-blur">
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={panelId}
          onClick={onToggle}
          className="flex w-full items-start gap-3 rounded-t-2xl p-4 text-left hover:bg-slate-800/50 focus-ring-inset sm:p-5"
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

function StarButton({ part, state }: { part: Part; state: PartState }) {
  return (
    <button
      type="button"
      aria-pressed={state.starred}
      aria-label={state.starred ? `Remove ${part.title} from My agenda` : `Add ${part.title} to My agenda`}
      onClick={() => state.onStar(part, !state.starred)}
      className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full text-slate-300 hover:bg-slate-800 hover:text-amber-200 aria-pressed:text-amber-300`}
    >
      <Star aria-hidden="true" className={`size-5 ${state.starred ? 'fill-current' : ''}`} />
    </button>
  );
}

function Marker({ marker }: { marker: PartState['marker'] }) {
  if (marker === 'now') return <span className="rounded-full bg-emerald-400 px-2 py-0.5 text-xs font-bold text-slate-950">Now</span>;
  if (marker === 'next') return <span className="rounded-full bg-sky-300 px-2 py-0.5 text-xs font-bold text-slate-950">Next</span>;
  return null;
}

function OverlapNote({ titles }: { titles: string[] }) {
  if (titles.length === 0) return null;
  return (
    <p data-testid="overlap-note" className="mt-2 flex items-start gap-1.5 text-sm text-amber-200">
      <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>Overlaps with {titles.map((title) => `"${title}"`).join(', ')} in My agenda</span>
    </p>
  );
}

function SpeakerProfileLinks({ part, state, className }: { part: Part; state: PartState; className: string }) {
  const people = part.speakers.map((ref) => state.speakersByName.get(ref.name)).filter((speaker) => speaker !== undefined);
  if (people.length === 0) return null;
  return (
    <ul className={className} aria-label={`Speaker profiles for ${part.title}`}>
      {people.map((speaker) => (
        <li key={speaker.id}>
          <Link
            to={paths.speaker(speaker.id)}
            className={`inline-flex min-h-9 items-center text-sm text-indigo-200 underline decoration-indigo-400/50 underline-offset-2 hover:text-white`}
          >
            <span className="sr-only">Speaker profile: </span>
            {speaker.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}

function CompactPart({ part, state }: { part: Part; state: PartState }) {
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
        <SpeakerProfileLinks part={part} state={state} className="mt-1 flex flex-wrap gap-x-3 gap-y-1" />
        {part.speakers.length === 0 && part.speaker ? <p className="mt-1 text-sm text-slate-300">{part.speaker}</p> : null}
        <OverlapNote titles={state.overlapsWith} />
      </div>
      <StarButton part={part} state={state} />
    </article>
  );
}

const chipClass = `inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-700 bg-slate-800/80 px-3 py-1 text-sm text-indigo-100 hover:border-indigo-400 hover:text-white`;

/**
 * The speakers or panelists of a part, each opening their card in the app (photo, bio, links,
 * sessions); their LinkedIn page is one of the card's links. A name the programme's speakers do
 * not know (never saved so, but kept safe) stays plain text.
 */
function PeopleChips({ part, state }: { part: Part; state: PartState }) {
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

function PartCard({ part, session, state }: { part: Part; session: Session; state: PartState }) {
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
