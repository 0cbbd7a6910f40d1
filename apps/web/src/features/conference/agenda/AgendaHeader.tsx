import { useLingui } from '@lingui/react';
import type { ProgrammeSettingsDocument } from '@mc/contract/programme.ts';
import { formatClock, zoneAbbreviation, zoneCity } from '../programme.ts';
import { VenueLine } from './VenueLine.tsx';

/**
 * The page's title, the note that every time shown is the venue's (with the venue's time now for
 * someone whose device is set to another zone), and where the venue is.
 */
export function AgendaHeader({
  timeZone,
  deviceZone,
  now,
  venue,
}: {
  /** The venue's time zone. */
  timeZone: string;
  /** The device's time zone when it differs from the venue's, otherwise null. */
  deviceZone: string | null;
  now: Date;
  venue: Pick<ProgrammeSettingsDocument, 'venue' | 'venueAddress' | 'mapUrl'>;
}) {
  const { _ } = useLingui();
  return (
    <header className="mb-4">
      <h1 className="text-2xl font-bold tracking-tight text-white sm:text-3xl">{_('agenda.heading')}</h1>
      <p className="mt-2 text-sm text-slate-300" data-testid="venue-time-note">
        {_('agenda.venueTime.note', { city: zoneCity(timeZone), offset: zoneAbbreviation(timeZone, now) })}
        {deviceZone ? (
          <> {_('agenda.venueTime.device', { city: zoneCity(deviceZone), offset: zoneAbbreviation(deviceZone, now), time: formatClock(now, timeZone) })}</>
        ) : null}
      </p>
      <VenueLine venue={venue} />
    </header>
  );
}
