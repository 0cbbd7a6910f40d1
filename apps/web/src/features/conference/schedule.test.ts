import { describe, expect, it } from 'vitest';
import { conference } from './content/index.ts';
import { appearancesOf, durationOf, filterSpeakers, formatTimeRange, orderSessions, sessionsByDay } from './schedule.ts';

describe('schedule helpers', () => {
  it('formats time ranges and durations', () => {
    expect(formatTimeRange('09:00', '11:30')).toBe('09:00 – 11:30');
    expect(durationOf('10:15', '11:45')).toEqual({ hours: 1, minutes: 30 });
    expect(durationOf('09:30', '10:15')).toEqual({ hours: 0, minutes: 45 });
    expect(durationOf('08:00', '10:00')).toEqual({ hours: 2, minutes: 0 });
  });

  it('orders sessions day one 1–5, then day two 6–7, whatever order the file uses', () => {
    const shuffled = [...conference.agenda].reverse();
    expect(orderSessions(shuffled).map((s) => s.sessionNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(sessionsByDay(shuffled).map((d) => [d.day, d.sessions.map((s) => s.sessionNumber)])).toEqual([
      [1, [1, 2, 3, 4, 5]],
      [2, [6, 7]],
    ]);
  });

  it("finds a speaker's parts by name, in agenda order", () => {
    const appearances = appearancesOf('Amina Yusuf', conference.agenda);
    expect(appearances.map((a) => a.part.id)).toEqual(['s1p2', 's5p3', 's7p2']);
    expect(appearancesOf('Daniel Mensah', conference.agenda)).toHaveLength(1);
    expect(appearancesOf('Nobody', conference.agenda)).toEqual([]);
  });

  it('filters speakers by name, designation or bio, ignoring case and surrounding spaces', () => {
    const all = conference.speakers;
    expect(filterSpeakers(all, '')).toHaveLength(17);
    expect(filterSpeakers(all, '  AMINA ').map((s) => s.name)).toEqual(['Amina Yusuf']);
    expect(filterSpeakers(all, 'islamic finance').map((s) => s.name)).toEqual(['Khalid Rahman']);
    expect(filterSpeakers(all, 'regional HOSPITAL').map((s) => s.name)).toEqual(['Imam Ibrahim Kamara']);
    expect(filterSpeakers(all, 'zzzz-no-match')).toEqual([]);
  });
});
