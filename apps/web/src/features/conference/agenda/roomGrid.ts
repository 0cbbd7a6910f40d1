import { minutesOf } from '@mc/contract/conference.ts';
import type { ProgrammePart, ProgrammeSession } from '@mc/contract/programme.ts';
import { roomsInUse } from '../agendaSearch.ts';

/**
 * Where each part of a day goes in the agenda's room view (docs/product.md#agenda-schedule): a
 * column per room, time running down in rows of equal length. Pure, so the layout is tested
 * without a browser; the component only turns these numbers into CSS grid lines.
 */

/** `?view=`: the sessions as a list (the default) or the day as a grid of rooms × time. */
export type AgendaLayout = 'list' | 'rooms';

/** The room view only while some part has a room: without rooms it would be one column. */
export function parseLayout(value: string | null, rooms: readonly string[]): AgendaLayout {
  return value === 'rooms' && rooms.length > 0 ? 'rooms' : 'list';
}

/** A room's column; `room` null is the parts that have none. */
export interface GridColumn {
  room: string | null;
  /** Its first CSS grid column line (the times are in line 1). */
  line: number;
  /** Side-by-side lanes, more than one only when parts in the room overlap in time. */
  lanes: number;
}

/** One part's place, in CSS grid lines: the header is row 1 and the times are column 1. */
export interface GridCell {
  part: ProgrammePart;
  session: ProgrammeSession;
  room: string | null;
  column: number;
  columnSpan: number;
  row: number;
  rowSpan: number;
}

/** A time shown beside the row it starts ("09:30"). */
export interface GridTime {
  row: number;
  time: string;
}

export interface RoomGridLayout {
  columns: GridColumn[];
  /** Row by row, then left to right: the order they are read and reached with Tab. */
  cells: GridCell[];
  times: GridTime[];
  /** How many time rows there are below the header. */
  rows: number;
  /** Minutes per row. */
  step: number;
}

/** The longest row that every start and end falls on, so each part begins and ends on a row's edge. */
const STEPS = [60, 30, 15, 10, 5, 1] as const;
const FIRST_ROW = 2;
const FIRST_COLUMN = 2;

interface Placed {
  part: ProgrammePart;
  session: ProgrammeSession;
  start: number;
  end: number;
}

function roomOf(part: ProgrammePart): string | null {
  return part.room ? part.room : null;
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/**
 * The lane of each part in one room: the first lane free when it starts. Parts in one room never
 * overlap in a programme that makes sense, but two sessions can put parts in the same room at the
 * same time (or neither in any room), and then they sit side by side rather than on top of each other.
 */
function lanesOf(parts: readonly Placed[]): { lane: Map<Placed, number>; count: number } {
  const laneEnds: number[] = [];
  const lane = new Map<Placed, number>();
  for (const part of parts) {
    let index = laneEnds.findIndex((end) => end <= part.start);
    if (index === -1) index = laneEnds.push(part.end) - 1;
    else laneEnds[index] = part.end;
    lane.set(part, index);
  }
  return { lane, count: Math.max(1, laneEnds.length) };
}

/**
 * The grid of one day: the sessions given are those the filters let through (any day; only
 * `day`'s are drawn). Columns are the rooms those parts are in, in the organisers' order
 * (`listedRooms`), then "No room" when one of them has none; rows run from the first start to
 * the last end.
 */
export function roomGrid(sessions: readonly ProgrammeSession[], day: number, listedRooms: readonly string[]): RoomGridLayout {
  const placed: Placed[] = sessions
    .filter((session) => session.day === day)
    .flatMap((session) =>
      session.parts.map((part) => {
        const start = minutesOf(part.startTime);
        // A part always takes at least one row, even with times the programme's checks would refuse.
        return { part, session, start, end: Math.max(minutesOf(part.endTime), start + 1) };
      }),
    )
    .sort((a, b) => a.start - b.start || a.end - b.end);
  if (placed.length === 0) return { columns: [], cells: [], times: [], rows: 0, step: STEPS[0] };

  const step = STEPS.find((minutes) => placed.every((part) => part.start % minutes === 0 && part.end % minutes === 0)) ?? 1;
  const first = Math.min(...placed.map((part) => part.start));
  const last = Math.max(...placed.map((part) => part.end));
  const rowAt = (minutes: number) => FIRST_ROW + (minutes - first) / step;

  const rooms: (string | null)[] = roomsInUse(
    placed.map((part) => part.part),
    listedRooms,
  );
  if (placed.some((part) => roomOf(part.part) === null)) rooms.push(null);

  const columns: GridColumn[] = [];
  const cells: GridCell[] = [];
  let line = FIRST_COLUMN;
  for (const room of rooms) {
    const inRoom = placed.filter((part) => roomOf(part.part) === room);
    const { lane, count } = lanesOf(inRoom);
    columns.push({ room, line, lanes: count });
    for (const part of inRoom) {
      // A part that overlaps nothing else in its room takes the room's whole width.
      const alone = !inRoom.some((other) => other !== part && other.start < part.end && part.start < other.end);
      cells.push({
        part: part.part,
        session: part.session,
        room,
        column: alone ? line : line + (lane.get(part) ?? 0),
        columnSpan: alone ? count : 1,
        row: rowAt(part.start),
        rowSpan: (part.end - part.start) / step,
      });
    }
    line += count;
  }
  cells.sort((a, b) => a.row - b.row || a.column - b.column);

  // Each start, and each full hour in between, so a long part's rows still say where the time is.
  const labelled = new Set(placed.map((part) => part.start));
  for (let hour = Math.ceil(first / 60) * 60; hour < last; hour += 60) labelled.add(hour);
  const times = [...labelled].sort((a, b) => a - b).map((minutes) => ({ row: rowAt(minutes), time: clock(minutes) }));

  return { columns, cells, times, rows: (last - first) / step, step };
}
