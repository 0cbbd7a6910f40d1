import { describe, expect, it } from 'vitest';
import { isDateNearEvent, MOMENT_YEARS_AROUND_EVENT, parseMoment } from './moments.ts';

const EVENT_YEAR = 2027;
const at = (text: string) => parseMoment(text, EVENT_YEAR)?.toISOString() ?? null;

describe('parseMoment', () => {
  it('reads a moment with Z or an offset as the instant it names', () => {
    expect(at('2027-03-14T09:30:00Z')).toBe('2027-03-14T09:30:00.000Z');
    expect(at('2027-03-14T09:30Z')).toBe('2027-03-14T09:30:00.000Z');
    expect(at('2027-03-14T09:30:00.25+02:00')).toBe('2027-03-14T07:30:00.250Z');
    expect(at('2027-03-14T09:30:00-05:30')).toBe('2027-03-14T15:00:00.000Z');
    expect(at('2027-01-01T00:30:00+14:00')).toBe('2026-12-31T10:30:00.000Z');
    expect(at('2028-02-29T23:59:59Z')).toBe('2028-02-29T23:59:59.000Z');
  });

  it('refuses a day or a time that does not exist instead of rolling it over', () => {
    expect(at('2027-02-30T10:00:00Z')).toBeNull();
    expect(at('2027-02-29T10:00:00Z')).toBeNull();
    expect(at('2027-04-31T10:00:00Z')).toBeNull();
    expect(at('2027-13-01T10:00:00Z')).toBeNull();
    expect(at('2027-03-14T24:00:00Z')).toBeNull();
    expect(at('2027-03-14T10:60:00Z')).toBeNull();
    expect(at('2027-03-14T10:00:60Z')).toBeNull();
  });

  it('refuses offsets that do not exist, and a moment without one', () => {
    expect(at('2027-03-14T09:30:00+15:00')).toBeNull();
    expect(at('2027-03-14T09:30:00+02:60')).toBeNull();
    expect(at('2027-03-14T09:30:00')).toBeNull();
    expect(at('2027-03-14 09:30:00Z')).toBeNull();
    expect(at('next tuesday')).toBeNull();
  });

  it(`refuses a year more than ${MOMENT_YEARS_AROUND_EVENT} from the event's, the year 10000 and beyond among them`, () => {
    expect(at('2032-12-31T23:59:59Z')).toBe('2032-12-31T23:59:59.000Z');
    expect(at('2022-01-01T00:00:00Z')).toBe('2022-01-01T00:00:00.000Z');
    expect(at('2033-01-01T00:00:00Z')).toBeNull();
    expect(at('2021-12-31T23:59:59Z')).toBeNull();
    expect(at('10000-01-01T00:00:00Z')).toBeNull();
    expect(at('+010000-01-01T00:00:00Z')).toBeNull();
    expect(parseMoment('0099-01-01T00:00:00Z', 99)?.toISOString()).toBe('0099-01-01T00:00:00.000Z');
  });
});

describe('isDateNearEvent', () => {
  it('takes a real date within the range and nothing else', () => {
    expect(isDateNearEvent('2027-03-14', EVENT_YEAR)).toBe(true);
    expect(isDateNearEvent('2028-02-29', EVENT_YEAR)).toBe(true);
    expect(isDateNearEvent('2027-02-30', EVENT_YEAR)).toBe(false);
    expect(isDateNearEvent('2033-03-14', EVENT_YEAR)).toBe(false);
    expect(isDateNearEvent('9999-12-31', EVENT_YEAR)).toBe(false);
  });
});
