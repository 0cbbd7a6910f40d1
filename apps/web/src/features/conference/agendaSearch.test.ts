import { describe, expect, it } from 'vitest';
import type { ProgrammePart } from '@mc/contract/programme.ts';
import { conference } from './content/index.ts';
import {
  filterSessions,
  foldForSearch,
  jumpTarget,
  matchesByDay,
  parsePartType,
  parseRoom,
  partMatches,
  roomsInUse,
  searchTerms,
  type AgendaCriteria,
} from './agendaSearch.ts';
import { sessionsByDay } from './schedule.ts';

const everything: AgendaCriteria = { terms: [], type: null, room: null, starred: null };
const criteria = (changes: Partial<AgendaCriteria>): AgendaCriteria => ({ ...everything, ...changes });
const search = (query: string) => criteria({ terms: searchTerms(query) });
const idsOf = (sessions: readonly { parts: readonly ProgrammePart[] }[]) => sessions.flatMap((session) => session.parts.map((part) => part.id));

function part(changes: Partial<ProgrammePart>): ProgrammePart {
  return { id: 'p1', title: 'A title', type: 'TALK', startTime: '09:00', endTime: '10:00', speaker: '', speakers: [], description: 'About it', ...changes };
}

describe('folding text for the agenda search', () => {
  it('ignores case and accents, whatever form the accent was typed in', () => {
    expect(foldForSearch('Fátima')).toBe('fatima');
    expect(foldForSearch('FÁTIMA')).toBe('fatima');
    // "é" as one character and as "e" followed by a combining acute accent.
    expect(foldForSearch('Caf\u00e9')).toBe(foldForSearch('Cafe\u0301'));
    expect(foldForSearch('İstanbul Ñandú Øresund')).toBe('istanbul nandu øresund');
  });

  it('splits what was typed into words, and a blank box into none', () => {
    expect(searchTerms('  Hassan   KNOWLEDGE ')).toEqual(['hassan', 'knowledge']);
    expect(searchTerms('   ')).toEqual([]);
  });
});

describe('matching a part', () => {
  const panel = part({
    id: 'x',
    title: 'Santé pour tous',
    type: 'PANEL',
    speaker: 'Moderator: Zoë Ndlovu',
    speakers: [{ name: 'Zoë Ndlovu' }, { name: 'José Núñez' }],
    description: 'Clinics in every district.',
    room: 'Hall B',
  });

  it('finds the words in the title, a speaker, the speaker line or the description, all of them', () => {
    expect(partMatches(panel, search('sante'))).toBe(true);
    expect(partMatches(panel, search('JOSE nunez'))).toBe(true);
    expect(partMatches(panel, search('zoe'))).toBe(true);
    expect(partMatches(panel, search('district'))).toBe(true);
    expect(partMatches(panel, search('núñez clinics'))).toBe(true);
    expect(partMatches(panel, search('núñez finance'))).toBe(false);
    expect(partMatches(panel, search(''))).toBe(true);
  });

  it('keeps to the chosen type, room and starred parts', () => {
    expect(partMatches(panel, criteria({ type: 'PANEL' }))).toBe(true);
    expect(partMatches(panel, criteria({ type: 'TALK' }))).toBe(false);
    expect(partMatches(panel, criteria({ room: 'Hall B' }))).toBe(true);
    expect(partMatches(panel, criteria({ room: 'Hall A' }))).toBe(false);
    expect(partMatches(part({ room: undefined }), criteria({ room: 'Hall A' }))).toBe(false);
    expect(partMatches(panel, criteria({ starred: new Set(['x']) }))).toBe(true);
    expect(partMatches(panel, criteria({ starred: new Set() }))).toBe(false);
    expect(partMatches(panel, criteria({ terms: searchTerms('zoe'), type: 'PANEL', room: 'Hall B', starred: new Set(['x']) }))).toBe(true);
  });
});

describe('filtering the programme', () => {
  const days = sessionsByDay(conference.agenda);

  it('finds a speaker’s parts on every day, with accents ignored, grouped by day', () => {
    const found = matchesByDay(days, search('Amína YUSUF'));
    expect(found.days.map((day) => [day.day, idsOf(day.sessions)])).toEqual([
      [1, ['s1p2', 's5p3']],
      [2, ['s7p2']],
    ]);
    expect(found.count).toBe(3);
    expect(matchesByDay(days, search('zzzz-nothing'))).toEqual({ days: [], count: 0 });
  });

  it('drops the sessions left without parts, and keeps the others whole', () => {
    const panels = filterSessions(conference.agenda, criteria({ type: 'PANEL' }));
    expect(panels.every((session) => session.parts.every((entry) => entry.type === 'PANEL'))).toBe(true);
    expect(panels).toHaveLength(7);
    const starred = filterSessions(conference.agenda, criteria({ starred: new Set(['s2p1', 's2p2']) }));
    expect(starred.map((session) => session.sessionNumber)).toEqual([2]);
    expect(filterSessions(conference.agenda, everything)).toEqual(conference.agenda);
  });

  it('reads the type and room from the address only when the programme has them', () => {
    expect(parsePartType('PANEL')).toBe('PANEL');
    expect(parsePartType('panel')).toBeNull();
    expect(parsePartType(null)).toBeNull();
    expect(parseRoom('Hall A', ['Hall A'])).toBe('Hall A');
    expect(parseRoom('Hall Z', ['Hall A'])).toBeNull();
    expect(parseRoom(null, ['Hall A'])).toBeNull();
  });

  it('offers only the rooms parts are in, in the organisers’ order', () => {
    const parts = [part({ room: 'Hall B' }), part({ room: '' }), part({}), part({ room: 'Annex' }), part({ room: 'Hall A' }), part({ room: 'Hall B' })];
    expect(roomsInUse(parts, ['Hall A', 'Hall B', 'Hall C'])).toEqual(['Hall A', 'Hall B', 'Annex']);
    expect(
      roomsInUse(
        conference.agenda.flatMap((session) => session.parts),
        [],
      ),
    ).toEqual([]);
  });
});

describe('Jump to now', () => {
  const at = (time: string) => new Date(`2025-12-06T${time}:00Z`);
  const item = (id: string, start: string, end: string) => ({ id, start: at(start), end: at(end) });
  const day = [item('a', '09:00', '10:00'), item('b', '10:00', '11:00'), item('c', '10:30', '11:30'), item('d', '13:00', '14:00')];

  it('goes to the first part running now', () => {
    expect(jumpTarget(day, at('10:45'))?.id).toBe('b');
    expect(jumpTarget(day, at('10:00'))?.id).toBe('b');
    expect(jumpTarget(day, at('11:15'))?.id).toBe('c');
  });

  it('otherwise to the next one, and after the last one ended, to the last', () => {
    expect(jumpTarget(day, at('07:00'))?.id).toBe('a');
    expect(jumpTarget(day, at('12:00'))?.id).toBe('d');
    expect(jumpTarget(day, at('18:00'))?.id).toBe('d');
    expect(jumpTarget([], at('12:00'))).toBeNull();
  });
});
