import { afterEach, describe, expect, it } from 'vitest';
import { currentFormattingLocale, i18n } from '../i18n/i18n';
import { formatCount, formatDate, formatDateTime, formatTime, noDate } from './format';
import { formatVenueDateTime } from './formatVenue';

describe('format', () => {
  const moment = '2026-11-23T10:57:00Z';

  afterEach(() => i18n.activate('en'));

  it("shows days and moments in the interface language's locale, the date part the same in both", () => {
    // No browser here: English is written as in South Africa.
    expect(currentFormattingLocale()).toBe('en-ZA');
    const day = new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium' }).format(new Date(moment));
    expect(formatDate(moment)).toBe(day);
    expect(formatDateTime(moment).startsWith(day)).toBe(true);
    expect(formatDateTime(moment)).toContain(formatTime(moment));
    expect(formatDate(new Date(moment))).toBe(day);
  });

  it('follows the interface language when it changes', () => {
    i18n.load('af', {});
    i18n.activate('af');
    expect(formatDate(moment)).toBe('23 Nov. 2026');
    expect(formatCount(12_000)).toBe('12\u00a0000');
    i18n.load('zu', {});
    i18n.activate('zu');
    expect(formatCount(12_000)).toBe('12,000');
  });

  it('shows a moment as the clock at the venue shows it, whatever the zone of the device', () => {
    const venue = (timeZone: string) => new Intl.DateTimeFormat('en-ZA', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(moment));
    // 10:57 UTC is 12:57 in Johannesburg and 05:57 in New York (November).
    expect(formatVenueDateTime(moment, 'Africa/Johannesburg')).toBe(venue('Africa/Johannesburg'));
    expect(formatVenueDateTime(moment, 'Africa/Johannesburg')).toMatch(/12:57/);
    expect(formatVenueDateTime(moment, 'America/New_York')).toMatch(/05:57/);
    expect(formatVenueDateTime(null, 'Africa/Johannesburg')).toBe(noDate());
  });

  it('says so for a missing or unreadable date', () => {
    for (const value of [null, undefined, '', 'not a date']) {
      expect(formatDate(value)).toBe(noDate());
      expect(formatDateTime(value)).toBe(noDate());
      expect(formatTime(value)).toBe(noDate());
    }
  });
});
