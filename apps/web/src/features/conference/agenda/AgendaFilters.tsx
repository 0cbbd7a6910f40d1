import { useId, useState, type RefObject } from 'react';
import { ChevronDown, FunnelX, LocateFixed, Search } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { PART_TYPES, type PartType } from '@mc/contract/conference.ts';
import { Select, TextField } from '../../../components/ui';
import { PART_TYPE_LABELS, parsePartType } from '../agendaSearch.ts';

const buttonLook = 'inline-flex items-center gap-1.5 rounded-xl border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:border-indigo-400';

export interface AgendaFilterValues {
  searchText: string;
  type: PartType | null;
  room: string | null;
  /** The rooms parts are in; without any, there is no room to choose. */
  rooms: readonly string[];
  /** "3 parts match" while searching, otherwise empty. */
  status: string;
}

/**
 * The search box and the type and room filters (docs/product.md#agenda-schedule). Plain form
 * controls with their labels in view, so they work the same with a keyboard, a screen reader and a
 * phone's own pickers. On a phone they fold behind one "Search and filter the agenda" button, so
 * the day's sessions start on the first screen; they show unfolded while a search or a filter is on.
 */
export function AgendaFilters({
  values,
  controls,
  onSearch,
  onFilter,
}: {
  values: AgendaFilterValues;
  /** The search box and the type list, for the screen to put focus back on when its clear buttons go away. */
  controls: { search: RefObject<HTMLInputElement | null>; type: RefObject<HTMLSelectElement | null> };
  onSearch: (text: string) => void;
  /** `?type=` and `?room=`: a value, or null for all. */
  onFilter: (changes: Record<string, string | null>) => void;
}) {
  const { _ } = useLingui();
  const { searchText, type, room, rooms, status } = values;
  const active = searchText !== '' || type !== null || room !== null;
  const [unfolded, setUnfolded] = useState(active);
  const open = unfolded || active;
  const controlsId = useId();
  return (
    <div role="search" aria-label={_('agenda.filters.label')} className="mb-4">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={controlsId}
        onClick={() => setUnfolded(!open)}
        className={`min-h-10 sm:hidden ${buttonLook} ${open ? 'mb-3' : ''}`}
      >
        <Search aria-hidden="true" className="size-4" />
        {_('agenda.filters.label')}
        <ChevronDown aria-hidden="true" className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={controlsId} className={`${open ? 'flex' : 'hidden sm:flex'} flex-wrap items-end gap-3`}>
        <TextField
          label={_('agenda.filters.search')}
          ref={controls.search}
          type="search"
          value={searchText}
          onChange={(event) => onSearch(event.target.value)}
          placeholder={_('agenda.filters.searchPlaceholder')}
          autoComplete="off"
          enterKeyHint="search"
          containerClassName="min-w-0 basis-full md:flex-1 md:basis-64"
        />
        <Select
          label={_('agenda.filters.type')}
          ref={controls.type}
          placeholder={_('agenda.filters.allTypes')}
          options={PART_TYPES.map((value) => ({ value, label: _(PART_TYPE_LABELS[value].messageId) }))}
          value={type ?? ''}
          onChange={(event) => onFilter({ type: parsePartType(event.target.value) })}
          containerClassName="min-w-0 flex-1 basis-32 md:w-40 md:flex-none"
        />
        {rooms.length > 0 && (
          <Select
            label={_('agenda.filters.room')}
            placeholder={_('agenda.filters.allRooms')}
            options={rooms.map((name) => ({ value: name, label: name }))}
            value={room ?? ''}
            onChange={(event) => onFilter({ room: event.target.value === '' ? null : event.target.value })}
            containerClassName="min-w-0 flex-1 basis-32 md:w-48 md:flex-none"
          />
        )}
        {(type !== null || room !== null) && (
          <button
            type="button"
            onClick={() => {
              onFilter({ type: null, room: null });
              // The button goes away with the filters: focus stays in the controls rather than dropping to the page.
              controls.type.current?.focus();
            }}
            className={`min-h-11 ${buttonLook}`}
          >
            <FunnelX aria-hidden="true" className="size-4" />
            {_('agenda.filters.clear')}
          </button>
        )}
      </div>
      {/* Always in the page, so a screen reader hears the count change while the person types. */}
      <p role="status" className="mt-3 text-sm text-slate-300 empty:sr-only">
        {status}
      </p>
    </div>
  );
}

/** Shown only on a conference day: today's tab, scrolled to what is on now (or next). */
export function JumpToNowButton({ onJump }: { onJump: () => void }) {
  const { _ } = useLingui();
  return (
    <button type="button" onClick={onJump} className={`min-h-10 ${buttonLook}`}>
      <LocateFixed aria-hidden="true" className="size-4" />
      {_('agenda.jumpToNow')}
    </button>
  );
}
