import { Link, useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, SearchX } from 'lucide-react';
import { Card, buttonClasses, pageClasses } from '../../components/ui';
import { paths } from '../../lib/paths';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { missionDetailsQuery } from '../../lib/queries';
import { isMissionOwner } from '@mc/contract';
import { MyRoleAction, OpenRolesCard } from '../roles';
import { ProgressCard, UpdatesCard } from '../progress';
import { creatorLine, isMissionId } from './missionRules';
import { HiddenMissionNotice, MissionFieldList, MissionPageError, MissionPageLoading, TeamMembersList, ToggleButtons } from './MissionParts';

/** Mission details, /mission/{missionId} (docs/product.md#mission-details). */
export default function MissionDetailsPage() {
  const { _ } = useLingui();
  const { missionId = '' } = useParams();
  // A damaged link (not a mission id at all) is simply a mission that is not there: "Mission Not
  // Found", never the server's parameter check.
  const wellFormed = isMissionId(missionId);
  const { status, user } = useAuth();
  const userId = user?.id ?? null;
  // Loads once the auth state has settled, for the current user id or null.
  const details = useQuery({ ...missionDetailsQuery(missionId, userId), enabled: status !== 'loading' && wellFormed });

  const back = (
    <Link to={paths.allMissions()} className={buttonClasses('ghost', 'sm', 'mb-4 -ml-2')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {_('mission.details.back')}
    </Link>
  );

  const title = _('mission.details.title');
  const pageTitle = <title>{`${title} · ${appConfig.productName}`}</title>;
  if (wellFormed && (status === 'loading' || details.isPending)) {
    return <MissionPageLoading title={title} top={pageTitle} label={_('mission.loadingDetails')} />;
  }
  if (wellFormed && details.isError) {
    return (
      <MissionPageError
        title={title}
        top={
          <>
            {pageTitle}
            {back}
          </>
        }
        message={details.error.message}
        onRetry={() => void details.refetch()}
      />
    );
  }

  const data = wellFormed ? details.data : null;
  if (!data) {
    return (
      <section className={pageClasses}>
        <title>{`${_('mission.notFound.title')} · ${appConfig.productName}`}</title>
        {back}
        <Card className="flex flex-col items-center gap-3 py-12 text-center">
          <SearchX aria-hidden="true" className="size-10 text-slate-500" />
          {/* One sentence (docs/product.md#mission-details), shown as a heading and its explanation. */}
          <h1 className="text-xl font-semibold text-slate-50">
            <Trans
              id="mission.notFound.heading"
              components={{ 0: <span className="sr-only" />, 1: <span className="mt-2 block text-base font-normal text-slate-300" /> }}
            />
          </h1>
        </Card>
      </section>
    );
  }

  const { mission } = data;
  const isOwner = data.members.some((member) => member.user_id === userId && isMissionOwner(member));
  return (
    <section className={pageClasses}>
      <title>{`${mission.name} · ${appConfig.productName}`}</title>
      {back}
      <div className="mb-6 flex flex-col gap-4">
        <h1 className="text-2xl font-bold break-words text-slate-50 sm:text-3xl">{mission.name || _('mission.untitled')}</h1>
        <p className="text-slate-300">
          {/* The name goes in as an element, so a name that looks like a tag stays text. */}
          <Trans
            id="mission.details.creator"
            values={{ creator: <span className="font-semibold break-words text-slate-100">{creatorLine(data) ?? _('mission.details.deletedAccount')}</span> }}
          />
        </p>
        <div className="grid max-w-sm grid-cols-2 gap-2">
          <ToggleButtons missionId={mission.mission_id} isVoted={data.is_voted} isSubscribed={data.is_subscribed} reportErrors size="md" />
        </div>
      </div>
      <HiddenMissionNotice reason={mission.hidden_reason} />
      <Card className="mb-6">
        <MissionFieldList mission={{ ...mission, vote_count: data.vote_count, subscription_count: data.subscription_count }} />
      </Card>
      <ProgressCard mission={mission} isOwner={isOwner} />
      <UpdatesCard missionId={mission.mission_id} canPost={isOwner} />
      <OpenRolesCard
        missionId={mission.mission_id}
        canManage={isOwner}
        roleAction={
          userId && mission.hidden_reason === null && !data.members.some((member) => member.user_id === userId)
            ? (role) => <MyRoleAction role={role} />
            : undefined
        }
      />
      <Card>
        <h2 className="mb-4 text-lg font-semibold text-slate-50">{_('mission.team.title')}</h2>
        <TeamMembersList members={data.members} emptyText={_('mission.team.noneOnDetails')} />
      </Card>
    </section>
  );
}
