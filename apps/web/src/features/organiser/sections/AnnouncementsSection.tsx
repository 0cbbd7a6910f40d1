import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { ANNOUNCEMENT_LIMITS } from '@mc/contract';
import { Card, QueryState } from '../../../components/ui';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { screenKeys } from '../../../lib/screenKeys';
import { useVenueTimeZone } from '../../conference';
import { AnnouncementForm, AUDIENCES } from '../announcements/AnnouncementForm';
import { SectionHeading } from '../SectionHeading';
import { listAnnouncements } from '../organiserApi';

/** Writing announcements to everyone or a group, now or later, and the ones written so far. */
export default function AnnouncementsSection() {
  const { _ } = useLingui();
  const timeZone = useVenueTimeZone();
  const list = useQuery({ queryKey: screenKeys.organiserAnnouncements, queryFn: listAnnouncements });
  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title={_('organiser.sections.announcements')}
        description={_('organiser.announcements.description', { max: ANNOUNCEMENT_LIMITS.urgentPerDay })}
      />
      <AnnouncementForm />
      <Card>
        <h2 className="text-lg font-semibold text-slate-50">{_('organiser.announcements.sentAndScheduled')}</h2>
        <QueryState query={list} loading={_('organiser.announcements.loading')} errorTitle={_('organiser.announcements.loadFailed')}>
          {(data) =>
            data.length === 0 ? (
              <p className="mt-2 text-sm text-slate-300">{_('organiser.announcements.none')}</p>
            ) : (
              <ul aria-label={_('organiser.sections.announcements')} className="mt-2 flex flex-col divide-y divide-slate-700/70">
                {data.map((entry) => (
                  <li key={entry.id} className="py-3 text-sm">
                    <p className="font-medium text-white">{entry.urgent ? _('organiser.announcements.urgentTitle', { title: entry.title }) : entry.title}</p>
                    <p className="text-slate-300">
                      {_(AUDIENCES[entry.audience].messageId)}
                      {entry.part_id ? ` (${entry.part_id})` : ''} ·{' '}
                      {entry.sent_at
                        ? _('organiser.announcements.sentTo', { when: formatVenueDateTime(entry.sent_at, timeZone), count: entry.recipients ?? 0 })
                        : _('organiser.announcements.scheduledFor', { when: formatVenueDateTime(entry.send_at, timeZone) })}
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
