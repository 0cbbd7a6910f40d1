import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Bell, Briefcase, LayoutGrid, List, Radio, SearchX, ThumbsUp, User, Users, type LucideIcon } from 'lucide-react';
import type { Mission, MissionStatus } from '@mc/contract';
import { Badge, LoadError, Card, PageSpinner, SearchInput, Select, buttonClasses, cn, pageClasses } from '../../components/ui';
import { paths } from '../../lib/paths';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { allMissionsQuery } from './missionsApi';
import { filterMissions, ownFirst } from './missionRules';
import { formatCount } from '../../lib/format';
import { ToggleButtons } from './MissionParts';
import { VirtualMissionList } from './VirtualMissionList';
import { openRoleCountsQuery } from '../roles';
import { MissionsForMeCard } from '../matching';
import { StatusBadge, StatusFilter } from '../progress';

type Layout = 'grid' | 'list';

/** How All Missions can be ordered; the first is the product's own order (yours first, then newest). */
export const MISSION_SORTS = [
  { value: 'default', messageId: 'missions.sort.default' },
  { value: 'votes', messageId: 'missions.sort.votes' },
  { value: 'subscribers', messageId: 'missions.sort.subscribers' },
  { value: 'newest', messageId: 'missions.sort.newest' },
  { value: 'name', messageId: 'missions.sort.name' },
] as const;
type MissionSort = (typeof MISSION_SORTS)[number]['value'];

/** The layouts' buttons, in order. */
const LAYOUTS = [
  { value: 'grid', messageId: 'missions.layout.grid', Icon: LayoutGrid },
  { value: 'list', messageId: 'missions.layout.list', Icon: List },
] as const;

function sortMissions(missions: Mission[], sort: MissionSort, userId: string | null): Mission[] {
  const byName = (a: Mission, b: Mission) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' });
  const newest = (a: Mission, b: Mission) => b.created_at.localeCompare(a.created_at);
  switch (sort) {
    case 'votes':
      return [...missions].sort((a, b) => b.vote_count - a.vote_count || newest(a, b));
    case 'subscribers':
      return [...missions].sort((a, b) => b.subscription_count - a.subscription_count || newest(a, b));
    case 'newest':
      return [...missions].sort(newest);
    case 'name':
      return [...missions].sort(byName);
    default:
      return ownFirst(missions, userId);
  }
}

export default function AllMissionsPage() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const missions = useQuery(allMissionsQuery(userId));
  const [query, setQuery] = useState('');
  const [layout, setLayout] = useState<Layout>('grid');
  const [sort, setSort] = useState<MissionSort>('default');
  const [withOpenRoles, setWithOpenRoles] = useState(false);
  const [status, setStatus] = useState<MissionStatus | 'any'>('any');
  const roleCounts = useQuery(openRoleCountsQuery());
  const counts = roleCounts.data;
  const shown = useMemo(() => {
    const found = filterMissions(missions.data ?? [], query);
    const withRoles = withOpenRoles ? found.filter((mission) => (counts?.get(mission.mission_id) ?? 0) > 0) : found;
    const narrowed = status === 'any' ? withRoles : withRoles.filter((mission) => mission.status === status);
    return sortMissions(narrowed, sort, userId);
  }, [missions.data, query, sort, userId, withOpenRoles, counts, status]);

  return (
    <section className={pageClasses}>
      <title>{`${_('missions.title')} · ${appConfig.productName}`}</title>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{_('missions.title')}</h1>
        <Link to={paths.live()} className={buttonClasses('secondary', 'sm')}>
          <Radio aria-hidden="true" className="size-4" />
          {_('missions.liveResults')}
        </Link>
      </div>

      <div className="mb-6">
        <MissionsForMeCard limit={3} />
      </div>

      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <SearchInput label={_('missions.search.label')} value={query} onChange={setQuery} placeholder={_('missions.search.placeholder')} className="flex-1" />
        <Select
          label={<span className="sr-only">{_('missions.sort.label')}</span>}
          options={MISSION_SORTS.map((option) => ({ value: option.value, label: _(option.messageId) }))}
          value={sort}
          onChange={(event) => setSort(event.target.value as MissionSort)}
          // As wide as its longest choice, so "Yours first, then newest" is never cut short.
          containerClassName="sm:w-auto sm:shrink-0"
        />
        <StatusFilter value={status} onChange={setStatus} />
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-200">
          <input type="checkbox" checked={withOpenRoles} onChange={(event) => setWithOpenRoles(event.target.checked)} className="size-4 accent-sky-400" />
          {_('missions.filter.openRoles')}
        </label>
        <div role="group" aria-label={_('missions.layout.label')} className="inline-flex self-start rounded-xl border border-slate-700 bg-slate-900/70 p-1">
          {LAYOUTS.map(({ value, messageId, Icon }) => (
            <button
              key={value}
              type="button"
              aria-pressed={layout === value}
              onClick={() => setLayout(value)}
              className={cn(
                'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-semibold',
                layout === value ? 'bg-sky-400 text-slate-950' : 'text-slate-200 hover:bg-white/10',
              )}
            >
              <Icon aria-hidden="true" className="size-4" />
              {_(messageId)}
            </button>
          ))}
        </div>
      </div>

      {missions.isPending ? (
        <PageSpinner label={_('missions.loading')} />
      ) : missions.isError && missions.data === undefined ? (
        <LoadError message={missions.error.message || _('missions.loadFailed')} onRetry={() => void missions.refetch()} />
      ) : (
        <>
          <p role="status" className="mb-3 text-sm text-slate-300" data-testid="missions-count">
            {/* "61 missions"; after a search, what it found of how many ("3 missions of 61"). */}
            {query.trim()
              ? _('missions.countOfTotal', { count: shown.length, total: formatCount(missions.data.length) })
              : _('missions.count', { count: shown.length })}
          </p>
          {shown.length === 0 ? (
            <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-700 px-6 py-14 text-center">
              <SearchX aria-hidden="true" className="mb-3 size-10 text-slate-500" />
              <p className="text-lg font-semibold text-white">{_('missions.empty')}</p>
            </div>
          ) : (
            <VirtualMissionList
              missions={shown}
              layout={layout}
              renderCard={(mission) => (
                <MissionCard mission={mission} isOwn={mission.created_by === userId} layout={layout} openRoles={counts?.get(mission.mission_id) ?? 0} />
              )}
            />
          )}
        </>
      )}
    </section>
  );
}

/** A card of the grid, or a row of the list: in the list the text and the actions sit side by side, so more missions fit on a screen. */
function MissionCard({ mission, isOwn, layout, openRoles }: { mission: Mission; isOwn: boolean; layout: Layout; openRoles: number }) {
  const { _ } = useLingui();
  const titleId = useId();
  const row = layout === 'list';
  return (
    <Card className={cn('flex h-full flex-col gap-4', isOwn && 'border-sky-400/60')}>
      <article
        aria-labelledby={titleId}
        className={cn('flex h-full flex-col', row ? 'gap-3 md:flex-row md:items-center md:gap-6' : 'gap-4')}
        data-testid="mission-card"
      >
        <div className={cn('flex min-w-0 flex-col', row ? 'gap-2 md:flex-1' : 'flex-1 gap-4')}>
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words text-slate-50">
              {mission.name}
            </h2>
            {isOwn ? <Badge tone="info">{_('missions.card.yours')}</Badge> : null}
            {mission.hidden_reason !== null ? <Badge tone="warning">{_('missions.card.hidden')}</Badge> : null}
          </div>
          {mission.status !== 'active' || mission.milestones.length > 0 ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-slate-300">
              <StatusBadge mission={mission} />
              {mission.milestones.length > 0 ? (
                <span data-testid="card-milestones">
                  {_('missions.card.milestones', { done: mission.milestones.filter((milestone) => milestone.done).length, total: mission.milestones.length })}
                </span>
              ) : null}
            </div>
          ) : null}
          {openRoles > 0 ? (
            <p className="inline-flex items-center gap-1.5 self-start text-sm font-semibold text-emerald-200" data-testid="card-open-roles">
              <Briefcase aria-hidden="true" className="size-4" />
              {_('missions.card.openRoles', { count: openRoles })}
            </p>
          ) : null}
          <p className="line-clamp-2 break-words text-slate-300">{mission.statement || _('missions.card.noStatement')}</p>
          {/* Facts wrap as whole items: a long label never runs into the next one, at any width. */}
          <dl className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-300">
            <Fact icon={ThumbsUp} label={_('missions.card.votes')} testId="card-votes" value={mission.vote_count} />
            <Fact icon={Bell} label={_('missions.card.subscribers')} testId="card-subscribers" value={mission.subscription_count} />
            {typeof mission.team_count === 'number' ? (
              <Fact icon={Users} label={_('missions.card.team')} testId="card-team" value={mission.team_count} />
            ) : null}
            <div className="flex w-full min-w-0 items-center gap-1.5" data-testid="card-fact">
              <User aria-hidden="true" className="size-4 shrink-0" />
              <dt>{_('missions.card.creator')}</dt>
              {/* A long name wraps on a phone, where the card is the screen's width; in the wider grid it keeps to one line. */}
              <dd className="min-w-0 font-semibold break-words text-slate-50 md:truncate">{mission.created_by_name || _('missions.card.unknownCreator')}</dd>
            </div>
          </dl>
        </div>
        <div className={cn('flex flex-col gap-3', row ? 'md:w-72 md:shrink-0' : 'mt-auto')}>
          <div className="grid max-w-sm grid-cols-2 gap-2" data-testid="card-toggles">
            <ToggleButtons missionId={mission.mission_id} isVoted={mission.is_voted} isSubscribed={mission.is_subscribed} />
          </div>
          <Link
            to={paths.mission(mission.mission_id)}
            className="inline-flex min-h-9 items-center gap-1.5 self-start rounded-md text-sm font-semibold text-sky-300 underline underline-offset-4 hover:text-sky-200"
          >
            {_('missions.card.viewDetails')}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </article>
    </Card>
  );
}

function Fact({ icon: Icon, label, value, testId }: { icon: LucideIcon; label: string; value: number; testId: string }) {
  return (
    <div className="flex items-center gap-1.5 whitespace-nowrap" data-testid="card-fact">
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <dt>{label}</dt>
      <dd className="font-semibold text-slate-50" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
