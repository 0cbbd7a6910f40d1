import { ExternalLink, MapPin } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { locationText, type ProgrammeSettingsDocument } from '@mc/contract/programme.ts';

/**
 * The venue's name and address, and the map link the organisers entered: a plain link that opens
 * only when the person follows it (the app loads no map or outside service by itself).
 */
export function VenueLine({ venue }: { venue: Pick<ProgrammeSettingsDocument, 'venue' | 'venueAddress' | 'mapUrl'> }) {
  const { _ } = useLingui();
  const where = locationText(undefined, venue);
  if (!where) return null;
  return (
    // The pin runs in the text's first line (never alone on a line of its own), the map link after the text.
    <p data-testid="venue-line" className="mt-1 text-sm text-slate-300">
      <MapPin aria-hidden="true" className="mr-1.5 inline size-4 align-[-0.2em] text-slate-400" />
      <span data-testid="venue-text">{_('agenda.venue.line', { where })}</span>
      {venue.mapUrl ? (
        <a
          href={venue.mapUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="ml-2 inline-flex min-h-9 items-center gap-1 align-middle text-indigo-200 underline decoration-indigo-400/50 underline-offset-2 hover:text-white"
        >
          {_('agenda.venue.map')}
          <ExternalLink aria-hidden="true" className="size-3.5" />
          <span className="sr-only"> {_('agenda.venue.mapHint')}</span>
        </a>
      ) : null}
    </p>
  );
}
