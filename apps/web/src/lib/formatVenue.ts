import { currentFormattingLocale } from '../i18n/i18n';
import { noDate, parseMoment } from './format';

// Apart from format.ts so the screens that show only the person's own clock (the sign-in page among
// them) do not download it.

const venueFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the clock at the venue shows it ("Dec 6, 2025, 9:00 AM" in en-US), whatever zone the device
 * is in: the organiser console and the programme's changelog speak in venue time.
 */
export function formatVenueDateTime(value: string | Date | null | undefined, timeZone: string, timeStyle: 'short' | 'medium' = 'short'): string {
  const date = parseMoment(value);
  if (!date) return noDate();
  const locale = currentFormattingLocale();
  const key = `${locale}|${timeZone}|${timeStyle}`;
  let format = venueFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle, timeZone });
    venueFormats.set(key, format);
  }
  return format.format(date);
}
