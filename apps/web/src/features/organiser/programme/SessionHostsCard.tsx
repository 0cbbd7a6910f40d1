import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { ProgrammePart } from '@mc/contract/programme.ts';
import { Button, Card, CardHeader, Dialog, QueryState } from '../../../components/ui';
import { screenKeys } from '../../../lib/screenKeys';
import { orderSessions, useProgramme } from '../../conference';
import { addPartHost, listPartHosts, removePartHost } from '../organiserApi';
import { AddByEmailForm, PersonRow } from '../PeopleByEmail';

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
              <Button variant="ghost" size="sm" aria-label={_('organiser.hosts.manageLabel', { title: part.title })} onClick={() => setOpen(part)}>
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
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);
  const done = (list: Awaited<ReturnType<typeof listPartHosts>>) => {
    queryClient.setQueryData(screenKeys.partHosts(partId), list);
    setRemoveProblem(null);
  };
  const add = useMutation({ mutationFn: (email: string) => addPartHost(partId, email), onSuccess: done });
  const remove = useMutation({
    mutationFn: (userId: string) => removePartHost(partId, userId),
    onSuccess: done,
    onError: (error) => setRemoveProblem(error.message),
  });
  return (
    <div className="flex flex-col gap-4">
      <QueryState query={hosts} loading={_('organiser.hosts.loading')} errorTitle={_('organiser.hosts.loadFailed')}>
        {(list) =>
          list.length === 0 ? (
            <p className="text-sm text-slate-300">{_('organiser.hosts.none')}</p>
          ) : (
            <ul aria-label={_('organiser.hosts.listLabel')} className="flex flex-col divide-y divide-slate-700/70">
              {list.map((host) => (
                <PersonRow key={host.user_id} firstName={host.first_name} lastName={host.last_name} email={host.email}>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={remove.isPending}
                    aria-label={_('organiser.hosts.removeLabel', { email: host.email })}
                    onClick={() => remove.mutate(host.user_id)}
                  >
                    {_('organiser.hosts.remove')}
                  </Button>
                </PersonRow>
              ))}
            </ul>
          )
        }
      </QueryState>
      {removeProblem ? (
        <p role="alert" className="text-sm text-rose-300">
          {removeProblem}
        </p>
      ) : null}
      <AddByEmailForm
        label={_('organiser.hosts.emailLabel')}
        emptyMessage={_('organiser.hosts.emailRequired')}
        submitLabel={_('organiser.hosts.add')}
        busyLabel={_('organiser.hosts.adding')}
        add={add.mutateAsync}
      />
    </div>
  );
}
