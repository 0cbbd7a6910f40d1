import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { History } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { onlyShifted } from '@mc/contract/programmeVersions.ts';
import { describeChange, describeShift } from '../programmeTexts.ts';
import { Dialog, LoadError } from '../../../components/ui';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { queryKeys } from '../../../lib/queryKeys';
import { listProgrammeVersions } from '../conferenceApi';

/**
 * The changelog: every published version of the programme, newest first, with the organisers'
 * note and each changed part in words (moved, renamed, new speakers, new, cancelled).
 */
export function ChangesDialog({ timeZone }: { timeZone: string }) {
  const { _ } = useLingui();
  const [open, setOpen] = useState(false);
  const versions = useQuery({ queryKey: queryKeys.programmeVersions, enabled: open, queryFn: listProgrammeVersions });
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        title={_('agenda.changes.button')}
        className="inline-flex min-h-10 min-w-10 items-center justify-center gap-1.5 rounded-xl border border-slate-700 px-3 text-sm font-medium text-slate-100 hover:border-indigo-400"
      >
        <History aria-hidden="true" className="size-4" />
        {_('agenda.changes.button')}
      </button>
      <Dialog open={open} onOpenChange={setOpen} title={_('agenda.changes.title')} description={_('agenda.changes.description')} size="lg">
        {versions.isPending ? (
          <p className="text-sm text-slate-300">{_('agenda.changes.loading')}</p>
        ) : versions.isError ? (
          <LoadError
            message={_('agenda.changes.loadFailed', { reason: versions.error.message })}
            retrying={versions.isFetching}
            onRetry={() => void versions.refetch()}
          />
        ) : versions.data.length === 0 ? (
          <p className="text-sm text-slate-300">{_('agenda.changes.none')}</p>
        ) : (
          <ol aria-label={_('agenda.changes.listLabel')} className="space-y-4 overflow-y-auto">
            {versions.data.map((entry) => (
              <li key={entry.version} className="rounded-xl border border-slate-800 bg-slate-950/60 p-3">
                <h3 className="text-sm font-semibold text-white">
                  <Trans
                    id="agenda.changes.version"
                    values={{ version: entry.version, publishedAt: formatVenueDateTime(entry.published_at, timeZone) }}
                    components={{ 0: <time dateTime={entry.published_at} /> }}
                  />
                </h3>
                <p className="mt-1 text-sm text-slate-200">{entry.note}</p>
                {entry.changes.length > 0 ? (
                  <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-300">
                    {/* The contract's words, the same as the change alerts the server sends (docs/product.md#a-published-schedule); a shift of every part in one line. */}
                    {entry.shift ? <li>{describeShift(entry.shift)}</li> : null}
                    {entry.changes
                      .filter((change) => !onlyShifted(change, entry.shift))
                      .map((change) => (
                        <li key={change.partId}>{describeChange(change)}</li>
                      ))}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </Dialog>
    </>
  );
}
