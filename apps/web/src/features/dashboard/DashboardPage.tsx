import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Alert, cn, pageClasses } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { surveyStatusQuery } from '../../lib/queries';
import { personName, useAuth } from '../../lib/auth';
import { DashboardMissionSection, useMyMission, useOwnedMission } from '../missions';
import { paths } from '../../lib/paths';
import { roleProfileQuery } from '../profiles';
import { currentRoundQuery, VoteRoundBanner } from '../rounds';
import { AnonymityDialog } from './AnonymityDialog';
import { CardVisibilityReminder, MyRequestsCard } from '../roles';
import { MissionsForMeCard } from '../matching';
import { ProgressSteps } from './ProgressSteps';
import { StatusCard, statusCardVariant } from './StatusCard';
import { AnnouncementBanners } from '../announcements';
import { useOpenSurvey } from './useOpenSurvey';
import { lazyCode } from '../../lib/lazyCode';
import { OptionalPart } from '../../components/OptionalPart';

// On the conference's days the badge comes first; its code loads apart from the dashboard's.
const BadgeDashboardCard = lazyCode(() => import('../checkin').then((module) => ({ default: module.BadgeDashboardCard })));

export default function DashboardPage() {
  const { _ } = useLingui();
  const { user, appUser } = useAuth();
  const userId = user?.id ?? null;
  const firstName = personName(appUser, user).first;
  // The same query (and key) the sidebar reads, so marking a survey complete updates both.
  const survey = useQuery(surveyStatusQuery(userId));
  // Unknown (null) until an answer arrives: a failed read is never taken for "not done".
  const surveyKnown = survey.data !== undefined;
  const preSurveyCompleted = surveyKnown ? survey.data?.pre_survey_completed === true : null;
  // The role profile is fetched only once the pre-conference survey is complete.
  const profile = useQuery(roleProfileQuery(userId, { enabled: preSurveyCompleted === true }));
  const roleProfile = profile.data ?? null;
  const variant = statusCardVariant({
    preSurveyCompleted,
    statusError: survey.data === undefined ? survey.error : null,
    profileLoading: profile.isPending,
    profileError: profile.data === undefined ? profile.error : null,
    profile: roleProfile,
  });
  const retry = () => {
    if (survey.data === undefined) void survey.refetch();
    else void profile.refetch();
  };
  const openSurvey = useOpenSurvey();
  // The same cached query the mission section below reads.
  const owned = useOwnedMission(userId);
  // A member of someone else's team has done the mission step too: it leads to their team.
  const team = useMyMission(userId);
  const teamMission = owned.details?.mission.mission_id ?? team.details?.mission.mission_id ?? null;
  // The dashboard's next steps, in order (docs/product.md#dashboard): an open vote with votes left,
  // then the survey, the role profile and the mission. Only the first is drawn as the primary action.
  const round = useQuery(currentRoundQuery(userId));
  const voteFirst = round.data?.state === 'open' && round.data.votes_left > 0;
  const progressKnown = variant.kind !== 'loading' && variant.kind !== 'unknown' && !owned.isPending && !team.isPending;

  return (
    <section className={cn(pageClasses, 'flex flex-col gap-6')}>
      <title>{`${_('dashboard.documentTitle')} · ${appConfig.productName}`}</title>
      <header>
        {firstName ? <p className="mb-1 text-sm font-semibold text-sky-300">{_('dashboard.hello', { firstName })}</p> : null}
        <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{_('dashboard.welcome', { programmeName: appConfig.programmeName })}</h1>
        <p className="mt-1 break-all text-slate-300">{user?.email}</p>
      </header>

      <AnnouncementBanners />

      <OptionalPart>
        <BadgeDashboardCard />
      </OptionalPart>

      <VoteRoundBanner />

      {openSurvey.profileAlert && !openSurvey.dialogOpen ? <Alert tone="error">{openSurvey.profileAlert}</Alert> : null}

      {progressKnown ? (
        <ProgressSteps
          state={{ surveyDone: preSurveyCompleted === true, profileDone: roleProfile !== null, missionDone: teamMission !== null }}
          missionLink={teamMission ? paths.myMission(teamMission) : undefined}
        />
      ) : null}

      <CardVisibilityReminder />

      <StatusCard variant={variant} later={voteFirst} onOpenSurvey={() => void openSurvey.openSurvey()} onRetry={retry} />

      <MyRequestsCard />

      {roleProfile ? <MissionsForMeCard /> : null}

      <DashboardMissionSection
        canCreateMission={preSurveyCompleted === true && roleProfile !== null}
        missing={variant.kind === 'unknown' || variant.kind === 'loading' ? 'unknown' : preSurveyCompleted ? 'profile' : 'survey'}
      />

      <AnonymityDialog
        open={openSurvey.dialogOpen}
        onOpenChange={openSurvey.setDialogOpen}
        onAnswer={(answer) => void openSurvey.answer(answer)}
        busy={openSurvey.busy}
        alert={openSurvey.profileAlert}
      />
    </section>
  );
}
