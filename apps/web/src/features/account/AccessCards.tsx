import { useState } from 'react';
import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react';
import type { MySession } from '@mc/contract';
import { Alert, Badge, Button, Card, CardHeader, LoadError, Spinner } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { formatDate, formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { useCalendarFeed } from '../conference';
import { screenKeys } from '../../lib/screenKeys';
import { listMySessions, signOutOtherSessions, signOutSession } from './accountApi';

/** The person's signed-in sessions, with device and last use; another one, or all others, can be signed out. */
export function SessionsCard() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const sessions = useQuery({ queryKey: screenKeys.mySessions(userId), queryFn: listMySessions, enabled: userId !== null });
  const [error, setError] = useState<string | null>(null);
  const settle = {
    onMutate: () => setError(null),
    onSuccess: (left: MySession[]) => {
      queryClient.setQueryData(screenKeys.mySessions(userId), left);
      toast.success(_('account.sessions.signedOut'));
    },
    onError: (failure: Error) => setError(failure.message),
  };
  const one = useMutation({ mutationFn: signOutSession, ...settle });
  const others = useMutation({ mutationFn: signOutOtherSessions, ...settle });
  const list = sessions.data ?? [];
  const hasOthers = list.some((session) => !session.current);

  return (
    <Card>
      <CardHeader
        title={_('account.sessions.title')}
        description={_('account.sessions.description')}
        action={
          hasOthers ? (
            <Button variant="secondary" busy={others.isPending} busyLabel={_('common.signingOut')} onClick={() => others.mutate()}>
              {_('account.sessions.signOutOthers')}
            </Button>
          ) : null
        }
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {sessions.isError ? (
        <LoadError message={sessions.error.message} onRetry={() => void sessions.refetch()} />
      ) : sessions.isPending ? (
        <Spinner label={_('account.sessions.loading')} />
      ) : (
        <ul className="flex flex-col gap-2" data-testid="sessions">
          {list.map((session) => (
            <li key={session.session_id} className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-slate-700 p-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-100">
                  {session.device} {session.current ? <Badge tone="info">{_('account.sessions.thisBrowser')}</Badge> : null}
                </p>
                <p className="text-sm text-slate-300">
                  {_('account.sessions.times', { signedIn: formatDateTime(session.signed_in_at), lastUsed: formatDateTime(session.last_used_at) })}
                </p>
              </div>
              {session.current ? null : (
                <Button
                  variant="secondary"
                  size="sm"
                  busy={one.isPending && one.variables === session.session_id}
                  busyLabel={_('common.signingOut')}
                  disabled={one.isPending}
                  onClick={() => one.mutate(session.session_id)}
                  aria-label={_('account.sessions.signOutLabel', { device: session.device, lastUsed: formatDateTime(session.last_used_at) })}
                >
                  {_('account.sessions.signOut')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The private calendar address for My agenda: whether one works, and stopping it. It is made on the agenda. */
export function CalendarAddressCard() {
  const { _ } = useLingui();
  const feed = useCalendarFeed(true);
  const [error, setError] = useState<string | null>(null);
  function stop() {
    setError(null);
    feed.revoke.mutate(undefined, {
      onSuccess: () => toast.success(_('account.calendar.stopped')),
      onError: (failure) => setError(failure.message),
    });
  }
  const status = feed.status;
  return (
    <Card>
      <CardHeader title={_('account.calendar.title')} description={_('account.calendar.description')} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      {status.isError ? (
        <LoadError message={status.error.message} onRetry={() => void status.refetch()} />
      ) : status.isPending ? (
        <Spinner label={_('account.calendar.loading')} />
      ) : status.data.active ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-200">{_('account.calendar.active', { date: formatDate(status.data.created_at) })}</p>
          <Button variant="danger" busy={feed.revoke.isPending} busyLabel={_('account.calendar.stopping')} onClick={stop}>
            {_('account.calendar.stop')}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-200">
          <Trans
            id="account.calendar.none"
            components={{ 0: <Link to={paths.agendaSchedule()} className="text-sky-300 underline underline-offset-4 hover:text-sky-200" /> }}
          />
        </p>
      )}
    </Card>
  );
}
