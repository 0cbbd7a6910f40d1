import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Download } from 'lucide-react';
import { AFTER_EVENT_EXPORT_PATH, NO_NEWS_DAYS, type AfterEventFigures, type AfterEventMission } from '@mc/contract';
import { Alert, Badge, Button, Card, QueryState } from '../../../components/ui';
import { formatDate, formatDateTime } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { afterEventQuery, STATUS_MESSAGE_IDS } from '../../progress';
import { SectionHeading } from '../SectionHeading';
import { downloadCsv } from '../moderationApi';

/*
 * "After the event" (docs/product.md#after-the-event): every mission with its status, its last
 * update and its check-in answers; the figures; a filter for missions without news for 30 days;
 * the same as CSV.
 */

function Figures({ figures }: { figures: AfterEventFigures }) {
  const { _ } = useLingui();
  const percent = (share: number | null) => (share === null ? _('organiser.afterEvent.notYet') : `${Math.round(share * 100)}%`);
  const cells: [string, string][] = [
    [_('organiser.afterEvent.missions'), String(figures.missions)],
    [_('mission.status.active'), String(figures.active)],
    [_('mission.status.paused'), String(figures.paused)],
    [_('mission.status.completed'), String(figures.completed)],
    [_('mission.status.stopped'), String(figures.stopped)],
    ...figures.updated_after.map(({ day, share }): [string, string] => [_('organiser.afterEvent.updatedAfter', { days: day }), percent(share)]),
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" data-testid="after-event-figures">
      {cells.map(([label, value]) => (
        <div key={label} className="rounded-lg border border-slate-700 p-3">
          <dt className="text-sm text-slate-300">{label}</dt>
          <dd className="text-xl font-semibold text-slate-50">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function MissionRow({ mission }: { mission: AfterEventMission }) {
  const { _ } = useLingui();
  return (
    <li className="flex flex-col gap-2 border-t border-slate-700/70 py-4 first:border-t-0" data-testid="after-event-mission">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-base font-semibold break-words text-slate-50">
          <Link to={paths.mission(mission.mission_id)} className="underline-offset-2 hover:underline">
            {mission.name}
          </Link>
        </h2>
        <Badge tone="neutral">{_(STATUS_MESSAGE_IDS[mission.status])}</Badge>
        {mission.no_news ? <Badge tone="warning">{_('organiser.afterEvent.noNews', { days: NO_NEWS_DAYS })}</Badge> : null}
        {mission.hidden ? <Badge tone="neutral">{_('organiser.afterEvent.hidden')}</Badge> : null}
        {!mission.checkins_on ? <Badge tone="neutral">{_('organiser.afterEvent.checkinsOff')}</Badge> : null}
      </div>
      {mission.status_reason ? <p className="text-sm text-slate-300">{mission.status_reason}</p> : null}
      <p className="text-sm text-slate-200">
        {mission.last_update_title && mission.last_update_at
          ? _('organiser.afterEvent.lastUpdate', { title: mission.last_update_title, date: formatDateTime(mission.last_update_at) })
          : _('organiser.afterEvent.noUpdate')}
      </p>
      {mission.answers.length ? (
        <ul className="flex flex-col gap-2 text-sm text-slate-200" aria-label={_('organiser.afterEvent.answers', { mission: mission.name })}>
          {mission.answers.map((answer) => (
            <li key={answer.day} className="rounded-lg border border-slate-700 p-3">
              <p className="font-medium text-slate-100">{_('organiser.afterEvent.answerOf', { days: answer.day, date: formatDate(answer.answered_at) })}</p>
              <p className="break-words whitespace-pre-line">{answer.happened}</p>
              {answer.needs ? <p className="break-words whitespace-pre-line">{_('organiser.afterEvent.needs', { needs: answer.needs })}</p> : null}
              <p>{answer.team_together ? _('organiser.afterEvent.together') : _('organiser.afterEvent.notTogether')}</p>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

export default function AfterEventSection() {
  const { _ } = useLingui();
  const [noNewsOnly, setNoNewsOnly] = useState(false);
  const query = useQuery(afterEventQuery(noNewsOnly));
  const download = useMutation({
    mutationFn: () => downloadCsv(`${AFTER_EVENT_EXPORT_PATH}${noNewsOnly ? '?no_news=1' : ''}`, 'after-the-event.csv'),
    onSuccess: (fileName) => toast.success(_('organiser.exports.downloaded', { file: fileName })),
  });
  return (
    <>
      <SectionHeading title={_('organiser.sections.afterEvent')} description={_('organiser.afterEvent.intro')} />
      <Card className="flex flex-col gap-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-200">
            <input type="checkbox" className="size-5 accent-sky-400" checked={noNewsOnly} onChange={(event) => setNoNewsOnly(event.target.checked)} />
            {_('organiser.afterEvent.filter', { days: NO_NEWS_DAYS })}
          </label>
          <Button type="button" variant="secondary" size="sm" aria-busy={download.isPending || undefined} onClick={() => download.mutate()}>
            <Download aria-hidden="true" className="size-4" />
            {_('organiser.common.download', { file: 'after-the-event.csv' })}
          </Button>
        </div>
        {download.error ? <Alert tone="error">{download.error.message}</Alert> : null}
        <QueryState query={query} loading={_('organiser.afterEvent.loading')}>
          {(overview) => (
            <>
              <Figures figures={overview.figures} />
              {overview.missions.length ? (
                <ul>
                  {overview.missions.map((mission) => (
                    <MissionRow key={mission.mission_id} mission={mission} />
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-slate-300">{noNewsOnly ? _('organiser.afterEvent.noneQuiet') : _('organiser.afterEvent.none')}</p>
              )}
            </>
          )}
        </QueryState>
      </Card>
    </>
  );
}
