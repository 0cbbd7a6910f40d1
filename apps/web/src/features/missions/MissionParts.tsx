import { useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { toast } from 'sonner';
import { Bell, BellRing, ThumbsUp, Users } from 'lucide-react';
import type { Mission, MissionMember } from '@mc/contract';
import { Alert, Badge, Button, LoadError, PageSpinner, SearchInput, pageClasses } from '../../components/ui';
import { runToggle, type ToggleKind } from './missionsApi';
import { PersonName } from '../roles';
import { StatusBadge } from '../progress';
import { fullName, teamRoleLabel } from './missionRules';
import { formatDate, formatDateTime } from '../../lib/format';
import { objectiveLabel } from '../roles';
import { isOfflineError } from '../../lib/rpcError';
import { useAuth } from '../../lib/auth';

/** The mission's fields for My Mission and Mission details, in the order docs/product.md#my-mission lists them. */
export function MissionFieldList({ mission, extra }: { mission: Mission; extra?: ReactNode }) {
  const { _ } = useLingui();
  // The objective is one of the contract's choices, shown in the interface's language; the rest is the team's own text.
  const rows: { messageId: string; value: ReactNode }[] = [
    { messageId: 'mission.field.sharedIntention', value: mission.shared_intention },
    { messageId: 'mission.field.objective', value: mission.objective_or_focus ? objectiveLabel(_, mission.objective_or_focus) : mission.objective_or_focus },
    { messageId: 'mission.field.statement', value: mission.statement },
    { messageId: 'mission.field.coreMessage', value: mission.core_message },
    { messageId: 'mission.field.problem', value: mission.problem_being_solved },
    { messageId: 'mission.field.firstAction', value: mission.first_team_action },
  ];
  return (
    <dl className="grid gap-5 sm:grid-cols-2">
      {rows.map(({ messageId, value }) => (
        <div key={messageId} className="min-w-0 sm:col-span-2">
          <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_(messageId)}</dt>
          <dd className="mt-1 break-words whitespace-pre-line text-slate-100">{value || _('mission.field.notSpecified')}</dd>
        </div>
      ))}
      {extra}
      <div>
        <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('mission.field.status')}</dt>
        <dd className="mt-1">
          {mission.hidden_reason !== null ? <Badge tone="warning">{_('mission.status.hidden')}</Badge> : <StatusBadge mission={mission} />}
        </dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('mission.field.created')}</dt>
        <dd className="mt-1 text-slate-100">{formatDateTime(mission.created_at)}</dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('mission.field.updated')}</dt>
        <dd className="mt-1 text-slate-100">{formatDateTime(mission.updated_at)}</dd>
      </div>
      <div>
        <dt className="text-xs font-semibold tracking-wide text-slate-400 uppercase">{_('mission.field.engagement')}</dt>
        <dd className="mt-1 text-slate-100">
          <span data-testid="engagement-votes">{_('mission.voteCount', { count: mission.vote_count })}</span>,{' '}
          <span data-testid="engagement-subscribers">{_('mission.subscriberCount', { count: mission.subscription_count })}</span>
        </dd>
      </div>
    </dl>
  );
}

/** What the team of a mission the organisers hid reads (nobody else sees the mission at all). */
export function HiddenMissionNotice({ reason }: { reason: string | null }) {
  const { _ } = useLingui();
  if (reason === null) return null;
  return (
    <Alert tone="warning" live={false} className="mb-6">
      <span data-testid="hidden-notice">{_('mission.hiddenNotice', { reason })}</span>
    </Alert>
  );
}

interface TeamMembersListProps {
  members: readonly MissionMember[];
  emptyText: string;
  /** My Mission has a search box filtering on first name, last name and e-mail. */
  searchable?: boolean;
}

export function TeamMembersList({ members, emptyText, searchable = false }: TeamMembersListProps) {
  const { _ } = useLingui();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const needle = query.trim().toLowerCase();
    if (!needle) return members;
    return members.filter((member) => [member.first_name, member.last_name, member.email].some((part) => (part ?? '').toLowerCase().includes(needle)));
  }, [members, query]);
  const roleLabel = useRoleLabel();

  return (
    <div className="flex flex-col gap-4">
      {searchable && members.length > 0 ? (
        <SearchInput label={_('mission.team.searchLabel')} value={query} onChange={setQuery} placeholder={_('mission.team.searchPlaceholder')} compact />
      ) : null}
      {members.length === 0 ? (
        <p className="text-slate-300">{emptyText}</p>
      ) : shown.length === 0 ? (
        <p className="text-slate-300">{_('mission.team.noMatch')}</p>
      ) : (
        <ul className="divide-y divide-slate-700/70 rounded-xl border border-slate-700/70" aria-label={_('mission.team.listLabel')}>
          {shown.map((member) => (
            <li key={member.user_id} className="flex flex-wrap items-center justify-between gap-3 p-3 sm:p-4">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-50">
                  <PersonName userId={member.user_id}>{fullName(member) || member.email}</PersonName>
                </p>
                <p className="text-sm break-all text-slate-300">{member.email}</p>
                {member.added_at ? <p className="mt-0.5 text-xs text-slate-400">{_('mission.team.added', { date: formatDate(member.added_at) })}</p> : null}
              </div>
              <div className="flex flex-wrap gap-2">
                {member.is_co_owner ? <Badge tone="accent">{_('mission.role.coOwner')}</Badge> : null}
                {member.role_in_team ? <Badge tone={member.role_in_team === 'owner' ? 'info' : 'neutral'}>{roleLabel(member.role_in_team)}</Badge> : null}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A team role as people read it: the two the product has in the interface's language, any other as stored. */
function useRoleLabel(): (role: string) => string {
  const { _ } = useLingui();
  return (role) => (role === 'owner' ? _('mission.role.owner') : role === 'member' ? _('mission.role.member') : teamRoleLabel(role));
}

interface ToggleButtonsProps {
  missionId: string;
  isVoted: boolean;
  isSubscribed: boolean;
  /** Cards ignore toggle failures but being offline; the details page tells the person (docs/product.md#all-missions). */
  reportErrors?: boolean;
  size?: 'sm' | 'md';
}

function useToggle(kind: ToggleKind, missionId: string, wanted: boolean, reportErrors: boolean, button: RefObject<HTMLButtonElement | null>) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const { _ } = useLingui();
  const viewerId = user?.id ?? null;
  return useMutation({
    mutationFn: () => runToggle(queryClient, kind, missionId, wanted, viewerId),
    onError: (error) => {
      // Offline, every card says so at once: a vote that silently did nothing would look counted.
      if (reportErrors || isOfflineError(error)) toast.error(error.message || _('mission.toggle.failed'));
      else console.warn(`The ${kind} toggle failed`, error);
    },
    onSettled: () => {
      // A list sorted by votes moves the card, and moving a node drops its focus: put it back.
      const target = button.current;
      if (target?.isConnected && (document.activeElement === document.body || document.activeElement === null)) target.focus();
    },
  });
}

/**
 * Vote/Unvote and Subscribe/Unsubscribe, each "Processing…" while its call runs. Each button keeps
 * its width whatever its label says (the caller gives it a cell), so a card never jumps or wraps on
 * a toggle, and focus stays on the button pressed.
 */
export function ToggleButtons({ missionId, isVoted, isSubscribed, reportErrors = false, size = 'sm' }: ToggleButtonsProps) {
  const { _ } = useLingui();
  const voteButton = useRef<HTMLButtonElement>(null);
  const subscribeButton = useRef<HTMLButtonElement>(null);
  const vote = useToggle('vote', missionId, !isVoted, reportErrors, voteButton);
  const subscribe = useToggle('subscription', missionId, !isSubscribed, reportErrors, subscribeButton);
  const cell = 'w-full whitespace-nowrap';
  return (
    <>
      <Button
        ref={voteButton}
        size={size}
        variant={isVoted ? 'on' : 'primary'}
        className={cell}
        data-state={isVoted ? 'on' : 'off'}
        icon={isVoted ? <ThumbsUp aria-hidden="true" fill="currentColor" className="size-4" /> : <ThumbsUp aria-hidden="true" className="size-4" />}
        busy={vote.isPending}
        busyLabel={_('mission.toggle.processing')}
        onClick={() => vote.mutate()}
      >
        {isVoted ? _('mission.toggle.unvote') : _('mission.toggle.vote')}
      </Button>
      <Button
        ref={subscribeButton}
        size={size}
        variant={isSubscribed ? 'on' : 'secondary'}
        className={cell}
        data-state={isSubscribed ? 'on' : 'off'}
        icon={isSubscribed ? <BellRing aria-hidden="true" className="size-4" /> : <Bell aria-hidden="true" className="size-4" />}
        busy={subscribe.isPending}
        busyLabel={_('mission.toggle.processing')}
        onClick={() => subscribe.mutate()}
      >
        {isSubscribed ? _('mission.toggle.unsubscribe') : _('mission.toggle.subscribe')}
      </Button>
    </>
  );
}

export function TeamIcon() {
  return <Users aria-hidden="true" className="size-4" />;
}

interface MissionPageStateProps {
  title: string;
  /** What stands above the heading: the document title, and a back link where the page has one. */
  top: ReactNode;
}

/** My Mission and Mission details while their mission loads. */
export function MissionPageLoading({ title, top, label }: MissionPageStateProps & { label: string }) {
  return (
    <section className={pageClasses}>
      {top}
      <h1 className="sr-only">{title}</h1>
      <PageSpinner label={label} />
    </section>
  );
}

/** My Mission and Mission details when their mission could not be loaded. */
export function MissionPageError({ title, top, message, onRetry }: MissionPageStateProps & { message: string; onRetry: () => void }) {
  const { _ } = useLingui();
  return (
    <section className={pageClasses}>
      {top}
      <h1 className="mb-6 text-2xl font-bold text-slate-50 sm:text-3xl">{title}</h1>
      <LoadError message={message || _('mission.loadFailed')} onRetry={onRetry} />
    </section>
  );
}
