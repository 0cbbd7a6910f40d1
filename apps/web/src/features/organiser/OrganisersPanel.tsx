import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, UserMinus } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import type { OrganiserListEntry } from '@mc/contract';
import { Button, Card, CardHeader, Dialog, QueryState } from '../../components/ui';
import { queryKeys } from '../../lib/queryKeys';
import { screenKeys } from '../../lib/screenKeys';
import { useAuth } from '../../lib/auth';
import { grantOrganiser, listOrganisers, resetMfa, revokeOrganiser } from './organiserApi';
import { AddByEmailForm, PersonRow } from './PeopleByEmail';

/** Who the organisers are; grant the role by e-mail, revoke it with a confirmation. */
export function OrganisersPanel() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const organisers = useQuery({ queryKey: screenKeys.organisers, queryFn: listOrganisers });
  const [revoking, setRevoking] = useState<OrganiserListEntry | null>(null);
  const [resetting, setResetting] = useState<OrganiserListEntry | null>(null);

  return (
    <Card>
      <CardHeader title={_('organiser.organisers.title')} description={_('organiser.organisers.description')} />
      <QueryState query={organisers} loading={_('organiser.organisers.loading')} errorTitle={_('organiser.organisers.loadFailed')}>
        {(data) => (
          <ul aria-label={_('organiser.organisers.title')} className="mb-5 flex flex-col divide-y divide-slate-700/70">
            {data.map((entry) => (
              <OrganiserRow key={entry.user_id} entry={entry} isSelf={entry.user_id === user?.id} onReset={setResetting} onRevoke={setRevoking} />
            ))}
          </ul>
        )}
      </QueryState>
      <GrantOrganiserForm />
      <ResetTwoStepDialog entry={resetting} onClose={() => setResetting(null)} />
      <RevokeOrganiserDialog entry={revoking} selfId={user?.id ?? null} onClose={() => setRevoking(null)} />
    </Card>
  );
}

interface OrganiserRowProps {
  entry: OrganiserListEntry;
  /** The signed-in organiser: their own two-step sign-in is not reset from here. */
  isSelf: boolean;
  onReset: (entry: OrganiserListEntry) => void;
  onRevoke: (entry: OrganiserListEntry) => void;
}

function OrganiserRow({ entry, isSelf, onReset, onRevoke }: OrganiserRowProps) {
  const { _ } = useLingui();
  return (
    <PersonRow firstName={entry.first_name} lastName={entry.last_name} email={entry.email}>
      {isSelf ? null : (
        <Button
          variant="ghost"
          size="sm"
          icon={<KeyRound aria-hidden="true" className="size-4" />}
          aria-label={_('organiser.organisers.resetLabel', { email: entry.email })}
          onClick={() => onReset(entry)}
        >
          {_('organiser.organisers.reset')}
        </Button>
      )}
      <Button
        variant="ghost"
        size="sm"
        icon={<UserMinus aria-hidden="true" className="size-4" />}
        aria-label={_('organiser.organisers.revokeLabel', { email: entry.email })}
        onClick={() => onRevoke(entry)}
      >
        {_('organiser.organisers.revoke')}
      </Button>
    </PersonRow>
  );
}

/** Grants the organiser role to the account with the e-mail address entered. */
function GrantOrganiserForm() {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const grant = useMutation({
    mutationFn: grantOrganiser,
    onSuccess: async (change) => {
      toast.success(_(change.changed ? 'organiser.organisers.granted' : 'organiser.organisers.alreadyOrganiser', { email: change.email }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
  });
  return (
    <AddByEmailForm
      label={_('organiser.organisers.grantLabel')}
      hint={_('organiser.organisers.grantHint')}
      emptyMessage={_('organiser.organisers.emailRequired')}
      submitLabel={_('organiser.organisers.grant')}
      busyLabel={_('organiser.organisers.granting')}
      icon={<ShieldCheck aria-hidden="true" className="size-4" />}
      add={grant.mutateAsync}
    />
  );
}

/** Asks before resetting the two-step sign-in of `entry` (open while there is one). */
function ResetTwoStepDialog({ entry, onClose }: { entry: OrganiserListEntry | null; onClose: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: resetMfa,
    onSuccess: async (result) => {
      onClose();
      toast.success(_(result.factors_removed > 0 ? 'organiser.organisers.resetDone' : 'organiser.organisers.resetNothing', { email: result.email }));
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
    onError: (error) => {
      onClose();
      toast.error(error.message);
    },
  });
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={_('organiser.organisers.resetTitle')}
      description={entry ? _('organiser.organisers.resetDescription', { email: entry.email }) : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {_('organiser.common.cancel')}
          </Button>
          <Button variant="danger" busy={reset.isPending} busyLabel={_('organiser.organisers.resetting')} onClick={() => entry && reset.mutate(entry.email)}>
            {_('organiser.organisers.resetConfirm')}
          </Button>
        </>
      }
    />
  );
}

/** Asks before revoking the organiser role of `entry` (open while there is one); `selfId` is the signed-in person. */
function RevokeOrganiserDialog({ entry, selfId, onClose }: { entry: OrganiserListEntry | null; selfId: string | null; onClose: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: revokeOrganiser,
    onSuccess: async (change) => {
      onClose();
      toast.success(_('organiser.organisers.revoked', { email: change.email }));
      // Revoking yourself hides the console at once.
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiserStatus(selfId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
    onError: (error) => {
      onClose();
      toast.error(error.message);
    },
  });
  return (
    <Dialog
      open={entry !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={_('organiser.organisers.revokeTitle')}
      description={
        entry
          ? _(entry.user_id === selfId ? 'organiser.organisers.revokeSelfDescription' : 'organiser.organisers.revokeDescription', { email: entry.email })
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {_('organiser.common.cancel')}
          </Button>
          <Button variant="danger" busy={revoke.isPending} busyLabel={_('organiser.organisers.revoking')} onClick={() => entry && revoke.mutate(entry.email)}>
            {_('organiser.organisers.revokeConfirm')}
          </Button>
        </>
      }
    />
  );
}
