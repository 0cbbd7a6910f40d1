import { NO_DATE, parseMoment } from './format';

// Apart from format.ts so the screens that show only the person's own clock (the sign-in page among
// them) do not download it.

const venueFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as the clock at the venue shows it ("Dec 6, 2025, 9:00 AM"), whatever zone the device
 * is in: the organiser console and the programme's changelog speak in venue time.
 */
export function formatVenueDateTime(value: string | Date | null | undefined, timeZone: string, timeStyle: 'short' | 'medium' = 'short'): string {
  const date = parseMoment(value);
  if (!date) return NO_DATE;
  const key = `${timeZone}|${timeStyle}`;
  let format = venueFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle, timeZone });
    venueFormats.set(key, format);
  }
  return format.format(date);
}
