import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { ClipboardList, Clock, CloudOff, Pencil, RefreshCw, Sparkles, UserRoundCheck, type LucideIcon } from 'lucide-react';
import type { RoleProfile } from '@mc/contract';
import { Badge, Button, Card, Spinner, buttonClasses, cn } from '../../components/ui';
import { paths } from '../../lib/paths';
import { checkNow } from '../../lib/network';
import { formatDate, orNotSpecified } from '../profiles';
import { archetypeLabel, objectiveLabel } from '../roles';

/**
 * The dashboard status card: exactly one of five variants (docs/product.md#dashboard). "unknown" is
 * for a status that could not be read (and was not kept on this device): never a default that
 * looks like a fact, such as "Complete Survey Required" to someone who has done the survey.
 */
export type StatusCardVariant =
  | { kind: 'loading' }
  | { kind: 'active'; profile: RoleProfile }
  | { kind: 'ready' }
  | { kind: 'surveyRequired' }
  // The error's own message (offline, say), or null: the card then says the progress could not be loaded.
  | { kind: 'unknown'; message: string | null };

export function statusCardVariant(input: {
  /** null while unknown: still loading, or failed to load (statusError says which). */
  preSurveyCompleted: boolean | null;
  statusError: Error | null;
  profileLoading: boolean;
  profileError: Error | null;
  profile: RoleProfile | null;
}): StatusCardVariant {
  if (input.preSurveyCompleted === null) {
    if (input.statusError) return { kind: 'unknown', message: input.statusError.message || null };
    return { kind: 'loading' };
  }
  if (!input.preSurveyCompleted) return { kind: 'surveyRequired' };
  if (input.profile) return { kind: 'active', profile: input.profile };
  if (input.profileError) return { kind: 'unknown', message: input.profileError.message || null };
  if (input.profileLoading) return { kind: 'loading' };
  return { kind: 'ready' };
}

/** The profile answers the active card shows, each "Not specified" when empty. */
const FIELDS: readonly { messageId: string; value: (profile: RoleProfile, _: I18n['_']) => string | null }[] = [
  { messageId: 'dashboard.status.roleTitle', value: (p) => p.role_title },
  // The contract's English values, named in the interface's language.
  { messageId: 'dashboard.status.roleArchetype', value: (p, _) => p.role_archype && archetypeLabel(_, p.role_archype) },
  { messageId: 'dashboard.status.highObjective', value: (p, _) => p.high_objective && objectiveLabel(_, p.high_objective) },
  { messageId: 'dashboard.status.intention', value: (p) => p.intention },
  { messageId: 'dashboard.status.skills', value: (p) => p.skills_and_resources },
];

interface StatusCardProps {
  variant: StatusCardVariant;
  onOpenSurvey: () => void;
  onRetry: () => void;
  /**
   * An earlier step is the person's next one (an open vote: docs/product.md#dashboard): this card's
   * action is drawn as a secondary one, so the page has one clear next step.
   */
  later?: boolean;
}

export function StatusCard({ variant, onOpenSurvey, onRetry, later = false }: StatusCardProps) {
  const { _ } = useLingui();
  const action = later ? 'secondary' : 'primary';
  switch (variant.kind) {
    case 'unknown':
      return (
        <StatusFrame
          icon={CloudOff}
          tone="bg-slate-400/15 text-slate-200"
          title={_('dashboard.status.unavailable')}
          text={variant.message ?? _('dashboard.status.unknownMessage')}
        >
          <div>
            <Button
              variant="secondary"
              onClick={() => {
                // Offline, the read would wait for the next probe: ask the network layer to check now.
                checkNow();
                onRetry();
              }}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {_('common.tryAgain')}
            </Button>
          </div>
        </StatusFrame>
      );
    case 'loading':
      return (
        <Card>
          <Spinner label={_('dashboard.status.loading')} />
        </Card>
      );
    case 'active':
      return <ActiveProfileCard profile={variant.profile} />;
    case 'ready':
      return (
        <StatusFrame
          icon={Sparkles}
          tone="bg-emerald-400/15 text-emerald-200"
          title={_('dashboard.status.readyTitle')}
          badge={_('dashboard.status.readyBadge')}
          text={_('dashboard.status.readyText')}
        >
          <div className="flex flex-wrap items-center gap-4">
            <Link to={paths.roleProfile()} className={buttonClasses(action)}>
              {_('dashboard.status.getStarted')}
            </Link>
            <span className="inline-flex items-center gap-1.5 text-sm text-slate-300">
              <Clock aria-hidden="true" className="size-4" />
              {_('dashboard.status.duration')}
            </span>
          </div>
        </StatusFrame>
      );
    case 'surveyRequired':
      return (
        <StatusFrame
          icon={ClipboardList}
          tone="bg-amber-400/15 text-amber-200"
          title={_('dashboard.status.surveyTitle')}
          text={_('dashboard.status.surveyText')}
        >
          <div>
            <Button variant={action} onClick={onOpenSurvey}>
              {_('dashboard.status.openSurvey')}
            </Button>
          </div>
        </StatusFrame>
      );
  }
}

interface StatusFrameProps {
  icon: LucideIcon;
  tone: string;
  title: string;
  badge?: string;
  text: string;
  children: ReactNode;
}

/** One status card: a region named by its heading, with icon, optional badge and text. */
function StatusFrame({ icon: Icon, tone, title, badge, text, children }: StatusFrameProps) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="flex flex-col gap-5">
      <div className="flex items-start gap-4">
        <span className={cn('inline-flex size-12 shrink-0 items-center justify-center rounded-xl', tone)}>
          <Icon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={titleId} className="text-lg font-semibold text-slate-50">
              {title}
            </h2>
            {badge ? <Badge tone="success">{badge}</Badge> : null}
          </div>
          <p className="mt-1 text-slate-300">{text}</p>
        </div>
      </div>
      {children}
    </Card>
  );
}

function ActiveProfileCard({ profile }: { profile: RoleProfile }) {
  const { _ } = useLingui();
  return (
    <StatusFrame
      icon={UserRoundCheck}
      tone="bg-sky-400/15 text-sky-200"
      title={_('dashboard.status.activeTitle')}
      badge={_('dashboard.status.activeBadge')}
      text={_('dashboard.status.activeText')}
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ messageId, value }) => (
          <div key={messageId} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_(messageId)}</dt>
            <dd className="mt-1 line-clamp-3 break-words text-slate-100">{orNotSpecified(value(profile, _))}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-700/70 pt-4">
        <p className="text-sm text-slate-300">
          <Trans id="dashboard.status.lastUpdated" values={{ date: formatDate(profile.updated_at) }} components={{ 0: <span className="text-slate-100" /> }} />
        </p>
        <Link to={paths.roleProfile()} className={buttonClasses('secondary', 'sm')}>
          <Pencil aria-hidden="true" className="size-4" />
          {_('dashboard.status.editProfile')}
        </Link>
      </div>
    </StatusFrame>
  );
}
