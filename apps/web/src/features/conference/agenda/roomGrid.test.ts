import { describe, expect, it } from 'vitest';
import type { ProgrammePart, ProgrammeSession } from '@mc/contract/programme.ts';
import { parseLayout, roomGrid, type GridCell } from './roomGrid.ts';

function part(id: string, startTime: string, endTime: string, room?: string): ProgrammePart {
  return { id, title: `Part ${id}`, type: 'TALK', startTime, endTime, speaker: '', speakers: [], description: 'About it', ...(room ? { room } : {}) };
}

function session(sessionNumber: number, day: number, parts: ProgrammePart[]): ProgrammeSession {
  const first = parts[0] ?? part('x', '09:00', '10:00');
  return { sessionNumber, day, sessionTitle: `Session ${sessionNumber}`, startTime: first.startTime, endTime: parts.at(-1)?.endTime ?? first.endTime, parts };
}

/** Each cell as "id column/span row/span", easy to read in a failure. */
const placesOf = (cells: readonly GridCell[]) => cells.map((cell) => `${cell.part.id} ${cell.column}/${cell.columnSpan} ${cell.row}/${cell.rowSpan}`);

describe('the room grid of a day', () => {
  const listed = ['Hall A', 'Hall B', 'Studio'];
  const programme = [
    session(1, 1, [part('a1', '09:00', '09:30', 'Hall A'), part('a2', '09:30', '10:15', 'Hall A')]),
    // A parallel session in the other hall, overlapping both parts of the first.
    session(2, 1, [part('b1', '09:15', '10:00', 'Hall B')]),
    session(3, 1, [part('n1', '10:15', '11:00')]),
    session(4, 2, [part('d2', '09:00', '10:00', 'Studio'), part('d2b', '10:00', '11:00')]),
  ];

  it('gives each room of the day a column in the organisers’ order, and "No room" last only when a part has none', () => {
    const grid = roomGrid(programme, 1, listed);
    expect(grid.columns).toEqual([
      { room: 'Hall A', line: 2, lanes: 1 },
      { room: 'Hall B', line: 3, lanes: 1 },
      { room: null, line: 4, lanes: 1 },
    ]);
    // In the order the organisers listed them, not the order parts use them.
    expect(roomGrid(programme, 1, ['Hall B', 'Hall A']).columns.map((column) => column.room)).toEqual(['Hall B', 'Hall A', null]);
    const withRooms = roomGrid([programme[0]!, programme[1]!], 1, listed);
    expect(withRooms.columns.map((column) => column.room)).toEqual(['Hall A', 'Hall B']);
  });

  it('puts parts that overlap in different rooms side by side, each spanning the rows of its duration', () => {
    const grid = roomGrid(programme, 1, listed);
    // Every time is on a quarter hour: rows of 15 minutes from 09:00 to 11:00, below the header row.
    expect(grid.step).toBe(15);
    expect(grid.rows).toBe(8);
    expect(placesOf(grid.cells)).toEqual([
      'a1 2/1 2/2', // 09:00–09:30: two rows
      'b1 3/1 3/3', // 09:15–10:00, in Hall B beside both parts in Hall A
      'a2 2/1 4/3', // 09:30–10:15: three rows
      'n1 4/1 7/3', // no room: the last column
    ]);
    expect(grid.cells.find((cell) => cell.part.id === 'b1')?.session.sessionNumber).toBe(2);
    expect(grid.cells.find((cell) => cell.part.id === 'n1')?.room).toBeNull();
  });

  it('leaves out the parts of other days', () => {
    const dayOne = roomGrid(programme, 1, listed);
    expect(dayOne.cells.map((cell) => cell.part.id)).not.toContain('d2');
    expect(dayOne.columns.map((column) => column.room)).not.toContain('Studio');
    const dayTwo = roomGrid(programme, 2, listed);
    expect(placesOf(dayTwo.cells)).toEqual(['d2 2/1 2/1', 'd2b 3/1 3/1']);
    expect(dayTwo.step).toBe(60);
    expect(dayTwo.columns.map((column) => column.room)).toEqual(['Studio', null]);
    expect(roomGrid(programme, 3, listed)).toEqual({ columns: [], cells: [], times: [], rows: 0, step: 60 });
  });

  it('uses shorter rows when a time is off the quarter hour', () => {
    const grid = roomGrid([session(1, 1, [part('p', '09:00', '09:05', 'Hall A'), part('q', '09:05', '09:50', 'Hall A')])], 1, listed);
    expect(grid.step).toBe(5);
    expect(grid.rows).toBe(10);
    expect(placesOf(grid.cells)).toEqual(['p 2/1 2/1', 'q 2/1 3/9']);
  });

  it('labels each start and each full hour with its row', () => {
    const grid = roomGrid(programme, 1, listed);
    expect(grid.times).toEqual([
      { row: 2, time: '09:00' },
      { row: 3, time: '09:15' },
      { row: 4, time: '09:30' },
      { row: 6, time: '10:00' },
      { row: 7, time: '10:15' },
    ]);
  });

  it('splits a room into lanes when two sessions put parts in it at the same time; a part alone takes the whole room', () => {
    const clash = [
      session(1, 1, [part('x1', '09:00', '10:00', 'Hall A'), part('x2', '10:00', '10:30', 'Hall A')]),
      session(2, 1, [part('y1', '09:30', '10:00', 'Hall A')]),
      session(3, 1, [part('z1', '09:00', '10:30', 'Hall B')]),
    ];
    const grid = roomGrid(clash, 1, listed);
    expect(grid.columns).toEqual([
      { room: 'Hall A', line: 2, lanes: 2 },
      { room: 'Hall B', line: 4, lanes: 1 },
    ]);
    expect(placesOf(grid.cells)).toEqual(['x1 2/1 2/2', 'z1 4/1 2/3', 'y1 3/1 3/1', 'x2 2/2 4/1']);
  });
});

describe('the agenda layout in the address', () => {
  it('is the room view only when asked for and some part has a room', () => {
    expect(parseLayout('rooms', ['Hall A'])).toBe('rooms');
    expect(parseLayout('rooms', [])).toBe('list');
    expect(parseLayout(null, ['Hall A'])).toBe('list');
    expect(parseLayout('grid', ['Hall A'])).toBe('list');
  });
});
