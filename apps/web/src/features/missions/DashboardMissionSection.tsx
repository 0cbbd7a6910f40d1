import { Suspense, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useLingui } from '@lingui/react';
import { ArrowRight, CalendarDays, Bell, Pencil, Rocket, ThumbsUp, Users } from 'lucide-react';
import { Alert, Button, Card, Dialog, LoadError, Spinner, buttonClasses } from '../../components/ui';
import { paths } from '../../lib/paths';
import { useAuth } from '../../lib/auth';
import type { MissionDetails } from '@mc/contract';
import { useMyMission, useOwnedMission, type MembershipMission } from './useMembershipMission';
import { formatDate } from '../../lib/format';
import { lazyCode } from '../../lib/lazyCode';
import { isReachable, networkRefusedMessage } from '../../lib/network';

// The team dialog's code loads when it is about to be used, not with the dashboard: the dashboard
// is usable sooner on a slow link (docs/performance.md#screens-on-a-phone-npm-run-benchscreens).
const loadTeamDialog = () => import('../teams');
const ManageTeamDialog = lazyCode(() => loadTeamDialog().then((module) => ({ default: module.ManageTeamDialog })));

interface DashboardMissionSectionProps {
  /** Create Mission is enabled only with a completed survey and a role profile. */
  canCreateMission: boolean;
  /** While it is disabled: what is still missing, said under the button. */
  missing: 'survey' | 'profile' | 'unknown';
}

const MISSING_REASON: Record<DashboardMissionSectionProps['missing'], { messageId: string }> = {
  survey: { messageId: 'mission.dashboard.needsSurvey' },
  profile: { messageId: 'mission.dashboard.needsProfile' },
  // The survey status or the profile could not be read: the status card above says why.
  unknown: { messageId: 'mission.dashboard.needsUnknown' },
};

/** The dashboard's mission area: the user's mission card, or the Create Mission button and its confirm dialog. */
export default function DashboardMissionSection({ canCreateMission, missing }: DashboardMissionSectionProps) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const owned = useOwnedMission(userId);
  // The team the person is on when they created none: theirs to see, not a mission to create.
  const team = useMyMission(userId);

  if ((owned.isPending || team.isPending) && userId !== null) {
    return (
      <section aria-label={_('mission.dashboard.label')} className="mt-6">
        <Spinner label={_('mission.loadingYours')} />
      </section>
    );
  }

  const mission = owned.details?.mission ?? null;
  if (mission) return <OwnedMissionCard mission={mission} />;
  if (team.details) return <TeamMissionCard details={team.details} userId={userId} />;
  return <CreateMission canCreateMission={canCreateMission} missing={missing} owned={owned} />;
}

/** The user's own mission: what it is, its votes and subscribers, Update Mission and Manage Team. */
function OwnedMissionCard({ mission }: { mission: MissionDetails['mission'] }) {
  const { _ } = useLingui();
  const [teamOpen, setTeamOpen] = useState(false);
  // Mounted from the first opening on, so its code is fetched only for someone who manages the team.
  const [teamOpened, setTeamOpened] = useState(false);
  const [teamOffline, setTeamOffline] = useState(false);
  const openTeam = () => {
    setTeamOpened(true);
    setTeamOpen(true);
  };
  return (
    <section aria-labelledby="dashboard-mission-title" className="mt-6">
      <Card className="flex flex-col gap-4">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-sky-400/15 text-sky-200">
            <Rocket aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id="dashboard-mission-title" className="text-lg font-semibold break-words text-slate-50">
              {mission.name}
            </h2>
            <p className="mt-1 line-clamp-2 break-words text-slate-300" data-testid="dashboard-mission-problem">
              {mission.problem_being_solved}
            </p>
          </div>
        </div>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-300" aria-label={_('mission.dashboard.facts')}>
          <li className="inline-flex items-center gap-1.5">
            <CalendarDays aria-hidden="true" className="size-4" />
            <span>{_('mission.dashboard.created', { date: formatDate(mission.created_at) })}</span>
          </li>
          <li className="inline-flex items-center gap-1.5">
            <ThumbsUp aria-hidden="true" className="size-4" />
            <span data-testid="dashboard-mission-votes">{_('mission.voteCount', { count: mission.vote_count })}</span>
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Bell aria-hidden="true" className="size-4" />
            <span data-testid="dashboard-mission-subscribers">{_('mission.subscriberCount', { count: mission.subscription_count })}</span>
          </li>
        </ul>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Link to={paths.createMission(mission.mission_id)} className={buttonClasses('primary')}>
            <Pencil aria-hidden="true" className="size-4" />
            {_('mission.update')}
          </Link>
          <Button
            variant="secondary"
            icon={<Users aria-hidden="true" className="size-4" />}
            onPointerEnter={() => void loadTeamDialog()}
            onFocus={() => void loadTeamDialog()}
            onClick={() => {
              setTeamOffline(false);
              // The dialog opens once its code is here. Without a network it cannot come: said here,
              // not with the error page in place of the dashboard (a failure online is a new build's,
              // which the dialog's error page reloads onto).
              loadTeamDialog().then(openTeam, () => (isReachable() ? openTeam() : setTeamOffline(true)));
            }}
          >
            {_('mission.dashboard.manageTeam')}
          </Button>
        </div>
        {teamOffline ? <Alert tone="error">{networkRefusedMessage()}</Alert> : null}
      </Card>
      {teamOpened ? (
        <Suspense fallback={null}>
          <ManageTeamDialog missionId={mission.mission_id} open={teamOpen} onOpenChange={setTeamOpen} />
        </Suspense>
      ) : null}
    </section>
  );
}

/** A member of someone else's team: which team, as what, and the way to it. */
function TeamMissionCard({ details, userId }: { details: MissionDetails; userId: string | null }) {
  const { _ } = useLingui();
  const { mission } = details;
  const role = details.members.find((member) => member.user_id === userId)?.role_in_team ?? '';
  return (
    <section aria-labelledby="dashboard-mission-title" className="mt-6">
      <Card className="flex flex-col gap-4" data-testid="dashboard-team">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-xl bg-sky-400/15 text-sky-200">
            <Users aria-hidden="true" className="size-5" />
          </span>
          <div className="min-w-0">
            <h2 id="dashboard-mission-title" className="text-lg font-semibold break-words text-slate-50">
              {mission.name}
            </h2>
            <p className="mt-1 break-words text-slate-300">{_('mission.dashboard.teamRole', { role })}</p>
          </div>
        </div>
        <Link to={paths.myMission(mission.mission_id)} className={buttonClasses('primary', 'md', 'self-start')}>
          {_('mission.dashboard.openTeam')}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </Card>
    </section>
  );
}

/** Create Mission, asked to confirm; or, while it cannot be made yet, why not. */
function CreateMission({ canCreateMission, missing, owned }: DashboardMissionSectionProps & { owned: MembershipMission }) {
  const { _ } = useLingui();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const navigate = useNavigate();
  const reasonId = useId();
  return (
    <section aria-label={_('mission.dashboard.label')} className="mt-6 flex flex-col items-start gap-3">
      {owned.error ? <LoadError message={owned.error.message || _('mission.dashboard.loadFailed')} onRetry={owned.retry} /> : null}
      {canCreateMission ? (
        <Button size="lg" icon={<Rocket aria-hidden="true" className="size-5" />} onClick={() => setConfirmOpen(true)}>
          {_('mission.create')}
        </Button>
      ) : (
        // Not the next step yet: drawn quiet, so the status card's button above stays the one to press.
        <>
          <Button
            variant="secondary"
            disabled
            aria-describedby={reasonId}
            icon={<Rocket aria-hidden="true" className="size-4" />}
            className="border-dashed disabled:border-slate-600 disabled:bg-transparent"
          >
            {_('mission.create')}
          </Button>
          <p id={reasonId} className="text-sm text-slate-300" data-testid="create-mission-reason">
            {_(MISSING_REASON[missing].messageId)}
          </p>
        </>
      )}
      <Dialog
        open={confirmOpen}
        onOpenChange={setConfirmOpen}
        title={_('mission.dashboard.confirmTitle')}
        description={_('mission.dashboard.confirmBody')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
              {_('mission.cancel')}
            </Button>
            <Button onClick={() => void navigate(paths.createMission())}>{_('mission.dashboard.proceed')}</Button>
          </>
        }
      >
        <p className="text-sm text-slate-300">{_('mission.dashboard.onePerPerson')}</p>
      </Dialog>
    </section>
  );
}
