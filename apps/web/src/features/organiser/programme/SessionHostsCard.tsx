import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { UserMinus, UserPlus, Users } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { ProgrammePart } from '@mc/contract/programme.ts';
import { Button, Card, CardHeader, Dialog, QueryState, TextField } from '../../../components/ui';
import { screenKeys } from '../../../lib/screenKeys';
import { orderSessions, useProgramme } from '../../conference';
import { addPartHost, listPartHosts, removePartHost } from '../organiserApi';

/**
 * Session hosts (docs/product.md#session-hosts): for each part of the published programme, the
 * people who may moderate its questions, added by e-mail and removed here.
 */
export function SessionHostsCard() {
  const { _ } = useLingui();
  const programme = useProgramme();
  const [open, setOpen] = useState<ProgrammePart | null>(null);
  return (
    <Card>
      <CardHeader title={_('organiser.hosts.title')} description={_('organiser.hosts.description')} />
      <ul aria-label={_('organiser.hosts.title')} className="flex flex-col divide-y divide-slate-700/70">
        {orderSessions(programme.agenda).flatMap((session) =>
          session.parts.map((part) => (
            <li key={part.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
              <p className="min-w-0 text-sm text-slate-100">
                <span className="text-slate-300">{_('organiser.hosts.session', { number: session.sessionNumber })}</span> {part.title}
              </p>
              <Button
                variant="ghost"
                size="sm"
                icon={<Users aria-hidden="true" className="size-4" />}
                aria-label={_('organiser.hosts.manageLabel', { title: part.title })}
                onClick={() => setOpen(part)}
              >
                {_('organiser.hosts.manage')}
              </Button>
            </li>
          )),
        )}
      </ul>
      <Dialog
        open={open !== null}
        onOpenChange={(next) => (next ? undefined : setOpen(null))}
        title={_('organiser.hosts.dialogTitle', { title: open?.title ?? '' })}
      >
        {open ? <PartHosts partId={open.id} /> : null}
      </Dialog>
    </Card>
  );
}

function PartHosts({ partId }: { partId: string }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const hosts = useQuery({ queryKey: screenKeys.partHosts(partId), queryFn: () => listPartHosts(partId) });
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = (list: Awaited<ReturnType<typeof listPartHosts>>) => {
    queryClient.setQueryData(screenKeys.partHosts(partId), list);
    setProblem(null);
  };
  const add = useMutation({
    mutationFn: () => addPartHost(partId, email.trim()),
    onSuccess: (list) => {
      setEmail('');
      done(list);
    },
    onError: (error) => setProblem(error.message),
  });
  const remove = useMutation({
    mutationFn: (userId: string) => removePartHost(partId, userId),
    onSuccess: done,
    onError: (error) => setProblem(error.message),
  });
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setProblem(_('organiser.hosts.emailRequired'));
      return;
    }
    add.mutate();
  };
  return (
    <div className="flex flex-col gap-4">
      <QueryState query={hosts} loading={_('organiser.hosts.loading')} errorTitle={_('organiser.hosts.loadFailed')}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-300">{_('organiser.hosts.none')}</p>
          ) : (
            <ul aria-label={_('organiser.hosts.listLabel')} className="flex flex-col divide-y divide-slate-700/70">
              {list.map((host) => (
                <li key={host.user_id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <div className="min-w-0">
                    <p className="font-medium break-all text-slate-50">
                      {host.first_name} {host.last_name}
                    </p>
                    <p className="text-sm break-all text-slate-300">{host.email}</p>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<UserMinus aria-hidden="true" className="size-4" />}
                    disabled={remove.isPending}
                    aria-label={_('organiser.hosts.removeLabel', { email: host.email })}
                    onClick={() => remove.mutate(host.user_id)}
                  >
                    {_('organiser.hosts.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <form onSubmit={onAdd} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={_('organiser.hosts.emailLabel')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={problem ?? undefined}
          containerClassName="flex-1"
        />
        <Button
          type="submit"
          busy={add.isPending}
          busyLabel={_('organiser.hosts.adding')}
          icon={<UserPlus aria-hidden="true" className="size-4" />}
          className="sm:mb-6"
        >
          {_('organiser.hosts.add')}
        </Button>
      </form>
    </div>
  );
}
