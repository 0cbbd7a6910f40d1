import { useMemo } from 'react';
import { useLingui } from '@lingui/react';
import { nowAndNext, venueDay } from '@mc/contract/agenda.ts';
import { appConfig } from '../../lib/appConfig';
import { useMyAgenda } from './myAgenda.ts';
import { deviceTimeZone, zoneAbbreviation } from './programme.ts';
import { matchesByDay, parsePartType, parseRoom, searchTerms, type AgendaCriteria } from './agendaSearch.ts';
import { useNow } from './useNow.ts';
import { pageClasses, LoadError } from '../../components/ui';
import { AgendaDayTabs } from './agenda/AgendaDayTabs.tsx';
import { SearchOutcome } from './agenda/AgendaDays.tsx';
import { AgendaFilters } from './agenda/AgendaFilters.tsx';
import { AgendaHeader } from './agenda/AgendaHeader.tsx';
import { AgendaToolbar } from './agenda/AgendaToolbar.tsx';
import { NowNextStrip } from './agenda/NowNextStrip.tsx';
import { parseLayout } from './agenda/roomGrid.ts';
import { useAgendaProgramme } from './agenda/useAgendaProgramme.ts';
import { useAgendaParams } from './agenda/useAgendaParams.ts';
import { useClearButtons } from './agenda/useClearButtons.ts';
import { useCollapsedSessions } from './agenda/useCollapsedSessions.ts';
import { useCompactView } from './agenda/useCompactView.ts';
import { useJumpToNow } from './agenda/useJumpToNow.ts';
import { usePartState } from './agenda/usePartState.ts';
import { useScrollToLinkedPart } from './agenda/useScrollToLinkedPart.ts';

/**
 * The programme as a tab per conference day (with its real date), sticky session headers, a
 * compact or detailed list or a grid of rooms × time, "Now"/"Next" at the venue's time, stars that
 * build "My agenda" on the server, and calendar files. All session groups start expanded
 * (docs/decisions/002-agenda-initial-state.md).
 * A search looks through every day at once; the type, room and "My agenda" filters narrow both the
 * day's tab and a search (docs/product.md#agenda-schedule).
 */
export default function AgendaSchedulePage() {
  const { _ } = useLingui();
  const { programme, parts, days, rooms } = useAgendaProgramme();
  const { timeZone } = programme.settings;
  const { params, update, searchText, setSearchText } = useAgendaParams();
  const now = useNow();
  const { favourites, starredIds, setFavourite } = useMyAgenda();
  const { collapsed, toggle: toggleCollapsed, expand: expandSession } = useCollapsedSessions();
  const [view, changeView] = useCompactView();

  const markers = useMemo(() => nowAndNext(parts, now), [parts, now]);
  const starredParts = useMemo(() => parts.filter((entry) => starredIds.has(entry.id)), [parts, starredIds]);

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
  const today = venueDay(now, timeZone);
  const todayDay = parts.find((entry) => entry.date === today)?.day;
  const requestedDay = Number(params.get('day'));
  const selectedDay = String(partDay ?? (days.some((day) => day.day === requestedDay) ? requestedDay : (todayDay ?? days[0]?.day ?? 1)));

  const device = deviceTimeZone();
  const abroad = device !== null && zoneAbbreviation(device, now) !== zoneAbbreviation(timeZone, now);

  useScrollToLinkedPart(focusPart);
  const jumpToNow = useJumpToNow({ todayDay, parts, filters, selectedDay, searching: found !== null, expandSession, setSearchText });
  const partState = usePartState({ programme, markers, starredIds, starredParts, focusPart, abroad, setFavourite });
  const sessionList = { collapsed, onToggle: toggleCollapsed, view, partState, layout, rooms: programme.settings.rooms };
  const { controls, clearSearch, clearFilters } = useClearButtons({ update, setSearchText });

  return (
    <div className={pageClasses}>
      <title>{_('agenda.documentTitle', { productName: appConfig.productName })}</title>
      <AgendaHeader timeZone={timeZone} deviceZone={abroad ? device : null} now={now} venue={programme.settings} />

      <NowNextStrip markers={markers} parts={parts} now={now} timeZone={timeZone} />

      <AgendaToolbar
        onJumpToNow={todayDay !== undefined ? jumpToNow : null}
        mine={mine}
        starredCount={starredParts.length}
        layout={layout}
        hasRooms={rooms.length > 0}
        view={view}
        onViewChange={changeView}
        timeZone={timeZone}
        onUpdate={update}
      />

      <AgendaFilters
        // "1 part matches" or "{n} parts match" (docs/product.md#agenda-schedule).
        values={{ searchText, type, room, rooms, status: found ? _('agenda.search.matchCount', { count: found.count }) : '' }}
        controls={controls}
        onSearch={(text) => setSearchText(text)}
        onFilter={update}
      />

      {favourites.isError && (
        <LoadError
          className="mb-4"
          message={_('agenda.stars.loadFailed', { reason: favourites.error.message })}
          retrying={favourites.isFetching}
          onRetry={() => void favourites.refetch()}
        />
      )}

      {found ? (
        <SearchOutcome
          found={found}
          dates={programme.settings.days}
          list={sessionList}
          query={searchText.trim()}
          starsLoading={mine && favourites.isPending}
          onClear={clearSearch}
          onShowAll={() => update({ filter: null })}
        />
      ) : (
        <AgendaDayTabs
          days={days}
          dates={programme.settings.days}
          selectedDay={selectedDay}
          onSelectDay={(value) => update({ day: value, part: null })}
          filters={filters}
          list={sessionList}
          starsLoading={favourites.isPending}
          onClearFilters={clearFilters}
          onShowAll={() => update({ filter: null })}
        />
      )}
    </div>
  );
}
