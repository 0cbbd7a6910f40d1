import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { venueDay } from '@mc/contract/agenda.ts';
import { fetchProgramme } from '../../features/conference/programmeFetch';
import { queryKeys } from '../../lib/queryKeys';

export interface ConferenceDates {
  /** "Conference 2026", from the programme's own dates ("Conference 2026–2027" across a new year). */
  groupLabel: string;
  /** Whether the programme's last day has begun at the venue: the post-conference survey's time. */
  lastDayReached: boolean;
}

/** Today at the venue, "YYYY-MM-DD" (the en-CA locale writes dates that way). */
export function venueToday(timeZone: string, now: Date = new Date()): string {
  return venueDay(now, timeZone);
}

/**
 * What the sidebar takes from the programme (docs/product.md#protected-layout-and-sidebar). It
 * shares the programme's cached answer with the agenda; until it has arrived the group reads
 * "Conference" and Post-Conference is not offered.
 */
export function useConferenceDates(): ConferenceDates {
  const { _ } = useLingui();
  const dates = useQuery({
    queryKey: queryKeys.programme,
    queryFn: fetchProgramme,
    // The dates rarely change; the agenda screens revalidate the programme on every visit anyway.
    staleTime: 5 * 60_000,
    select: ({ programme }) => programme.settings,
  });
  const settings = dates.data;
  if (!settings) return { groupLabel: _('nav.conference'), lastDayReached: false };
  const [first, last] = [settings.startDate.slice(0, 4), settings.endDate.slice(0, 4)];
  return {
    groupLabel: first === last ? _('nav.conferenceYear', { year: first }) : _('nav.conferenceYears', { first, last }),
    lastDayReached: venueToday(settings.timeZone) >= settings.endDate,
  };
}
