import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { CountAt, OverviewFigures } from '@mc/contract';
import { Badge, Card, QueryState } from '../../../components/ui';
import { SectionHeading } from '../SectionHeading';
import { BarChart } from '../BarChart';
import { OVERVIEW_REFRESH_MS, overviewQuery } from '../moderationApi';
import { formatVenueDateTime } from '../../../lib/formatVenue';
import { useVenueTimeZone, zoneCity } from '../../conference';

const FIGURES: [keyof OverviewFigures, string][] = [
  ['registered', 'Registered'],
  ['pre_survey_done', 'Pre-survey done'],
  ['anonymous', 'Anonymous'],
  ['sharing', 'Sharing their details'],
  ['anonymity_not_chosen', 'Anonymity not chosen yet'],
  ['role_profiles', 'Role profiles'],
  ['missions', 'Missions'],
  ['hidden_missions', 'Hidden missions'],
  ['team_members', 'Team members'],
  ['votes', 'Votes'],
  ['subscriptions', 'Subscriptions'],
  ['post_survey_done', 'Post-survey done'],
];

const dayFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', timeZone: 'UTC' });
const hourFormat = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', timeZone: 'UTC' });

/** "2026-11-23" or "2026-11-23T14:00" (already in the venue's zone) as a short local label. */
function slotLabel(at: string): string {
  const date = new Date(`${at.length === 10 ? `${at}T00:00` : at}:00Z`);
  return at.length === 10 ? dayFormat.format(date) : hourFormat.format(date);
}

/** Live figures, sign-ups per day and votes per hour (each chart with its numbers), and the missions ranked by votes. */
export default function OverviewSection() {
  const timeZone = useVenueTimeZone();
  const overview = useQuery(overviewQuery(timeZone));

  return (
    <section aria-labelledby="section-title" className="flex flex-col gap-6">
      <SectionHeading
        title="Overview"
        description={`Live figures for the event, refreshed every ${OVERVIEW_REFRESH_MS / 1000} seconds. Times are venue times in ${zoneCity(timeZone)}.`}
      />
      <QueryState query={overview} loading="Loading the figures..." errorTitle="The figures could not be loaded">
        {(data) => (
          <>
            <p className="text-sm text-slate-400">Updated {formatVenueDateTime(data.generated_at, timeZone, 'medium')}</p>
            <dl aria-label="Figures" className="grid grid-cols-2 gap-3 sm:grid-cols-3 xl:grid-cols-4">
              {FIGURES.map(([key, label]) => (
                <Card key={key} className="flex flex-col gap-1 p-4">
                  <dt className="text-sm text-slate-300">{label}</dt>
                  <dd className="text-2xl font-bold text-slate-50" data-testid={`figure-${key}`}>
                    {data.figures[key]}
                  </dd>
                </Card>
              ))}
            </dl>
            <div className="grid gap-6 xl:grid-cols-2">
              <ChartCard title="Sign-ups per day" unit="Sign-ups" series={data.signups_per_day} />
              <ChartCard title="Votes per hour (last 48 hours)" unit="Votes" series={data.votes_per_hour} />
            </div>
            <Card>
              <h2 className="mb-3 text-lg font-semibold text-slate-50">Missions ranked by votes</h2>
              {data.missions_by_votes.length === 0 ? (
                <p className="text-slate-300">No missions yet.</p>
              ) : (
                <div className="overflow-x-auto">
                  <table className="w-full text-left text-sm">
                    <thead className="text-slate-300">
                      <tr>
                        <th scope="col" className="py-2 pr-3">
                          Rank
                        </th>
                        <th scope="col" className="py-2 pr-3">
                          Mission
                        </th>
                        <th scope="col" className="py-2 pr-3 text-right">
                          Votes
                        </th>
                        <th scope="col" className="py-2 pr-3 text-right">
                          Subscribers
                        </th>
                        <th scope="col" className="py-2 text-right">
                          Team
                        </th>
                      </tr>
                    </thead>
                    <tbody className="text-slate-100">
                      {data.missions_by_votes.map((mission, index) => (
                        <tr key={mission.mission_id} className="border-t border-slate-700/70">
                          <td className="py-2 pr-3">{index + 1}</td>
                          <td className="py-2 pr-3 break-words">
                            {mission.name} {mission.hidden ? <Badge tone="warning">Hidden</Badge> : null}
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

/** A chart and, for everyone who cannot see it, the same numbers as a table (folded away by default). */
function ChartCard({ title, unit, series }: { title: string; unit: string; series: CountAt[] }) {
  const labels = useMemo(() => series.map((point) => slotLabel(point.at)), [series]);
  const values = useMemo(() => series.map((point) => point.count), [series]);
  const total = values.reduce((sum, value) => sum + value, 0);
  const peak = series.reduce<CountAt | null>((best, point) => (best === null || point.count > best.count ? point : best), null);
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-lg font-semibold text-slate-50">{title}</h2>
      <p className="text-sm text-slate-300">
        {total} in all{peak && peak.count > 0 ? `; most: ${peak.count} on ${slotLabel(peak.at)}` : ''}.
      </p>
      <BarChart label={`${title}: bar chart. The numbers are in the table below.`} labels={labels} values={values} />
      <details className="text-sm">
        <summary className="cursor-pointer text-sky-200 hover:underline">Show the numbers</summary>
        <div className="mt-2 max-h-64 overflow-y-auto">
          <table className="w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead className="text-slate-300">
              <tr>
                <th scope="col" className="py-1 pr-3">
                  When
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
