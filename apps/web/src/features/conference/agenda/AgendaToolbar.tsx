import { Star } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { CalendarDialog } from '../CalendarDialog.tsx';
import { CompactViewButton, FilterButton, LayoutSwitch } from './AgendaControls.tsx';
import { JumpToNowButton } from './AgendaFilters.tsx';
import { ChangesDialog } from './ChangesDialog.tsx';
import type { View } from './partState.ts';
import type { AgendaLayout } from './roomGrid.ts';
import type { AgendaParams } from './useAgendaParams.ts';

export interface AgendaToolbarProps {
  /** Null when today is not a conference day: there is no "Jump to now" then. */
  onJumpToNow: (() => void) | null;
  /** Whether "My agenda" is chosen rather than "All sessions". */
  mine: boolean;
  starredCount: number;
  layout: AgendaLayout;
  /** Whether any part has a room: without one there is no grid of rooms to switch to. */
  hasRooms: boolean;
  view: View;
  onViewChange: (next: View) => void;
  timeZone: string;
  /** `?filter=` and `?view=`: a value, or null for the default. */
  onUpdate: AgendaParams['update'];
}

/**
 * The row of choices above the search: "Jump to now", all sessions or only My agenda, the list or
 * the rooms, the compact list, and the dialogs of calendar files and of the programme's changes.
 */
export function AgendaToolbar({ onJumpToNow, mine, starredCount, layout, hasRooms, view, onViewChange, timeZone, onUpdate }: AgendaToolbarProps) {
  const { _ } = useLingui();
  return (
    <div className="mb-4 flex flex-wrap items-center gap-2">
      {onJumpToNow && <JumpToNowButton onJump={onJumpToNow} />}
      <div role="group" aria-label={_('agenda.show.label')} className="inline-flex rounded-xl border border-slate-700 bg-slate-900/60 p-1">
        <FilterButton pressed={!mine} onClick={() => onUpdate({ filter: null })}>
          {_('agenda.show.all')}
        </FilterButton>
        <FilterButton pressed={mine} onClick={() => onUpdate({ filter: 'mine' })}>
          <Star aria-hidden="true" className="size-4" />
          {_('agenda.show.mine', { count: starredCount })}
        </FilterButton>
      </div>
      {hasRooms && <LayoutSwitch layout={layout} onChange={(next) => onUpdate({ view: next === 'rooms' ? next : null })} />}
      {layout === 'list' && <CompactViewButton view={view} onChange={onViewChange} />}
      <CalendarDialog />
      <ChangesDialog timeZone={timeZone} />
    </div>
  );
}
