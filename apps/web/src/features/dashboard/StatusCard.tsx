import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ClipboardList, Clock, CloudOff, Pencil, RefreshCw, Sparkles, UserRoundCheck, type LucideIcon } from 'lucide-react';
import type { RoleProfile } from '@mc/contract';
import { Badge, Button, Card, Spinner, buttonClasses, cn } from '../../components/ui';
import { paths } from '../../lib/paths';
import { checkNow } from '../../lib/network';
import { formatDate, orNotSpecified } from '../profiles';

/**
 * The dashboard status card: exactly one of five variants (docs/product.md#dashboard). "unknown" is
 * for a status that could not be read (and was not kept on this device): never a default that
 * looks like a fact, such as "Complete Survey Required" to someone who has done the survey.
 */
export type StatusCardVariant =
  { kind: 'loading' } | { kind: 'active'; profile: RoleProfile } | { kind: 'ready' } | { kind: 'surveyRequired' } | { kind: 'unknown'; message: string };

/** What the card says when the status could not be read, unless the error says why (offline). */
export const STATUS_UNKNOWN_MESSAGE = 'Your progress could not be loaded right now.';

export function statusCardVariant(input: {
  /** null while unknown: still loading, or failed to load (statusError says which). */
  preSurveyCompleted: boolean | null;
  statusError: Error | null;
  profileLoading: boolean;
  profileError: Error | null;
  profile: RoleProfile | null;
}): StatusCardVariant {
  if (input.preSurveyCompleted === null) {
    if (input.statusError) return { kind: 'unknown', message: input.statusError.message || STATUS_UNKNOWN_MESSAGE };
    return { kind: 'loading' };
  }
  if (!input.preSurveyCompleted) return { kind: 'surveyRequired' };
  if (input.profile) return { kind: 'active', profile: input.profile };
  if (input.profileError) return { kind: 'unknown', message: input.profileError.message || STATUS_UNKNOWN_MESSAGE };
  if (input.profileLoading) return { kind: 'loading' };
  return { kind: 'ready' };
}

/** The profile answers the active card shows, each "Not specified" when empty. */
const FIELDS: readonly { label: string; value: (profile: RoleProfile) => string | null }[] = [
  { label: 'Role Title', value: (p) => p.role_title },
  { label: 'Role Archetype', value: (p) => p.role_archype },
  { label: 'High Objective', value: (p) => p.high_objective },
  { label: 'Intention', value: (p) => p.intention },
  { label: 'Skills & Resources', value: (p) => p.skills_and_resources },
];

export function StatusCard({ variant, onOpenSurvey, onRetry }: { variant: StatusCardVariant; onOpenSurvey: () => void; onRetry: () => void }) {
  switch (variant.kind) {
    case 'unknown':
      return (
        <StatusFrame icon={CloudOff} tone="bg-slate-400/15 text-slate-200" title="Status unavailable" text={variant.message}>
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
              Try again
            </Button>
          </div>
        </StatusFrame>
      );
    case 'loading':
      return (
        <Card>
          <Spinner label="Loading survey status..." />
        </Card>
      );
    case 'active':
      return <ActiveProfileCard profile={variant.profile} />;
    case 'ready':
      return (
        <StatusFrame
          icon={Sparkles}
          tone="bg-emerald-400/15 text-emerald-200"
          title="Ready to Create Profile"
          badge="Ready"
          text="Build your professional role profile and showcase your skills."
        >
          <div className="flex flex-wrap items-center gap-4">
            <Link to={paths.roleProfile()} className={buttonClasses('primary')}>
              Get Started
            </Link>
            <span className="inline-flex items-center gap-1.5 text-sm text-slate-300">
              <Clock aria-hidden="true" className="size-4" />
              ~5 min
            </span>
          </div>
        </StatusFrame>
      );
    case 'surveyRequired':
      return (
        <StatusFrame
          icon={ClipboardList}
          tone="bg-amber-400/15 text-amber-200"
          title="Complete Survey Required"
          text="Please complete the survey to unlock role profile creation."
        >
          <div>
            <Button onClick={onOpenSurvey}>Open Survey</Button>
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
  return (
    <StatusFrame
      icon={UserRoundCheck}
      tone="bg-sky-400/15 text-sky-200"
      title="Your Role Profile"
      badge="Active"
      text="Your professional profile is live and ready."
    >
      <dl className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map(({ label, value }) => (
          <div key={label} className="min-w-0">
            <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{label}</dt>
            <dd className="mt-1 line-clamp-3 break-words text-slate-100">{orNotSpecified(value(profile))}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-700/70 pt-4">
        <p className="text-sm text-slate-300">
          Last updated: <span className="text-slate-100">{formatDate(profile.updated_at)}</span>
        </p>
        <Link to={paths.roleProfile()} className={buttonClasses('secondary', 'sm')}>
          <Pencil aria-hidden="true" className="size-4" />
          Edit Profile
        </Link>
      </div>
    </StatusFrame>
  );
}
