import { Link, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { Compass, Pencil, Rocket } from 'lucide-react';
import { Card, buttonClasses, pageClasses } from '../../components/ui';
import { paths } from '../../lib/paths';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { isMissionOwner } from '@mc/contract';
import { MissionRequestsCard, OpenRolesCard } from '../roles';
import { PeopleWhoFitCard } from '../matching';
import { ProgressCard, UpdatesCard } from '../progress';
import { useMyMission } from './useMembershipMission';
import { MissionSwitcher } from './MissionSwitcher';
import { HiddenMissionNotice, MissionFieldList, MissionPageError, MissionPageLoading, TeamMembersList } from './MissionParts';

/** /view-my-mission: the user's missions (`?mission=` chooses one, else the first) and the team (docs/product.md#my-mission). */
export default function MyMissionPage() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const [searchParams] = useSearchParams();
  // The team arrives with the mission (one call, one cached copy shared with the dashboard card).
  const mine = useMyMission(userId, searchParams.get('mission'));

  const title = _('mission.my.title');
  const head = <title>{`${title} · ${appConfig.productName}`}</title>;

  if (mine.isPending) return <MissionPageLoading title={title} top={head} label={_('mission.loadingYours')} />;
  if (mine.error) return <MissionPageError title={title} top={head} message={mine.error.message} onRetry={mine.retry} />;

  const data = mine.details;
  if (!data) {
    return (
      <section className={pageClasses}>
        {head}
        <h1 className="mb-6 text-2xl font-bold text-slate-50 sm:text-3xl">{title}</h1>
        <Card className="flex flex-col items-center gap-4 py-12 text-center">
          <Compass aria-hidden="true" className="size-10 text-slate-500" />
          <h2 className="text-xl font-semibold text-slate-50">{_('mission.my.none')}</h2>
          <Link to={paths.dashboard()} className={buttonClasses('primary')}>
            <Rocket aria-hidden="true" className="size-4" />
            {_('mission.my.createOnDashboard')}
          </Link>
        </Card>
      </section>
    );
  }

  const { mission } = data;
  const isOwner = data.members.some((member) => member.user_id === userId && isMissionOwner(member));
  return (
    <section className={pageClasses}>
      {head}
      <p className="mb-1 text-sm font-semibold tracking-wide text-sky-300 uppercase">{title}</p>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <h1 className="text-2xl font-bold break-words text-slate-50 sm:text-3xl">{mission.name || _('mission.untitled')}</h1>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to={paths.createMission(mission.mission_id)} className={buttonClasses('primary')}>
            <Pencil aria-hidden="true" className="size-4" />
            {_('mission.update')}
          </Link>
          <Link to={paths.allMissions()} className={buttonClasses('secondary')}>
            {_('mission.my.browseAll')}
          </Link>
        </div>
      </div>
      <MissionSwitcher userId={userId} selectedId={mission.mission_id} />
      <HiddenMissionNotice reason={mission.hidden_reason} />
      <Card className="mb-6">
        <MissionFieldList mission={{ ...mission, vote_count: data.vote_count, subscription_count: data.subscription_count }} />
      </Card>
      <ProgressCard mission={mission} isOwner={isOwner} />
      <UpdatesCard missionId={mission.mission_id} canPost={isOwner} />
      {isOwner ? <MissionRequestsCard missionId={mission.mission_id} /> : null}
      <OpenRolesCard missionId={mission.mission_id} canManage={isOwner} />
      {isOwner ? <PeopleWhoFitCard missionId={mission.mission_id} /> : null}
      <Card>
        <h2 className="mb-4 text-lg font-semibold text-slate-50">{_('mission.team.title')}</h2>
        <TeamMembersList members={data.members} emptyText={_('mission.team.noneYet')} searchable />
      </Card>
    </section>
  );
}
