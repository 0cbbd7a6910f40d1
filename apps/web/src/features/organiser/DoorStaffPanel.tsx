import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DoorOpen, UserMinus } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Button, Card, CardHeader, QueryState, TextField } from '../../components/ui';
import { queryKeys } from '../../lib/queryKeys';
import { screenKeys } from '../../lib/screenKeys';
import { listDoorStaff, setDoorStaff } from './checkinApi';

/** Who checks people in at the door (docs/product.md#check-in-at-the-door): named by e-mail, removed with one click; both audited. */
export function DoorStaffPanel() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: screenKeys.doorStaff, queryFn: listDoorStaff });
  const [email, setEmail] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: ({ email: address, add }: { email: string; add: boolean }) => setDoorStaff(address, add),
    onSuccess: async (result, { add }) => {
      if (add) {
        setEmail('');
        setFormError(null);
      }
      toast.success(
        _(add ? (result.changed ? 'organiser.doorStaff.added' : 'organiser.doorStaff.already') : 'organiser.doorStaff.removed', { email: result.email }),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
    onError: (error, { add }) => (add ? setFormError(error.message) : toast.error(error.message)),
  });

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setFormError(_('organiser.doorStaff.emailRequired'));
      return;
    }
    change.mutate({ email: email.trim(), add: true });
  };

  return (
    <Card>
      <CardHeader title={_('organiser.doorStaff.title')} description={_('organiser.doorStaff.description')} />
      <QueryState query={staff} loading={_('organiser.doorStaff.loading')} errorTitle={_('organiser.doorStaff.loadFailed')}>
        {(data) =>
          data.length === 0 ? (
            <p className="mb-5 text-slate-300">{_('organiser.doorStaff.none')}</p>
          ) : (
            <ul aria-label={_('organiser.doorStaff.title')} className="mb-5 flex flex-col divide-y divide-slate-700/70">
              {data.map((entry) => (
                <li key={entry.user_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-medium break-all text-slate-50">
                      {entry.first_name} {entry.last_name}
                    </p>
                    <p className="text-sm break-all text-slate-300">{entry.email}</p>
                    <p className="text-sm text-slate-400">{_('organiser.doorStaff.checkins', { count: entry.checkins })}</p>
                  </div>
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<UserMinus aria-hidden="true" className="size-4" />}
                    aria-label={_('organiser.doorStaff.removeLabel', { email: entry.email })}
                    disabled={change.isPending}
                    onClick={() => change.mutate({ email: entry.email, add: false })}
                  >
                    {_('organiser.doorStaff.remove')}
                  </Button>
                </li>
              ))}
            </ul>
          )
        }
      </QueryState>
      <form onSubmit={onAdd} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label={_('organiser.doorStaff.addLabel')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={formError ?? undefined}
          containerClassName="flex-1"
        />
        <Button
          type="submit"
          busy={change.isPending && change.variables.add}
          busyLabel={_('organiser.doorStaff.adding')}
          icon={<DoorOpen aria-hidden="true" className="size-4" />}
          className="sm:mb-6"
        >
          {_('organiser.doorStaff.add')}
        </Button>
      </form>
    </Card>
  );
}
