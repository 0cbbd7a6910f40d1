import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { CountAt, OverviewFigures } from '@mc/contract';
import { Badge, Card, QueryState } from '../../../components/ui';
import { SectionHeading } from '../SectionHeading';
import { BarChart } from '../BarChart';
import { OVERVIEW_REFRESH_MS, overviewQuery } from '../moderationApi';
import { checkinFiguresQuery } from '../checkinApi';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { useVenueTimeZone, zoneCity } from '../../conference';
import { currentFormattingLocale } from '../../../i18n/i18n';

const FIGURES: { key: keyof OverviewFigures; messageId: string }[] = [
  { key: 'registered', messageId: 'organiser.overview.registered' },
  { key: 'pre_survey_done', messageId: 'organiser.overview.preSurveyDone' },
  { key: 'anonymous', messageId: 'organiser.overview.anonymous' },
  { key: 'sharing', messageId: 'organiser.overview.sharing' },
  { key: 'anonymity_not_chosen', messageId: 'organiser.overview.anonymityNotChosen' },
  { key: 'role_profiles', messageId: 'organiser.overview.roleProfiles' },
  { key: 'missions', messageId: 'organiser.sections.missions' },
  { key: 'hidden_missions', messageId: 'organiser.overview.hiddenMissions' },
  { key: 'team_members', messageId: 'organiser.overview.teamMembers' },
  { key: 'votes', messageId: 'organiser.common.votes' },
  { key: 'subscriptions', messageId: 'organiser.common.subscriptions' },
  { key: 'post_survey_done', messageId: 'organiser.overview.postSurveyDone' },
];

// Made for the interface's locale when first needed, and again when the language changes.
const slotFormats = new Map<string, Intl.DateTimeFormat>();

function slotFormat(locale: string, withHour: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${withHour ? 'hour' : 'day'}`;
  let format = slotFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      withHour ? { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' } : { day: 'numeric', month: 'short', timeZone: 'UTC' },
    );
    slotFormats.set(key, format);
  }
  return format;
}

/** "2026-11-23" or "2026-11-23T14:00" (already in the venue's zone) as a short label in `locale`. */
function slotLabel(at: string, locale: string): string {
  const date = new Date(`${at.length === 10 ? `${at}T00:00` : at}:00Z`);
  return slotFormat(locale, at.length !== 10).format(date);
}

/** Live figures, sign-ups per day and votes per hour (each chart with its numbers), and the missions ranked by votes. */
export default function OverviewSection() {
  const { _ } = useLingui();
  const timeZone = useVenueTimeZone();
  const overview = useQuery(overviewQuery(timeZone));

  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title={_('organiser.sections.overview')}
        description={_('organiser.overview.description', { seconds: OVERVIEW_REFRESH_MS / 1000, city: zoneCity(timeZone) })}
      />
      <QueryState query={overview} loading={_('organiser.overview.loading')} errorTitle={_('organiser.overview.loadFailed')}>
        {(data) => (
          <>
            <p className="text-sm text-slate-400">{_('organiser.overview.updated', { when: formatVenueDateTime(data.generated_at, timeZone, 'medium') })}</p>
            <dl aria-label={_('organiser.overview.figures')} className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
              {FIGURES.map(({ key, messageId }) => (
                <Card key={key} className="flex flex-col gap-1 p-4">
                  <dt className="text-sm text-slate-300">{_(messageId)}</dt>
                  <dd className="text-2xl font-bold text-slate-50" data-testid={`figure-${key}`}>
                    {data.figures[key]}
                  </dd>
                </Card>
              ))}
            </dl>
            <CheckinFigures timeZone={timeZone} />
            <div className="grid gap-6 xl:grid-cols-2">
              <ChartCard title={_('organiser.overview.signupsPerDay')} unit={_('organiser.overview.signups')} series={data.signups_per_day} />
              <ChartCard title={_('organiser.overview.votesPerHour')} unit={_('organiser.common.votes')} series={data.votes_per_hour} />
            </div>
            <Card>
              <h2 className="mb-3 text-lg font-semibold text-slate-50">{_('organiser.overview.ranked')}</h2>
              {data.missions_by_votes.length === 0 ? (
                <p className="text-slate-300">{_('organiser.overview.noMissions')}</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <thead className="text-slate-300">
                      <tr>
                        <th scope="col" className="py-2 pr-3">
                          {_('organiser.overview.rank')}
                        </th>
                        <th scope="col" className="py-2 pr-3">
                          {_('organiser.overview.mission')}
                        </th>
                        <th scope="col" className="py-2 pr-3 text-right">
                          {_('organiser.common.votes')}
                        </th>
                        <th scope="col" className="py-2 pr-3 text-right">
                          {_('organiser.common.subscribers')}
                        </th>
                        <th scope="col" className="py-2 text-right">
                          {_('organiser.common.team')}
                        </th>
                      </tr>
                    </thead>
                    <tbody className="text-slate-100">
                      {data.missions_by_votes.map((mission, index) => (
                        <tr key={mission.mission_id} className="border-t border-slate-700/70">
                          <td className="py-2 pr-3">{index + 1}</td>
                          <td className="py-2 pr-3 break-words">
                            {mission.name} {mission.hidden ? <Badge tone="warning">{_('organiser.common.hidden')}</Badge> : null}
                          </td>
                          <td className="py-2 pr-3 text-right font-semibold">{mission.vote_count}</td>
                          <td className="py-2 pr-3 text-right">{mission.subscription_count}</td>
                          <td className="py-2 text-right">{mission.team_count}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )}
            </Card>
          </>
        )}
      </QueryState>
    </section>
  );
}

/**
 * Who is checked in at the door now: in all, per door and per hour. Read again whenever the live
 * channel says check-ins changed (LiveUpdates), so the figures follow the doors within seconds.
 */
function CheckinFigures({ timeZone }: { timeZone: string }) {
  const { _ } = useLingui();
  const figures = useQuery(checkinFiguresQuery(timeZone));
  return (
    <QueryState query={figures} loading={_('organiser.checkins.loading')} errorTitle={_('organiser.checkins.loadFailed')}>
      {(data) => (
        <div className="grid gap-6 xl:grid-cols-2">
          <Card className="flex flex-col gap-3">
            <h2 className="text-lg font-semibold text-slate-50">{_('organiser.checkins.title')}</h2>
            <p className="flex items-baseline gap-2">
              <span className="text-3xl font-bold text-slate-50" data-testid="figure-checked_in">
                {data.checked_in}
              </span>
              <span className="text-slate-300">{_('organiser.checkins.ofRegistered', { count: data.registered })}</span>
            </p>
            {data.per_door.length === 0 ? (
              <p className="text-slate-300">{_('organiser.checkins.noneYet')}</p>
            ) : (
              <dl aria-label={_('organiser.checkins.perDoor')} className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
                {data.per_door.map((door) => (
                  <div key={door.door} className="contents">
                    <dt className="break-words text-slate-300">{door.door}</dt>
                    <dd className="text-right font-semibold text-slate-50" data-testid={`door-${door.door}`}>
                      {door.count}
                    </dd>
                  </div>
                ))}
              </dl>
            )}
          </Card>
          <ChartCard title={_('organiser.checkins.perHour')} unit={_('organiser.checkins.unit')} series={data.per_hour} />
        </div>
      )}
    </QueryState>
  );
}

/** A chart and, for everyone who cannot see it, the same numbers as a table (folded away by default). */
function ChartCard({ title, unit, series }: { title: string; unit: string; series: CountAt[] }) {
  const { _ } = useLingui();
  // Written again when the interface's language changes, not only with new figures.
  const locale = currentFormattingLocale();
  const labels = useMemo(() => series.map((point) => slotLabel(point.at, locale)), [series, locale]);
  const values = useMemo(() => series.map((point) => point.count), [series]);
  const total = values.reduce((sum, value) => sum + value, 0);
  const peak = series.reduce<CountAt | null>((best, point) => (best === null || point.count > best.count ? point : best), null);
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-50">{title}</h2>
      <p className="text-sm text-slate-300">
        {peak && peak.count > 0
          ? _('organiser.overview.totalWithPeak', { total, count: peak.count, when: slotLabel(peak.at, locale) })
          : _('organiser.overview.total', { total })}
      </p>
      <BarChart label={_('organiser.overview.chartLabel', { title })} labels={labels} values={values} />
      <details className="text-sm">
        <summary className="cursor-pointer text-sky-200 hover:underline">{_('organiser.overview.showNumbers')}</summary>
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="text-slate-300">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  {_('organiser.overview.when')}
                </th>
                <th scope="col" className="py-1 text-right">
                  {unit}
                </th>
              </tr>
            </thead>
            <tbody className="text-slate-100">
              {series.map((point, index) => (
                <tr key={point.at} className="border-t border-slate-700/70">
                  <td className="py-1 pr-3">{labels[index]}</td>
                  <td className="py-1 text-right">{point.count}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}
