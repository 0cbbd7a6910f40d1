import { describe, expect, it } from 'vitest';
import { countLabel, formatDate, formatDateTime, formatTime, NO_DATE } from './format';
import { formatVenueDateTime } from './formatVenue';

describe('format', () => {
  const moment = '2026-11-23T10:57:00Z';

  it('shows days and moments in the locale of the runtime, the date part the same in both', () => {
    const day = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(moment));
    expect(formatDate(moment)).toBe(day);
    expect(formatDateTime(moment).startsWith(day)).toBe(true);
    expect(formatDateTime(moment)).toContain(formatTime(moment));
    expect(formatDate(new Date(moment))).toBe(day);
  });

  it('shows a moment as the clock at the venue shows it, whatever the zone of the device', () => {
    const venue = (timeZone: string) => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(moment));
    // 10:57 UTC is 12:57 in Johannesburg and 05:57 in New York (November).
    expect(formatVenueDateTime(moment, 'Africa/Johannesburg')).toBe(venue('Africa/Johannesburg'));
    expect(formatVenueDateTime(moment, 'Africa/Johannesburg')).toMatch(/12:57/);
    expect(formatVenueDateTime(moment, 'America/New_York')).toMatch(/5:57/);
    expect(formatVenueDateTime(null, 'Africa/Johannesburg')).toBe(NO_DATE);
  });

  it('says N/A for a missing or unreadable date', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe(NO_DATE);
      expect(formatDateTime(value)).toBe(NO_DATE);
      expect(formatTime(value)).toBe(NO_DATE);
    }
  });

  it('puts the counted word in the form its number needs', () => {
    expect(countLabel(0, 'vote', 'votes')).toBe('0 votes');
    expect(countLabel(1, 'vote', 'votes')).toBe('1 vote');
    expect(countLabel(2, 'subscriber', 'subscribers')).toBe('2 subscribers');
    expect(countLabel(1, 'person', 'people')).toBe('1 person');
    expect(countLabel(12_000, 'vote', 'votes')).toBe(`${new Intl.NumberFormat().format(12_000)} votes`);
  });
});
