import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Popover } from 'radix-ui';
import { Bell, Check, CheckCheck, LogOut } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import type { NotificationItem } from '@mc/contract/notifications.ts';
import { Button, Spinner, LoadError } from '../../components/ui';
import { cn } from '../../components/ui/cn';
import { useAuth } from '../../lib/auth';
import { formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { queryKeys } from '../../lib/queryKeys';
import { getLiveStatus } from '../../lib/live/status';
import { BellVoteLink } from '../rounds';
import { invalidateTeam, removeMember } from '../teams';
import { answerTeamRequest, markRead, notificationsQuery } from './notificationsApi';
import { MY_AGENDA_PATH, showDeviceReminders } from './deviceReminders';

/**
 * The top bar's bell (docs/product.md#the-bell): the unread count, and a panel with the newest
 * notifications, each marked read on its own or all at once. Escape or a click outside closes
 * the panel and focus goes back to the bell.
 */
export function NotificationBell() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const list = useQuery(notificationsQuery(userId));
  const unread = list.data?.unread ?? 0;
  // The button's accessible name: the count is read out, not only shown.
  const bellLabel = unread > 0 ? _('notifications.bell.unreadLabel', { unread }) : _('notifications.bell.title');
  useEffect(() => {
    if (list.data) void showDeviceReminders(list.data.items);
  }, [list.data]);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    // Without the live channel the list may be behind: opening the panel reads it again.
    if (next && getLiveStatus() !== 'live') void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) });
  };

  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger
        aria-label={bellLabel}
        className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-200 hover:bg-white/10"
      >
        <Bell aria-hidden="true" className="size-6" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="unread-count"
            className="absolute top-1 right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-xs leading-5 font-bold text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          aria-labelledby={headingId}
          align="end"
          sideOffset={6}
          collisionPadding={12}
          className="z-40 flex max-h-[min(32rem,calc(100dvh-5rem))] w-[min(26rem,calc(100vw-1.5rem))] flex-col rounded-2xl border border-slate-700 bg-slate-900 shadow-2xl shadow-black/60 focus:outline-none"
        >
          <div data-toast-clear className="flex flex-wrap items-center justify-between gap-2 border-b border-slate-700/70 px-4 py-3">
            <h2 id={headingId} ref={heading} tabIndex={-1} className="text-base font-semibold text-slate-50 focus:outline-none">
              {_('notifications.bell.title')}
            </h2>
            {/* Once all are read the button is disabled: focus moves to the heading, never to the page. */}
            <MarkAllButton userId={userId} unread={unread} onDone={() => heading.current?.focus()} />
          </div>
          <BellVoteLink onNavigate={() => setOpen(false)} />
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain">
            {list.isPending ? (
              <Spinner size="sm" label={_('notifications.bell.loading')} className="px-4 py-6 text-sm" />
            ) : list.isError ? (
              <LoadError className="m-4" message={_('notifications.bell.loadFailed')} retrying={list.isFetching} onRetry={() => void list.refetch()} />
            ) : list.data.items.length === 0 ? (
              <p className="px-4 py-6 text-sm text-slate-300">{_('notifications.bell.empty')}</p>
            ) : (
              <ul aria-labelledby={headingId} className="divide-y divide-slate-700/70">
                {list.data.items.map((item) => (
                  <NotificationRow key={item.id} item={item} userId={userId} onNavigate={() => setOpen(false)} />
                ))}
              </ul>
            )}
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function MarkAllButton({ userId, unread, onDone }: { userId: string | null; unread: number; onDone: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const markAll = async () => {
    setBusy(true);
    try {
      await markRead(queryClient, userId, null);
      onDone();
    } catch (error) {
      console.error('Marking all notifications read failed', error);
      toast.error(_('notifications.bell.markFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={unread === 0}
      busy={busy}
      icon={<CheckCheck aria-hidden="true" className="size-4" />}
      onClick={() => void markAll()}
    >
      {_('notifications.bell.markAll')}
    </Button>
  );
}

/** What a notification's buttons do: answer a request to join, leave the team, mark it read; focus then stays on the row. */
function useRowActions(item: NotificationItem, userId: string | null) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const row = useRef<HTMLLIElement>(null);
  const [marking, setMarking] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [answering, setAnswering] = useState<'accept' | 'decline' | null>(null);

  // A request to join (to an owner) or an invitation (to the person): answered from here; a reason
  // for declining can be given on My Mission or the dashboard (docs/product.md#joining-a-team).
  const answer = async (accept: boolean) => {
    if (!item.request_id || !userId) return;
    setAnswering(accept ? 'accept' : 'decline');
    try {
      await answerTeamRequest(item.request_id, accept);
      toast.success(accept ? _('notifications.bell.accepted') : _('notifications.bell.declined'));
      if (!item.read) await markRead(queryClient, userId, item.id);
    } catch (error) {
      toast.error(error instanceof Error && error.message ? error.message : _('notifications.bell.answerFailed'));
    } finally {
      await Promise.all([
        invalidateTeam(queryClient),
        queryClient.invalidateQueries({ queryKey: queryKeys.teamRequests }),
        queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) }),
      ]);
      setAnswering(null);
      row.current?.focus();
    }
  };

  const mark = async () => {
    setMarking(true);
    try {
      await markRead(queryClient, userId, item.id);
      // The button goes with the unread state: focus stays on this notification.
      row.current?.focus();
    } catch (error) {
      console.error('Marking a notification read failed', error);
      toast.error(_('notifications.bell.markFailed'));
    } finally {
      setMarking(false);
    }
  };

  // Leaving is removing oneself from the team (docs/product.md#remove_mission_member).
  const leave = async () => {
    if (!item.mission_id || !userId) return;
    setLeaving(true);
    try {
      const outcome = await removeMember(item.mission_id, userId, userId);
      if (outcome.ok) {
        toast.success(_('notifications.bell.left'));
        if (!item.read) await markRead(queryClient, userId, item.id);
      } else toast.error(outcome.message);
    } catch (error) {
      console.error('Leaving a team failed', error);
      toast.error(_('notifications.bell.leaveFailed'));
    } finally {
      await Promise.all([invalidateTeam(queryClient), queryClient.invalidateQueries({ queryKey: queryKeys.notifications(userId) })]);
      setLeaving(false);
      row.current?.focus();
    }
  };

  return { row, marking, leaving, answering, answer, mark, leave };
}

/**
 * Where a notification leads: a mission's news opens the mission; a revealed result opens the
 * vote screen with the result; a programme change or a session reminder opens the person's own agenda.
 */
function targetOf(item: NotificationItem): string | null {
  // A request for feedback opens its part in the agenda, where the rating is given.
  if (item.kind === 'feedback_requested' && item.part_id) return paths.agendaPart(item.part_id);
  // A mission's check-in opens its form.
  if ((item.kind === 'mission_checkin' || item.kind === 'mission_checkin_reminder') && item.mission_id && item.checkin_day) {
    return paths.missionCheckin(item.mission_id, item.checkin_day);
  }
  return item.mission_id
    ? paths.mission(item.mission_id)
    : item.round_id
      ? paths.vote()
      : item.kind === 'programme_changed' || item.kind === 'session_reminder'
        ? MY_AGENDA_PATH
        : null;
}

function NotificationRow({ item, userId, onNavigate }: { item: NotificationItem; userId: string | null; onNavigate: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const textId = useId();
  const { row, marking, leaving, answering, answer, mark, leave } = useRowActions(item, userId);
  const target = targetOf(item);
  const text = (
    <span id={textId} className="break-words">
      {item.text}
    </span>
  );

  return (
    <li
      ref={row}
      tabIndex={-1}
      className={cn('flex gap-3 px-4 py-3 focus-ring-inset', item.read ? 'bg-transparent' : 'bg-sky-400/[0.07]')}
      data-read={item.read}
    >
      <span aria-hidden="true" className={cn('mt-2 size-2 shrink-0 rounded-full', item.read ? 'bg-transparent' : 'bg-sky-300')} />
      <div className="flex min-w-0 flex-1 flex-col gap-1.5">
        <p className={cn('text-sm', item.read ? 'text-slate-300' : 'font-medium text-slate-50')}>
          {item.read ? null : <span className="sr-only">{_('notifications.bell.unread')} </span>}
          {target ? (
            <Link
              to={target}
              className="rounded-sm underline decoration-slate-500 underline-offset-2 hover:text-sky-200 hover:decoration-sky-300"
              onClick={() => {
                if (!item.read)
                  void markRead(queryClient, userId, item.id).catch((error: unknown) => console.error('Marking a notification read failed', error));
                onNavigate();
              }}
            >
              {text}
            </Link>
          ) : (
            text
          )}
        </p>
        <time dateTime={item.created_at} className="text-xs text-slate-400">
          {formatDateTime(item.created_at)}
        </time>
        {item.can_leave || !item.read || item.request_id ? (
          <div className="flex flex-wrap gap-2 pt-0.5">
            {item.request_id ? (
              <>
                <Button size="sm" busy={answering === 'accept'} aria-describedby={textId} onClick={() => void answer(true)}>
                  {_('notifications.bell.accept')}
                </Button>
                <Button variant="secondary" size="sm" busy={answering === 'decline'} aria-describedby={textId} onClick={() => void answer(false)}>
                  {_('notifications.bell.decline')}
                </Button>
              </>
            ) : null}
            {item.can_leave ? (
              <Button
                variant="secondary"
                size="sm"
                busy={leaving}
                busyLabel={_('notifications.bell.leaving')}
                aria-describedby={textId}
                icon={<LogOut aria-hidden="true" className="size-4" />}
                onClick={() => void leave()}
              >
                {_('notifications.bell.leave')}
              </Button>
            ) : null}
            {item.read ? null : (
              <Button
                variant="ghost"
                size="sm"
                busy={marking}
                aria-describedby={textId}
                icon={<Check aria-hidden="true" className="size-4" />}
                onClick={() => void mark()}
              >
                {_('notifications.bell.markOne')}
              </Button>
            )}
          </div>
        ) : null}
      </div>
    </li>
  );
}
