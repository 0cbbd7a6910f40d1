import { describe, expect, it } from 'vitest';
import { datePattern, formatLocaleDate, localeDateTime, parseLocaleDate } from './localeDateTime';
import { formatLocaleTime, parseLocaleTime, timePattern } from './localeTime';

const us = localeDateTime('en-US');
const za = localeDateTime('en-ZA');
const gb = localeDateTime('en-GB');

describe('dates in the person locale', () => {
  it('writes and reads a day in the locale order', () => {
    expect([datePattern(us), datePattern(za), datePattern(gb)]).toEqual(['MM/DD/YYYY', 'YYYY/MM/DD', 'DD/MM/YYYY']);
    expect([formatLocaleDate('1990-03-04', us), formatLocaleDate('1990-03-04', za), formatLocaleDate('1990-03-04', gb)]).toEqual([
      '03/04/1990',
      '1990/03/04',
      '04/03/1990',
    ]);
    expect(parseLocaleDate('03/04/1990', us)).toBe('1990-03-04');
    expect(parseLocaleDate('04/03/1990', gb)).toBe('1990-03-04');
    expect(parseLocaleDate('1990/03/04', za)).toBe('1990-03-04');
    expect(parseLocaleDate('4.3.1990', gb)).toBe('1990-03-04');
    expect(parseLocaleDate('04031990', gb)).toBe('1990-03-04');
  });

  it('reads ISO dates in every locale and refuses what is not a real day', () => {
    for (const style of [us, za, gb]) expect(parseLocaleDate('1990-03-04', style)).toBe('1990-03-04');
    expect(parseLocaleDate('02/30/1990', us)).toBeNull();
    expect(parseLocaleDate('13/13/1990', gb)).toBeNull();
    expect(parseLocaleDate('03/04/90', us)).toBeNull();
    expect(parseLocaleDate('March 4', us)).toBeNull();
    expect(parseLocaleDate('', us)).toBeNull();
  });
});

describe('times in the person locale', () => {
  it('uses the 12-hour clock where the locale does, 24 hours elsewhere', () => {
    expect([us.twelveHour, za.twelveHour, gb.twelveHour]).toEqual([true, false, false]);
    expect(timePattern(us)).toBe('H:MM AM');
    expect(timePattern(za)).toBe('HH:MM');
    expect(formatLocaleTime('16:00', us)).toBe('4:00 PM');
    expect(formatLocaleTime('00:30', us)).toBe('12:30 AM');
    expect(formatLocaleTime('12:05', us)).toBe('12:05 PM');
    expect(formatLocaleTime('16:00', za)).toBe('16:00');
  });

  it('reads a time with or without AM and PM', () => {
    expect(parseLocaleTime('4:00 PM', us)).toBe('16:00');
    expect(parseLocaleTime('4 pm', us)).toBe('16:00');
    expect(parseLocaleTime('4.30 p.m.', gb)).toBe('16:30');
    expect(parseLocaleTime('12:15 AM', us)).toBe('00:15');
    expect(parseLocaleTime('16:00', us)).toBe('16:00');
    expect(parseLocaleTime('1630', za)).toBe('16:30');
    expect(parseLocaleTime('9', za)).toBe('09:00');
    expect(parseLocaleTime('24:00', za)).toBeNull();
    expect(parseLocaleTime('13:00 PM', us)).toBeNull();
    expect(parseLocaleTime('4:60', za)).toBeNull();
    expect(parseLocaleTime('soon', za)).toBeNull();
  });
});
