import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Pencil, UserRound } from 'lucide-react';
import type { RoleProfile } from '@mc/contract';
import { Badge, Card, LoadError, PageSpinner, buttonClasses, pageClasses } from '../../components/ui';
import { isNetworkError } from '../../lib/rpcError';
import { paths } from '../../lib/paths';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { TwoStepSignInCard } from '../auth';
import { NotificationSettingsCard } from '../notifications';
import { CardVisibilityCard } from '../roles';
import { formatDateTime, orNotSpecified } from './format';
import { roleProfileQuery } from './roleProfileApi';

const TITLE = 'My Role Profile';

/** The profile id as a short reference: its first eight characters, in capitals. */
function shortId(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/** docs/product.md#my-role-profile: the answers, in this order, each "Not specified" when empty. */
const ANSWERS: readonly { label: string; value: (profile: RoleProfile) => string | null }[] = [
  { label: 'Role Title', value: (p) => p.role_title },
  { label: 'Role Archetype', value: (p) => p.role_archype },
  { label: 'High Objective', value: (p) => p.high_objective },
  { label: 'Intention', value: (p) => p.intention },
  { label: 'Skills & Resources', value: (p) => p.skills_and_resources },
  { label: 'Knowledge & Experience', value: (p) => p.knowledge_and_experience },
  { label: 'Community Need', value: (p) => p.community_need },
  { label: 'Contribution', value: (p) => p.contribution },
  { label: 'First Action (Next 7 Days)', value: (p) => p.first_action_next_7_days },
];

export default function ViewRoleProfilePage() {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  // A load error is ignored and the "No Profile Yet" view remains (docs/product.md#my-role-profile),
  // except for want of a network: then whether there is a profile is unknown, and the screen says so.
  const profile = useQuery(roleProfileQuery(userId));
  const networkError = profile.data === undefined && isNetworkError(profile.error) ? profile.error : null;

  return (
    <section className={pageClasses}>
      <title>{`${TITLE} · ${appConfig.productName}`}</title>
      <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{TITLE}</h1>
        {profile.data ? (
          <Link to={paths.roleProfile()} className={buttonClasses('primary')}>
            <Pencil aria-hidden="true" className="size-4" />
            Edit Profile
          </Link>
        ) : null}
      </header>
      {userId && profile.isPending ? (
        <PageSpinner label="Loading your role profile..." />
      ) : profile.data ? (
        <ProfileDetails profile={profile.data} />
      ) : networkError ? (
        <LoadError message={networkError.message} onRetry={() => void profile.refetch()} />
      ) : (
        <Card className="flex flex-col items-center gap-4 py-12 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-sky-400/15 text-sky-200">
            <UserRound aria-hidden="true" className="size-7" />
          </span>
          <h2 className="text-xl font-semibold text-slate-50">No Profile Yet</h2>
          <Link to={paths.dashboard()} className={buttonClasses('primary')}>
            Create Role Profile on Dashboard
          </Link>
        </Card>
      )}
      <div className="mt-6 flex flex-col gap-6">
        {profile.data ? <CardVisibilityCard /> : null}
        <NotificationSettingsCard />
        <TwoStepSignInCard />
      </div>
    </section>
  );
}

function ProfileDetails({ profile }: { profile: RoleProfile }) {
  return (
    <Card>
      <dl className="grid gap-5 sm:grid-cols-2">
        {ANSWERS.map(({ label, value }) => (
          <div key={label} className="min-w-0 sm:col-span-2">
            <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{label}</dt>
            <dd className="mt-1 break-words whitespace-pre-line text-slate-100">{orNotSpecified(value(profile))}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Status</dt>
          <dd className="mt-1">
            <Badge tone="success">Active</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Last Updated</dt>
          <dd className="mt-1 text-slate-100">{formatDateTime(profile.updated_at)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Created</dt>
          <dd className="mt-1 text-slate-100">{formatDateTime(profile.created_at)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">Role ID</dt>
          {/* A reference to quote, not a value to read: the first eight characters, the whole id on hover. */}
          <dd className="mt-1 font-mono text-sm text-slate-200" data-testid="role-id">
            <abbr title={profile.id} className="no-underline">
              {shortId(profile.id)}
            </abbr>
          </dd>
        </div>
      </dl>
    </Card>
  );
}
