/**
 * The makers of the interface's date, time and number formatters (docs/product.md#languages).
 * The browser's own Intl writes them, except in a language the browser has no data for (Chromium
 * has none for isiZulu and isiXhosa, and writes them as English): there FormatJS's formatters,
 * with that language's data, do it. intlData.ts loads and registers them, only for such a
 * language and only when it is the interface's (decision 057).
 */

/** What the app asks of a date formatter. */
export interface DateFormatter {
  format(date: Date | number): string;
  formatToParts(date: Date | number): Intl.DateTimeFormatPart[];
}

/** What the app asks of a number formatter. */
export interface NumberFormatter {
  format(value: number): string;
}

interface Formatters {
  dates?: (locale: string, options: Intl.DateTimeFormatOptions) => DateFormatter;
  numbers?: (locale: string, options: Intl.NumberFormatOptions) => NumberFormatter;
}

/** FormatJS's formatters for the languages the browser lacks, by language ("zu"). */
const standIns = new Map<string, Formatters>();

/** intlData.ts: from now on `language` is written by these formatters. */
export function registerFormatters(language: string, formatters: Formatters): void {
  standIns.set(language, { ...standIns.get(language), ...formatters });
}

const languageOf = (locale: string) => locale.toLowerCase().split('-')[0] ?? locale;

const made = new Map<string, DateFormatter | NumberFormatter>();

function once<T extends DateFormatter | NumberFormatter>(key: string, make: () => T): T {
  let formatter = made.get(key);
  if (!formatter) {
    formatter = make();
    made.set(key, formatter);
  }
  return formatter as T;
}

/**
 * The moment `date` as a clock in `timeZone` (the device's when none) shows it, as the same
 * wall-clock time in UTC: the browser knows every time zone, FormatJS's formatters only what they
 * are given, so they are asked to write the moment in UTC.
 */
function wallClock(timeZone: string | undefined): (date: Date | number) => Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  return (date) => {
    const field = (type: Intl.DateTimeFormatPartTypes) => Number(parts.formatToParts(date).find((part) => part.type === type)?.value ?? 0);
    const shown = new Date(Date.UTC(2000, field('month') - 1, field('day'), field('hour'), field('minute'), field('second'), new Date(date).getMilliseconds()));
    shown.setUTCFullYear(field('year'));
    return shown;
  };
}

/** `new Intl.DateTimeFormat(locale, options)`, written by FormatJS in a language the browser lacks (made once). */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): DateFormatter {
  const standIn = standIns.get(languageOf(locale))?.dates;
  // The name of a time zone is the browser's to write: FormatJS is given no zone data.
  if (!standIn || options.timeZoneName) return once(`d|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
  return once(`D|${locale}|${JSON.stringify(options)}`, () => {
    const format = standIn(locale, { ...options, timeZone: 'UTC' });
    const shown = options.timeZone === 'UTC' ? (date: Date | number) => date : wallClock(options.timeZone);
    return { format: (date) => format.format(shown(date)), formatToParts: (date) => format.formatToParts(shown(date)) };
  });
}

/** `new Intl.NumberFormat(locale, options)`, written by FormatJS in a language the browser lacks (made once). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): NumberFormatter {
  const standIn = standIns.get(languageOf(locale))?.numbers;
  const key = `${standIn ? 'N' : 'n'}|${locale}|${JSON.stringify(options)}`;
  return once(key, () => (standIn ? standIn(locale, options) : new Intl.NumberFormat(locale, options)));
}
