import { Link } from 'react-router';
import { ClipboardList, Clock, Pencil, Sparkles, UserRoundCheck } from 'lucide-react';
import type { RoleProfile } from '@mc/contract';
import { Badge, Button, Card, Spinner, buttonClasses } from '../../components/ui';
import { paths } from '../../app/paths';
import { formatDate, orNotSpecified } from '../profiles/format';

/** SPEC §4 "Dashboard status card": exactly one of four variants. */
export type StatusCardVariant = { kind: 'loading' } | { kind: 'active'; profile: RoleProfile } | { kind: 'ready' } | { kind: 'surveyRequired' };

export function statusCardVariant(input: { statusLoading: boolean; preSurveyCompleted: boolean; profileLoading: boolean; profile: RoleProfile | null }): StatusCardVariant {
  if (input.statusLoading) return { kind: 'loading' };
  if (!input.preSurveyCompleted) return { kind: 'surveyRequired' };
  if (input.profileLoading) return { kind: 'loading' };
  return input.profile ? { kind: 'active', profile: input.profile } : { kind: 'ready' };
}

const FIELDS: readonly { label: string; value: (profile: RoleProfile) => string | null }[] = [
  { label: 'Role Title', value: (p) => p.role_title },
  { label: 'Role Archetype', value: (p) => p.role_archype },
  { label: 'High Objective', value: (p) => p.high_objective },
  { label: 'Intention', value: (p) => p.intention },
  { label: 'Skills & Resources', value: (p) => p.skills_and_resources },
];

const iconBox = 'inline-flex size-12 shrink-0 items-center justify-center rounded-xl';

export function StatusCard({ variant, onOpenSurvey }: { variant: StatusCardVariant; onOpenSurvey: () => void }) {
  switch (variant.kind) {
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
        <Card className="flex flex-col gap-4">
          <div className="flex items-start gap-4">
            <span className={`${iconBox} bg-emerald-400/15 text-emerald-200`}>
              <Sparkles aria-hidden="true" className="size-6" />
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <h2 className="text-lg font-semibold text-slate-50">Ready to Create Profile</h2>
                <Badge tone="success">Ready</Badge>
              </div>
              <p className="mt-1 text-slate-300">Build your professional role profile and showcase your skills.</p>
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-4">
            <Link to={paths.roleProfile()} className={buttonClasses('primary')}>
              Get Started
            </Link>
            <span className="inline-flex items-center gap-1.5 text-sm text-slate-300">
              <Clock aria-hidden="true" className="size-4" />
              ~5 min
            </span>
          </div>
        </Card>
      );
    case 'surveyRequired':
      return (
        <Card className="flex flex-col gap-4">
          <div className="flex items-start gap-4">
            <span className={`${iconBox} bg-amber-400/15 text-amber-200`}>
              <ClipboardList aria-hidden="true" className="size-6" />
            </span>
            <div className="min-w-0">
              <h2 className="text-lg font-semibold text-slate-50">Complete Survey Required</h2>
              <p className="mt-1 text-slate-300">Please complete the survey to unlock role profile creation.</p>
            </div>
          </div>
          <div>
            <Button onClick={onOpenSurvey}>Open Survey</Button>
          </div>
        </Card>
      );
  }
}

function ActiveProfileCard({ profile }: { profile: RoleProfile }) {
  return (
    <Card className="flex flex-col gap-5">
      <div className="flex items-start gap-4">
        <span className={`${iconBox} bg-sky-400/15 text-sky-200`}>
          <UserRoundCheck aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="text-lg font-semibold text-slate-50">Your Role Profile</h2>
            <Badge tone="success">Active</Badge>
          </div>
          <p className="mt-1 text-slate-300">Your professional profile is live and ready.</p>
        </div>
      </div>
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
    </Card>
  );
}
