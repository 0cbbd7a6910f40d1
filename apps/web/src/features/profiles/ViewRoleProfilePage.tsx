import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Pencil, UserRound } from 'lucide-react';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { RoleProfile } from '@mc/contract';
import { Badge, Card, LoadError, PageSpinner, buttonClasses, pageClasses } from '../../components/ui';
import { isNetworkError } from '../../lib/rpcError';
import { paths } from '../../lib/paths';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { TwoStepSignInCard } from '../auth';
import { NotificationSettingsCard } from '../notifications';
import { archetypeLabel, CardVisibilityCard, objectiveLabel } from '../roles';
import { formatDateTime, orNotSpecified } from './format';
import { roleProfileQuery } from './roleProfileApi';

/** The profile id as a short reference: its first eight characters, in capitals. */
function shortId(id: string): string {
  return id.replace(/-/g, '').slice(0, 8).toUpperCase();
}

/**
 * docs/product.md#my-role-profile: the answers, in this order, each "Not specified" when empty. The
 * archetype and the objective were chosen from the contract's lists: they show in the interface's language.
 */
const ANSWERS: readonly { messageId: string; value: (profile: RoleProfile, _: I18n['_']) => string | null }[] = [
  { messageId: 'profile.view.roleTitle', value: (p) => p.role_title },
  { messageId: 'profile.view.roleArchetype', value: (p, _) => p.role_archype && archetypeLabel(_, p.role_archype) },
  { messageId: 'profile.view.highObjective', value: (p, _) => p.high_objective && objectiveLabel(_, p.high_objective) },
  { messageId: 'profile.view.intention', value: (p) => p.intention },
  { messageId: 'profile.view.skills', value: (p) => p.skills_and_resources },
  { messageId: 'profile.view.knowledge', value: (p) => p.knowledge_and_experience },
  { messageId: 'profile.view.communityNeed', value: (p) => p.community_need },
  { messageId: 'profile.view.contribution', value: (p) => p.contribution },
  { messageId: 'profile.view.firstAction', value: (p) => p.first_action_next_7_days },
];

export default function ViewRoleProfilePage() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  // A load error is ignored and the "No Profile Yet" view remains (docs/product.md#my-role-profile),
  // except for want of a network: then whether there is a profile is unknown, and the screen says so.
  const profile = useQuery(roleProfileQuery(userId));
  const networkError = profile.data === undefined && isNetworkError(profile.error) ? profile.error : null;

  return (
    <section className={pageClasses}>
      <title>{`${_('profile.view.title')} · ${appConfig.productName}`}</title>
      <header className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-50 sm:text-3xl">{_('profile.view.title')}</h1>
        {profile.data ? (
          <Link to={paths.roleProfile()} className={buttonClasses('primary')}>
            <Pencil aria-hidden="true" className="size-4" />
            {_('profile.view.edit')}
          </Link>
        ) : null}
      </header>
      {userId && profile.isPending ? (
        <PageSpinner label={_('profile.view.loading')} />
      ) : profile.data ? (
        <ProfileDetails profile={profile.data} />
      ) : networkError ? (
        <LoadError message={networkError.message} onRetry={() => void profile.refetch()} />
      ) : (
        <Card className="flex flex-col items-center gap-4 py-12 text-center">
          <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-sky-400/15 text-sky-200">
            <UserRound aria-hidden="true" className="size-7" />
          </span>
          <h2 className="text-xl font-semibold text-slate-50">{_('profile.view.none')}</h2>
          <Link to={paths.dashboard()} className={buttonClasses('primary')}>
            {_('profile.view.create')}
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
  const { _ } = useLingui();
  return (
    <Card>
      <dl className="grid gap-5 sm:grid-cols-2">
        {ANSWERS.map(({ messageId, value }) => (
          <div key={messageId} className="min-w-0 sm:col-span-2">
            <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_(messageId)}</dt>
            <dd className="mt-1 break-words whitespace-pre-line text-slate-100">{orNotSpecified(value(profile, _))}</dd>
          </div>
        ))}
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('profile.view.status')}</dt>
          <dd className="mt-1">
            <Badge tone="success">{_('profile.view.active')}</Badge>
          </dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('profile.view.lastUpdated')}</dt>
          <dd className="mt-1 text-slate-100">{formatDateTime(profile.updated_at)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('profile.view.created')}</dt>
          <dd className="mt-1 text-slate-100">{formatDateTime(profile.created_at)}</dd>
        </div>
        <div className="min-w-0">
          <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('profile.view.roleId')}</dt>
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
