import { currentFormattingLocale, i18n } from '../i18n/i18n';
import { dateTimeFormat, numberFormat } from '../i18n/formats';

/**
 * One way to show dates, times and numbers across the app (docs/product.md#dates-times-and-counts):
 * in the interface language's locale (the browser's own variant of it when it has one), the same
 * date style everywhere. Counted words ("1 vote", "2 votes") are plural messages in the catalogue.
 */

/** Shown for a missing or unreadable date ("N/A"), in the interface's language. */
export function noDate(): string {
  return i18n._('format.noDate');
}

/** noDate under its former name, which features/profiles/format.ts passes on. */
export const NO_DATE = noDate;

/** A moment from a stored value, or null when it is missing or unreadable. */
export function parseMoment(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day, such as "Nov 23, 2026" (en-US), "23 Nov 2026" (en-GB) or "23 Nov. 2026" (af-ZA). */
export function formatDate(value: string | Date | null | undefined): string {
  const date = parseMoment(value);
  return date ? dateTimeFormat(currentFormattingLocale(), { dateStyle: 'medium' }).format(date) : noDate();
}

/** A moment: the same day as formatDate, then the time ("Nov 23, 2026, 10:57 AM"). */
export function formatDateTime(value: string | Date | null | undefined): string {
  const date = parseMoment(value);
  return date ? dateTimeFormat(currentFormattingLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date) : noDate();
}

/** A time of day alone, for moments of today ("10:57 AM"). */
export function formatTime(value: string | Date | null | undefined): string {
  const date = parseMoment(value);
  return date ? dateTimeFormat(currentFormattingLocale(), { timeStyle: 'short' }).format(date) : noDate();
}

/** A number as the interface's locale writes it ("2,000" in en-US, "2 000" in af-ZA). */
export function formatCount(count: number): string {
  return numberFormat(currentFormattingLocale()).format(count);
}
