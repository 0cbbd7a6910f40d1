import { useMemo } from 'react';
import { Star } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { ProgrammePart, ProgrammeSession } from '@mc/contract/programme.ts';
import { formatTimeRange } from '../schedule.ts';
import { Marker } from './PartBits.tsx';
import { PartDetailsDialog } from './PartDetails.tsx';
import type { PartState } from './partState.ts';
import { roomGrid, type GridCell } from './roomGrid.ts';

/** The narrowest a room's lane gets, so titles stay readable on a phone: the grid scrolls sideways instead. */
const LANE_MIN_REM = 10;
const TIME_COLUMN_REM = 3.5;
/** Every row is at least this tall per minute, so a part's length shows; a cell with more text makes its rows taller. */
const REM_PER_MINUTE = 0.125;

/** The people of a part in one line: the speakers' names, or its display line when it names none. */
function peopleLine(part: ProgrammePart): string {
  return part.speakers.length > 0 ? part.speakers.map((person) => person.name).join(', ') : part.speaker;
}

function GridPart({ cell, state }: { cell: GridCell; state: PartState }) {
  const { _ } = useLingui();
  const { part, session } = cell;
  const people = peopleLine(part);
  const look = state.highlighted ? 'border-indigo-400' : state.starred ? 'border-amber-300/70' : 'border-slate-700';
  return (
    <PartDetailsDialog
      part={part}
      session={session}
      state={state}
      trigger={
        <button
          type="button"
          id={`part-${part.id}`}
          data-testid="room-grid-part"
          style={{ gridColumn: `${cell.column} / span ${cell.columnSpan}`, gridRow: `${cell.row} / span ${cell.rowSpan}` }}
          className={`m-0.5 flex min-w-0 flex-col items-start rounded-lg border bg-slate-950/70 p-2 text-left focus-ring-inset hover:border-indigo-400 ${look}`}
        >
          {/* A button's name leaves out its column's header, so the room is said first. */}
          <span className="sr-only">{cell.room ?? _('agenda.rooms.noRoom')}: </span>
          <span className="flex flex-wrap items-center gap-1.5">
            <Marker marker={state.marker} />
            <span className="text-xs font-medium text-slate-300 tabular-nums">{formatTimeRange(part.startTime, part.endTime)}</span>
            {state.starred && <Star aria-hidden="true" className="size-3.5 fill-current text-amber-300" />}
          </span>
          <span className="mt-0.5 text-sm leading-snug font-semibold text-white [overflow-wrap:anywhere]">{part.title}</span>
          {people && <span className="mt-0.5 text-xs text-slate-300">{people}</span>}
          {state.starred && <span className="sr-only">{_('agenda.rooms.inMyAgenda')}</span>}
        </button>
      }
    />
  );
}

/**
 * One day as a grid of rooms × time (docs/product.md#agenda-schedule), drawn with CSS grid from
 * roomGrid's lines. The grid scrolls inside its own box, both ways, so the page never scrolls
 * sideways on a phone; the times and the room names stay in view while it scrolls. The box can be
 * focused and scrolled with the keyboard, and each part is a button opening the part's details.
 */
export function RoomGrid({
  sessions,
  day,
  label,
  rooms,
  partState,
}: {
  /** The day's sessions with only the parts the filters show. */
  sessions: readonly ProgrammeSession[];
  day: number;
  /** The scrolling box's name, such as "Day One by room". */
  label: string;
  /** The organisers' rooms, in their order. */
  rooms: readonly string[];
  partState: (part: ProgrammePart) => PartState;
}) {
  const { _ } = useLingui();
  const grid = useMemo(() => roomGrid(sessions, day, rooms), [sessions, day, rooms]);
  const lanes = grid.columns.reduce((sum, column) => sum + column.lanes, 0);
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      data-testid="room-grid"
      // isolate: the sticky times and names stack within the grid, never over the page's own sticky
      // bars. relative: the screen-reader-only text in the cells is placed (and clipped) in here,
      // not against the page, which it would otherwise widen.
      className="relative isolate max-h-[calc(100dvh-8rem)] overflow-auto rounded-2xl border border-slate-800 bg-slate-900"
    >
      <div
        className="grid"
        style={{
          gridTemplateColumns: `${TIME_COLUMN_REM}rem repeat(${lanes}, minmax(${LANE_MIN_REM}rem, 1fr))`,
          gridTemplateRows: `auto repeat(${grid.rows}, minmax(${grid.step * REM_PER_MINUTE}rem, auto))`,
          // As wide as its columns, so the sticky times stay in view to the last column.
          minWidth: `${TIME_COLUMN_REM + lanes * LANE_MIN_REM}rem`,
        }}
      >
        <div aria-hidden="true" className="sticky top-0 left-0 z-30 border-b border-slate-700 bg-slate-900" style={{ gridColumn: 1, gridRow: 1 }} />
        {grid.columns.map((column) => (
          <div
            key={column.room ?? ''}
            data-testid="room-grid-room"
            className="sticky top-0 z-20 border-b border-slate-700 bg-slate-900 px-3 py-2 text-sm font-semibold text-white [overflow-wrap:anywhere]"
            style={{ gridColumn: `${column.line} / span ${column.lanes}`, gridRow: 1 }}
          >
            {/* What the room view says where a part has no room. */}
            {column.room ?? _('agenda.rooms.noRoom')}
          </div>
        ))}
        {/* Each part says its own time: the time column and the lines are for the eye only. */}
        <div
          aria-hidden="true"
          className="sticky left-0 z-10 border-r border-slate-800 bg-slate-900"
          style={{ gridColumn: 1, gridRow: `2 / span ${grid.rows}` }}
        />
        {grid.times.map((time) => (
          <div key={`line-${time.time}`} aria-hidden="true" className="border-t border-slate-800" style={{ gridColumn: '2 / -1', gridRow: time.row }} />
        ))}
        {grid.times.map((time) => (
          <div
            key={time.time}
            aria-hidden="true"
            className="sticky left-0 z-10 px-1.5 pt-1 text-xs font-medium text-slate-300 tabular-nums"
            style={{ gridColumn: 1, gridRow: time.row }}
          >
            {time.time}
          </div>
        ))}
        {grid.cells.map((cell) => (
          <GridPart key={cell.part.id} cell={cell} state={partState(cell.part)} />
        ))}
      </div>
    </div>
  );
}
