import { currentFormattingLocale } from '../i18n/i18n';
import { dateTimeFormat } from '../i18n/formats';
import { noDate, parseMoment } from './format';

// Apart from format.ts so the screens that show only the person's own clock (the sign-in page among
// them) do not download it.

/**
 * A moment as the clock at the venue shows it ("Dec 6, 2025, 9:00 AM" in en-US), whatever zone the device
 * is in: the organiser console and the programme's changelog speak in venue time.
 */
export function formatVenueDateTime(value: string | Date | null | undefined, timeZone: string, timeStyle: 'short' | 'medium' = 'short'): string {
  const date = parseMoment(value);
  if (!date) return noDate();
  return dateTimeFormat(currentFormattingLocale(), { dateStyle: 'medium', timeStyle, timeZone }).format(date);
}
