import { describe, expect, it } from 'vitest';
import { isIsoDate, isTimeZone, nowAndNext, overlappingIds, programmeSettingsFrom, venueInstant, zoneOffsetMinutes, type TimedItem } from './agenda.ts';

describe('venueInstant: the venue wall clock to a moment', () => {
  it('reads the time in the venue zone, whatever zone the machine is in', () => {
    expect(venueInstant('2025-12-06', '09:00', 'Africa/Johannesburg').toISOString()).toBe('2025-12-06T07:00:00.000Z');
    expect(venueInstant('2025-12-06', '09:00', 'America/New_York').toISOString()).toBe('2025-12-06T14:00:00.000Z');
    expect(venueInstant('2025-12-06', '09:00', 'Asia/Kolkata').toISOString()).toBe('2025-12-06T03:30:00.000Z');
    expect(venueInstant('2025-12-06', '00:30', 'Pacific/Auckland').toISOString()).toBe('2025-12-05T11:30:00.000Z');
  });

  it('follows daylight saving on either side of the change', () => {
    // Europe/Berlin moves to summer time on 2026-03-29 at 02:00.
    expect(venueInstant('2026-03-28', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-28T08:00:00.000Z');
    expect(venueInstant('2026-03-29', '09:00', 'Europe/Berlin').toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(zoneOffsetMinutes('Europe/Berlin', new Date('2026-07-01T12:00:00Z'))).toBe(120);
  });
});

describe('nowAndNext', () => {
  const zone = 'Africa/Johannesburg';
  const at = (date: string, time: string) => venueInstant(date, time, zone);
  const item = (id: string, date: string, start: string, endDate: string, end: string): TimedItem => ({ id, start: at(date, start), end: at(endDate, end) });
  const evening = [
    item('late-talk', '2025-12-06', '20:00', '2025-12-06', '21:00'),
    item('late-panel', '2025-12-06', '21:00', '2025-12-06', '22:30'),
    item('midnight-show', '2025-12-06', '23:30', '2025-12-07', '00:30'),
    item('morning', '2025-12-07', '08:00', '2025-12-07', '09:00'),
  ];

  it('marks what runs now and what starts next', () => {
    expect(nowAndNext(evening, at('2025-12-06', '20:15'))).toEqual({ now: ['late-talk'], next: ['late-panel'], nextStart: at('2025-12-06', '21:00') });
  });

  it('treats a start as now and an end as over', () => {
    const result = nowAndNext(evening, at('2025-12-06', '21:00'));
    expect(result.now).toEqual(['late-panel']);
    expect(result.next).toEqual(['midnight-show']);
  });

  it('keeps a part that crosses midnight running after midnight, with the next morning next', () => {
    const result = nowAndNext(evening, at('2025-12-07', '00:10'));
    expect(result.now).toEqual(['midnight-show']);
    expect(result.next).toEqual(['morning']);
  });

  it('between days: nothing now, the next morning next', () => {
    expect(nowAndNext(evening, at('2025-12-07', '03:00'))).toEqual({ now: [], next: ['morning'], nextStart: at('2025-12-07', '08:00') });
  });

  it('gives the same answer for the same moment seen from any time zone', () => {
    // 20:15 in Johannesburg is 13:15 in New York and 07:15 next day in Auckland: one moment.
    const moment = new Date('2025-12-06T18:15:00Z');
    expect(nowAndNext(evening, moment).now).toEqual(['late-talk']);
    expect(venueInstant('2025-12-06', '13:15', 'America/New_York').getTime()).toBe(moment.getTime());
    expect(venueInstant('2025-12-07', '07:15', 'Pacific/Auckland').getTime()).toBe(moment.getTime());
  });

  it('lists every part that starts together as next, and nothing after the last', () => {
    const together = [item('a', '2025-12-06', '10:00', '2025-12-06', '11:00'), item('b', '2025-12-06', '10:00', '2025-12-06', '10:30')];
    expect(nowAndNext(together, at('2025-12-06', '09:00')).next).toEqual(['a', 'b']);
    expect(nowAndNext(together, at('2025-12-06', '12:00'))).toEqual({ now: [], next: [], nextStart: null });
  });
});

describe('overlappingIds', () => {
  const zone = 'Europe/Berlin';
  const item = (id: string, start: string, end: string): TimedItem => ({
    id,
    start: venueInstant('2025-12-06', start, zone),
    end: venueInstant('2025-12-06', end, zone),
  });

  it('flags favourites that overlap and not those that only touch', () => {
    const items = [item('a', '09:00', '10:00'), item('b', '09:30', '10:30'), item('c', '10:30', '11:00'), item('d', '12:00', '13:00')];
    expect([...overlappingIds(items)].sort()).toEqual(['a', 'b']);
  });

  it('finds a long part overlapping several later ones', () => {
    const items = [item('long', '09:00', '12:00'), item('x', '10:00', '10:30'), item('y', '11:00', '11:30')];
    expect([...overlappingIds(items)].sort()).toEqual(['long', 'x', 'y']);
  });
});

describe('settings', () => {
  it('numbers the days from the first date, across a month end', () => {
    expect(programmeSettingsFrom('2025-11-30', 'UTC')).toEqual({ timeZone: 'UTC', days: ['2025-11-30', '2025-12-01'] });
  });

  it('accepts only real dates and known zones', () => {
    expect(isIsoDate('2025-12-06')).toBe(true);
    expect(isIsoDate('2025-02-30')).toBe(false);
    expect(isIsoDate('06/12/2025')).toBe(false);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('CET; drop table')).toBe(false);
  });
});
