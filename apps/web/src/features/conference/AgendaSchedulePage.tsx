import { useEffect, useMemo, useRef, useState } from 'react';
import { Tabs } from 'radix-ui';
import { Star } from 'lucide-react';
import { toast } from 'sonner';
import { nowAndNext, overlappingIds } from '@mc/contract/agenda.ts';
import type { ProgrammePart } from '@mc/contract/programme.ts';
import { appConfig } from '../../lib/appConfig';
import { CalendarDialog } from './CalendarDialog.tsx';
import { useMyAgenda } from './myAgenda.ts';
import { deviceTimeZone, formatClock, formatShortDate, scheduledParts, useProgramme, zoneAbbreviation, zoneCity, type ScheduledPart } from './programme.ts';
import { sessionsByDay } from './schedule.ts';
import {
  filterSessions,
  jumpTarget,
  matchCountLabel,
  matchesByDay,
  parsePartType,
  parseRoom,
  partMatches,
  roomsInUse,
  searchTerms,
  type AgendaCriteria,
} from './agendaSearch.ts';
import { useNow } from './useNow.ts';
import { pageClasses, LoadError } from '../../components/ui';
import { CompactViewButton, FilterButton, FiltersEmpty, LayoutSwitch, MyAgendaEmpty, SearchEmpty } from './agenda/AgendaControls.tsx';
import { DayHeading, DayParts, SearchResults, dayHeadingId } from './agenda/AgendaDays.tsx';
import { AgendaFilters, JumpToNowButton } from './agenda/AgendaFilters.tsx';
import { ChangesDialog } from './agenda/ChangesDialog.tsx';
import { NowNextStrip } from './agenda/NowNextStrip.tsx';
import type { PartState } from './agenda/partState.ts';
import { parseLayout } from './agenda/roomGrid.ts';
import { useAgendaParams } from './agenda/useAgendaParams.ts';
import { useCompactView } from './agenda/useCompactView.ts';
import { VenueLine } from './agenda/VenueLine.tsx';

/**
 * The programme as a tab per conference day (with its real date), sticky session headers, a
 * compact or detailed list or a grid of rooms × time, "Now"/"Next" at the venue's time, stars that
 * build "My agenda" on the server, and calendar files. All session groups start expanded
 * (docs/decisions/002-agenda-initial-state.md).
 * A search looks through every day at once; the type, room and "My agenda" filters narrow both the
 * day's tab and a search (docs/product.md#agenda-schedule).
 */
export default function AgendaSchedulePage() {
  const programme = useProgramme();
  const { timeZone } = programme.settings;
  const { params, update, searchText, setSearchText } = useAgendaParams();
  const now = useNow();
  const { favourites, starredIds, setFavourite } = useMyAgenda();
  const [collapsed, setCollapsed] = useState<ReadonlySet<number>>(() => new Set());
  const [view, changeView] = useCompactView();

  const parts = useMemo(() => scheduledParts(programme), [programme]);
  const days = useMemo(() => sessionsByDay(programme.agenda), [programme]);
  const markers = useMemo(() => nowAndNext(parts, now), [parts, now]);
  const starredParts = useMemo(() => parts.filter((entry) => starredIds.has(entry.id)), [parts, starredIds]);
  const overlaps = useMemo(() => overlapMap(starredParts), [starredParts]);
  const speakersByName = useMemo(() => new Map(programme.speakers.map((speaker) => [speaker.name, speaker])), [programme]);
  const rooms = useMemo(
    () =>
      roomsInUse(
        parts.map((entry) => entry.part),
        programme.settings.rooms,
      ),
    [parts, programme],
  );

  const focusPart = params.get('part');
  const mine = params.get('filter') === 'mine';
  const type = parsePartType(params.get('type'));
  const room = parseRoom(params.get('room'), rooms);
  const layout = parseLayout(params.get('view'), rooms);
  // What the filters let through, before any search: a day's tab, and where "Jump to now" looks.
  const filters: AgendaCriteria = { terms: [], type, room, starred: mine ? starredIds : null };
  const terms = searchTerms(searchText);
  const found = terms.length > 0 ? matchesByDay(days, { ...filters, terms }) : null;
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

  // "Jump to now" leaves the search for today's tab, which draws a moment later (the router
  // applies the URL change in a transition, and the tab draws its content after it is chosen):
  // the jump happens once that tab shows its target.
  const jump = useRef<{ day: string; elementId: string } | null>(null);
  const [, setJumps] = useState(0);
  useEffect(() => {
    const pending = jump.current;
    if (!pending || found || pending.day !== selectedDay) return undefined;
    const arrive = (): boolean => {
      const element = document.getElementById(pending.elementId);
      if (!element) return false;
      jump.current = null;
      const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      element.scrollIntoView({ block: 'center', behavior: reduceMotion ? 'auto' : 'smooth' });
      element.focus({ preventScroll: true });
      return true;
    };
    if (arrive()) return undefined;
    const observer = new MutationObserver(() => {
      if (arrive()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  });

  function jumpToNow() {
    if (todayDay === undefined) return;
    const target = jumpTarget(
      parts.filter((entry) => entry.day === todayDay && partMatches(entry.part, filters)),
      new Date(),
    );
    jump.current = { day: String(todayDay), elementId: target ? `part-${target.id}` : dayHeadingId(todayDay) };
    if (target) setCollapsed((previous) => new Set([...previous].filter((number) => number !== target.session.sessionNumber)));
    setSearchText('', { day: String(todayDay), part: null });
    setJumps((count) => count + 1);
  }

  function toggleCollapsed(sessionNumber: number) {
    setCollapsed((previous) => {
      const next = new Set(previous);
      if (next.has(sessionNumber)) next.delete(sessionNumber);
      else next.add(sessionNumber);
      return next;
    });
  }

  function onStar(part: ProgrammePart, starred: boolean) {
    setFavourite.mutate(
      { partId: part.id, starred },
      {
        onSuccess: () => toast.success(starred ? `Added "${part.title}" to My agenda` : `Removed "${part.title}" from My agenda`),
        onError: (error) => toast.error(error.message),
      },
    );
  }

  const partState = (part: ProgrammePart): PartState => ({
    starred: starredIds.has(part.id),
    marker: markers.now.includes(part.id) ? 'now' : markers.next.includes(part.id) ? 'next' : null,
    overlapsWith: overlaps.get(part.id) ?? [],
    onStar,
    speakersByName,
    abroad,
    highlighted: part.id === focusPart,
    venue: programme.settings,
  });
  const sessionList = { collapsed, onToggle: toggleCollapsed, view, partState, layout, rooms: programme.settings.rooms };

  // The clear buttons of the empty states go away once pressed: focus moves to the control they reset.
  const controls = { search: useRef<HTMLInputElement>(null), type: useRef<HTMLSelectElement>(null) };
  function clearSearch() {
    setSearchText('');
    controls.search.current?.focus();
  }
  function clearFilters() {
    update({ type: null, room: null });
    controls.type.current?.focus();
  }

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
        <VenueLine venue={programme.settings} />
      </header>

      <NowNextStrip markers={markers} parts={parts} now={now} timeZone={timeZone} />

      <div className="mb-4 flex flex-wrap items-center gap-2">
        {todayDay !== undefined && <JumpToNowButton onJump={jumpToNow} />}
        <div role="group" aria-label="Which parts to show" className="inline-flex rounded-xl border border-slate-700 bg-slate-900/60 p-1">
          <FilterButton pressed={!mine} onClick={() => update({ filter: null })}>
            All sessions
          </FilterButton>
          <FilterButton pressed={mine} onClick={() => update({ filter: 'mine' })}>
            <Star aria-hidden="true" className="size-4" />
            My agenda ({starredParts.length})
          </FilterButton>
        </div>
        {rooms.length > 0 && <LayoutSwitch layout={layout} onChange={(next) => update({ view: next === 'rooms' ? next : null })} />}
        {layout === 'list' && <CompactViewButton view={view} onChange={changeView} />}
        <CalendarDialog />
        <ChangesDialog timeZone={timeZone} />
      </div>

      <AgendaFilters
        values={{ searchText, type, room, rooms, status: found ? matchCountLabel(found.count) : '' }}
        controls={controls}
        onSearch={(text) => setSearchText(text)}
        onFilter={update}
      />

      {favourites.isError && (
        <LoadError
          className="mb-4"
          message={`Your starred parts could not be loaded: ${favourites.error.message}`}
          retrying={favourites.isFetching}
          onRetry={() => void favourites.refetch()}
        />
      )}

      {found ? (
        found.count > 0 ? (
          <SearchResults days={found.days} dates={programme.settings.days} list={sessionList} />
        ) : mine && favourites.isPending ? (
          <MyAgendaEmpty loading onShowAll={() => update({ filter: null })} />
        ) : (
          <SearchEmpty query={searchText.trim()} onClear={clearSearch} />
        )
      ) : (
        <Tabs.Root value={selectedDay} onValueChange={(value) => update({ day: value, part: null })}>
          <Tabs.List
            aria-label="Conference days"
            className="sticky top-16 z-20 -mx-4 mb-4 flex gap-1 border-b border-slate-800 bg-slate-950/95 px-4 backdrop-blur sm:mx-0 sm:px-0"
          >
            {days.map((day) => (
              <Tabs.Trigger
                key={day.day}
                value={String(day.day)}
                className={`-mb-px min-h-12 flex-1 rounded-t-lg border-b-2 border-transparent px-3 py-2 text-left text-sm text-slate-300 hover:text-white data-[state=active]:border-indigo-400 data-[state=active]:text-white sm:flex-none`}
              >
                <span className="block font-semibold">{day.label}</span>
                <span className="block text-xs text-slate-300">{formatShortDate(programme.settings.days[day.day - 1] ?? '')}</span>
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {days.map((day) => {
            const sessions = filterSessions(day.sessions, filters);
            return (
              <Tabs.Content key={day.day} value={String(day.day)} className="focus-visible:outline-none">
                <DayHeading day={day} date={programme.settings.days[day.day - 1] ?? ''} />
                {sessions.length > 0 ? (
                  <DayParts day={day} sessions={sessions} options={sessionList} />
                ) : type !== null || room !== null ? (
                  <FiltersEmpty onClear={clearFilters} />
                ) : (
                  <MyAgendaEmpty loading={favourites.isPending} onShowAll={() => update({ filter: null })} />
                )}
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      )}
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
