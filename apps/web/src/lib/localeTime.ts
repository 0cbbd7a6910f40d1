/**
 * Times of day typed the way the person's locale writes them ("4:30 PM" or "16:30"), kept apart
 * from the dates so that screens with only a date field (the sign-in page) do not download them.
 */
import { pad, type LocaleDateTime } from './localeDateTime';

/** How a time is written in this locale: "HH:MM" or "H:MM AM". */
export function timePattern(style: LocaleDateTime): string {
  return style.twelveHour ? `H:MM ${style.dayPeriods[0]}` : 'HH:MM';
}

/** "16:30" as the locale writes it ("4:30 PM" or "16:30"); anything else unchanged. */
export function formatLocaleTime(hhmm: string, style: LocaleDateTime): string {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return hhmm;
  const hour = Number(match[1]);
  if (!style.twelveHour) return hhmm;
  return `${hour % 12 === 0 ? 12 : hour % 12}:${match[2] ?? '00'} ${style.dayPeriods[hour < 12 ? 0 : 1]}`;
}

/**
 * A time of day as "HH:MM", or null: "16:30", "1630", "4:30 pm", "4 PM", "4.30 p.m." or the
 * locale's own words for AM and PM. Without AM or PM the hour is read on the 24-hour clock.
 */
export function parseLocaleTime(text: string, style: LocaleDateTime): string | null {
  const simplify = (value: string) => value.toLowerCase().replace(/[\s.]/g, '');
  const [am, pm] = style.dayPeriods.map(simplify);
  let rest = simplify(text);
  let period: 'am' | 'pm' | null = null;
  for (const [words, meaning] of [
    [am, 'am'],
    [pm, 'pm'],
    ['am', 'am'],
    ['pm', 'pm'],
    ['a', 'am'],
    ['p', 'pm'],
  ] as const) {
    if (words && rest.endsWith(words)) {
      period = meaning;
      rest = rest.slice(0, -words.length);
      break;
    }
  }
  const match = /^(\d{1,2})(?::|h)?(\d{2})?$/.exec(rest);
  if (!match) return null;
  let hour = Number(match[1]);
  const minute = Number(match[2] ?? '0');
  if (minute > 59) return null;
  if (period) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (period === 'pm' ? 12 : 0);
  } else if (hour > 23) return null;
  return `${pad(hour)}:${pad(minute)}`;
}
