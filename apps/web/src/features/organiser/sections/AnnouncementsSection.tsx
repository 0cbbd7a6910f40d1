import { useQuery } from '@tanstack/react-query';
import { AUDIENCE_LABELS } from '@mc/contract';
import { Card, QueryState } from '../../../components/ui';
import { countLabel } from '../../../lib/format';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { queryKeys } from '../../../lib/queryKeys';
import { callRpc } from '../../../lib/rpc';
import { useVenueTimeZone } from '../../conference';
import { AnnouncementForm } from '../announcements/AnnouncementForm';
import { SectionHeading } from '../SectionHeading';

/** Writing announcements to everyone or a group, now or later, and the ones written so far. */
export default function AnnouncementsSection() {
  const timeZone = useVenueTimeZone();
  const list = useQuery({ queryKey: [...queryKeys.organiser, 'announcements'], queryFn: () => callRpc('list_announcements', {}) });
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title="Announcements"
        description="Tell everyone, or one group, something that matters now. People read it in the bell and on their dashboard until they dismiss it; an urgent one is also e-mailed to those with e-mails on (at most 3 a day). Every announcement is in the audit log."
      />
      <AnnouncementForm />
      <Card>
        <h2 className="text-lg font-semibold text-slate-50">Sent and scheduled</h2>
        <QueryState query={list} loading="Loading the announcements..." errorTitle="The announcements could not be loaded">
          {(data) =>
            data.length === 0 ? (
              <p className="mt-2 text-sm text-slate-300">No announcement yet.</p>
            ) : (
              <ul aria-label="Announcements" className="mt-2 flex flex-col divide-y divide-slate-700/70">
                {data.map((entry) => (
                  <li key={entry.id} className="py-3 text-sm">
                    <p className="font-medium text-white">
                      {entry.urgent ? 'Urgent: ' : ''}
                      {entry.title}
                    </p>
                    <p className="text-slate-300">
                      {AUDIENCE_LABELS[entry.audience]}
                      {entry.part_id ? ` (${entry.part_id})` : ''} ·{' '}
                      {entry.sent_at
                        ? `Sent ${formatVenueDateTime(entry.sent_at, timeZone)} to ${countLabel(entry.recipients ?? 0, 'person', 'people')}`
                        : `Scheduled for ${formatVenueDateTime(entry.send_at, timeZone)}`}
                    </p>
                  </li>
                ))}
              </ul>
            )
          }
        </QueryState>
      </Card>
    </section>
  );
}
