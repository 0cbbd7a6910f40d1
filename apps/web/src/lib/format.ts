/**
 * One way to show dates, times and counts across the app (docs/product.md#dates-times-and-counts):
 * dates and times in the person's own locale (the browser's language, through Intl), the same date
 * style everywhere, and counted words that agree with their number ("1 vote", "2 votes").
 */

/** Shown for a missing or unreadable date. */
export const NO_DATE = 'N/A';

// `undefined` is the person's locale: what their browser is set to.
const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });
const numberFormat = new Intl.NumberFormat(undefined);
// The words are English, so English decides which form they take.
const pluralRules = new Intl.PluralRules('en');

/** A moment from a stored value, or null when it is missing or unreadable. */
export function parseMoment(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day, such as "Nov 23, 2026" (en-US) or "23 Nov 2026" (en-GB). */
export function formatDate(value: string | Date | null | undefined): string {
  const date = parseMoment(value);
  return date ? dateFormat.format(date) : NO_DATE;
}

/** A moment: the same day as formatDate, then the time ("Nov 23, 2026, 10:57 AM"). */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parseMoment(value);
  return date ? dateTimeFormat.format(date) : NO_DATE;
}

/** A time of day alone, for moments of today ("10:57 AM"). */
export function formatTime(value: string | Date | null | undefined): string {
  const date = parseMoment(value);
  return date ? timeFormat.format(date) : NO_DATE;
}

/** A number as the person's locale writes it ("2,000"). */
export function formatCount(count: number): string {
  return numberFormat.format(count);
}

/** A count with its word in the right form: countLabel(1, 'vote', 'votes') is "1 vote". */

export function countLabel(count: number, one: string, other: string): string {
  return `${numberFormat.format(count)} ${pluralRules.select(count) === 'one' ? one : other}`;
}
