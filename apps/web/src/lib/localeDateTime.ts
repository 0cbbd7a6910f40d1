/**
 * Dates and times typed the way the person's locale writes them (docs/product.md#dates-times-and-counts):
 * "03/04/1990" in the United States, "1990/03/04" in South Africa, "04/03/1990" in Britain; "4:30 PM"
 * where the locale uses a 12-hour clock, "16:30" where it uses 24 hours. The browser's own date and
 * time inputs follow the browser's interface language instead, which is often not the person's.
 * Values stay as forms and the server read them: "YYYY-MM-DD" and "HH:MM".
 */

type DatePart = 'year' | 'month' | 'day';

/** A day or a time of day written in a locale (`undefined`: the person's own). */
export interface LocaleDateTime {
  /** The order of the day, month and year, and what is written between them. */
  dateParts: { type: DatePart | 'literal'; value: string }[];
  /** Whether the clock runs 1 to 12 with AM and PM. */
  twelveHour: boolean;
  /** The locale's words for before and after noon, such as "AM" and "PM". */
  dayPeriods: [string, string];
}

export function localeDateTime(locale?: string): LocaleDateTime {
  const dateFormat = new Intl.DateTimeFormat(locale, { year: 'numeric', month: '2-digit', day: '2-digit', timeZone: 'UTC' });
  const dateParts = dateFormat
    .formatToParts(Date.UTC(2000, 0, 2))
    .filter((part) => ['year', 'month', 'day', 'literal'].includes(part.type))
    .map((part) => ({ type: part.type as DatePart | 'literal', value: part.value }));
  const timeFormat = new Intl.DateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' });
  const cycle = timeFormat.resolvedOptions().hourCycle;
  const period = (hour: number) => timeFormat.formatToParts(Date.UTC(2000, 0, 1, hour)).find((part) => part.type === 'dayPeriod')?.value;
  return {
    dateParts,
    twelveHour: cycle === 'h11' || cycle === 'h12',
    dayPeriods: [period(1) ?? 'AM', period(13) ?? 'PM'],
  };
}

/** A number with leading zeros: pad(7) is "07". */
export const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** How a date is written in this locale, for a placeholder or a message: "MM/DD/YYYY". */
export function datePattern(style: LocaleDateTime): string {
  const names: Record<DatePart, string> = { year: 'YYYY', month: 'MM', day: 'DD' };
  return style.dateParts.map((part) => (part.type === 'literal' ? part.value : names[part.type])).join('');
}

/** "1990-03-04" as the locale writes it; anything else unchanged. */
export function formatLocaleDate(iso: string, style: LocaleDateTime): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const values: Record<DatePart, string> = { year: match[1] ?? '', month: match[2] ?? '', day: match[3] ?? '' };
  return style.dateParts.map((part) => (part.type === 'literal' ? part.value : values[part.type])).join('');
}

/** A real calendar day as "YYYY-MM-DD", or null. */
function isoDay(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  const real = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return real && year > 0 ? `${pad(year, 4)}-${pad(month)}-${pad(day)}` : null;
}

/**
 * What the person typed, read in their locale's order ("04/03/1990" is 4 March in Britain), as
 * "YYYY-MM-DD"; or null when it is not a real day. Any separators do; eight digits alone too; and a
 * date that starts with a four-digit year is read year, month, day, as ISO writes it.
 */
export function parseLocaleDate(text: string, style: LocaleDateTime): string | null {
  const trimmed = text.trim();
  const order = style.dateParts.flatMap((part) => (part.type === 'literal' ? [] : [part.type]));
  let groups: string[] = trimmed.match(/\d+/g) ?? [];
  if (groups.length === 1 && /^\d{8}$/.test(trimmed)) {
    const lengths = order.map((type) => (type === 'year' ? 4 : 2));
    let at = 0;
    groups = lengths.map((length) => {
      const group = trimmed.slice(at, at + length);
      at += length;
      return group;
    });
  }
  if (groups.length !== 3 || /[^\d\s./-]/.test(trimmed)) return null;
  const readOrder: DatePart[] = (groups[0] ?? '').length === 4 ? ['year', 'month', 'day'] : order;
  const values: Partial<Record<DatePart, string>> = {};
  readOrder.forEach((type, index) => (values[type] = groups[index]));
  if ((values.year ?? '').length !== 4) return null;
  return isoDay(Number(values.year), Number(values.month), Number(values.day));
}
