import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DoorOpen, UserMinus } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Button, Card, CardHeader, QueryState } from '../../components/ui';
import { queryKeys } from '../../lib/queryKeys';
import { screenKeys } from '../../lib/screenKeys';
import { listDoorStaff, setDoorStaff } from './checkinApi';
import { AddByEmailForm, PersonRow } from './PeopleByEmail';

/** Who checks people in at the door (docs/product.md#check-in-at-the-door): named by e-mail, removed with one click; both audited. */
export function DoorStaffPanel() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const staff = useQuery({ queryKey: screenKeys.doorStaff, queryFn: listDoorStaff });
  const add = useMutation({
    mutationFn: (email: string) => setDoorStaff(email, true),
    onSuccess: async (result) => {
      toast.success(_(result.changed ? 'organiser.doorStaff.added' : 'organiser.doorStaff.already', { email: result.email }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
  });
  const remove = useMutation({
    mutationFn: (email: string) => setDoorStaff(email, false),
    onSuccess: async (result) => {
      toast.success(_('organiser.doorStaff.removed', { email: result.email }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
    onError: (error) => toast.error(error.message),
  });

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
                <PersonRow
                  key={entry.user_id}
                  firstName={entry.first_name}
                  lastName={entry.last_name}
                  email={entry.email}
                  detail={_('organiser.doorStaff.checkins', { count: entry.checkins })}
                >
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<UserMinus aria-hidden="true" className="size-4" />}
                    aria-label={_('organiser.doorStaff.removeLabel', { email: entry.email })}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(entry.email)}
                  >
                    {_('organiser.doorStaff.remove')}
                  </Button>
                </PersonRow>
              ))}
            </ul>
          )
        }
      </QueryState>
      <AddByEmailForm
        label={_('organiser.doorStaff.addLabel')}
        emptyMessage={_('organiser.doorStaff.emailRequired')}
        submitLabel={_('organiser.doorStaff.add')}
        busyLabel={_('organiser.doorStaff.adding')}
        icon={<DoorOpen aria-hidden="true" className="size-4" />}
        add={add.mutateAsync}
      />
    </Card>
  );
}
