import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, UserMinus } from 'lucide-react';
import { toast } from 'sonner';
import type { OrganiserListEntry } from '@mc/contract';
import { Button, Card, CardHeader, Dialog, QueryState, TextField } from '../../components/ui';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../../lib/auth';

const organisersKey = [...queryKeys.organiser, 'organisers'] as const;

/** Who the organisers are; grant the role by e-mail, revoke it with a confirmation. */
export function OrganisersPanel() {
  const { user } = useAuth();
  const organisers = useQuery({ queryKey: organisersKey, queryFn: () => callRpc('list_organisers', {}) });
  const [revoking, setRevoking] = useState<OrganiserListEntry | null>(null);
  const [resetting, setResetting] = useState<OrganiserListEntry | null>(null);

  return (
    <Card>
      <CardHeader title="Organisers" description="Organisers can open this console. They stay attendees too. Every change is in the audit log." />
      <QueryState query={organisers} loading="Loading organisers..." errorTitle="The organisers could not be loaded">
        {(data) => (
          <ul aria-label="Organisers" className="mb-5 flex flex-col divide-y divide-slate-700/70">
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
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium break-all text-slate-50">
          {entry.first_name} {entry.last_name}
        </p>
        <p className="text-sm break-all text-slate-300">{entry.email}</p>
      </div>
      <div className="flex flex-wrap gap-1">
        {isSelf ? null : (
          <Button
            variant="ghost"
            size="sm"
            icon={<KeyRound aria-hidden="true" className="size-4" />}
            aria-label={`Reset two-step sign-in of ${entry.email}`}
            onClick={() => onReset(entry)}
          >
            Reset two-step sign-in
          </Button>
        )}
        <Button
          variant="ghost"
          size="sm"
          icon={<UserMinus aria-hidden="true" className="size-4" />}
          aria-label={`Revoke organiser role from ${entry.email}`}
          onClick={() => onRevoke(entry)}
        >
          Revoke
        </Button>
      </div>
    </li>
  );
}

/** Grants the organiser role to the account with the e-mail address entered. */
function GrantOrganiserForm() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [grantError, setGrantError] = useState<string | null>(null);
  const grant = useMutation({
    mutationFn: (address: string) => callRpc('grant_organiser', { p_email: address }),
    onSuccess: async (change) => {
      setEmail('');
      setGrantError(null);
      toast.success(change.changed ? `${change.email} is now an organiser` : `${change.email} was already an organiser`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
    onError: (error) => setGrantError(error.message),
  });

  const onGrant = (event: FormEvent) => {
    event.preventDefault();
    if (!email.trim()) {
      setGrantError('Enter the e-mail address of the account to make an organiser');
      return;
    }
    grant.mutate(email.trim());
  };

  return (
    <form onSubmit={onGrant} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <TextField
        label="Make an organiser"
        type="email"
        autoComplete="off"
        hint="The e-mail address the person signed up with."
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={grantError ?? undefined}
        containerClassName="flex-1"
      />
      <Button type="submit" busy={grant.isPending} busyLabel="Granting..." icon={<ShieldCheck aria-hidden="true" className="size-4" />} className="sm:mb-6">
        Grant role
      </Button>
    </form>
  );
}

/** Asks before resetting the two-step sign-in of `entry` (open while there is one). */
function ResetTwoStepDialog({ entry, onClose }: { entry: OrganiserListEntry | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const reset = useMutation({
    mutationFn: (address: string) => callRpc('reset_mfa', { p_email: address }),
    onSuccess: async (result) => {
      onClose();
      toast.success(
        result.factors_removed > 0
          ? `Two-step sign-in of ${result.email} is reset. They set up a new authenticator when they next open the console.`
          : `${result.email} had no two-step sign-in; nothing changed.`,
      );
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
      title="Reset two-step sign-in?"
      description={
        entry
          ? `For someone who lost their authenticator. ${entry.email}'s authenticator and recovery codes stop working; they sign in with their date of birth and must set up a new authenticator before using the console. This is recorded in the audit log.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={reset.isPending} busyLabel="Resetting..." onClick={() => entry && reset.mutate(entry.email)}>
            Reset
          </Button>
        </>
      }
    />
  );
}

/** Asks before revoking the organiser role of `entry` (open while there is one); `selfId` is the signed-in person. */
function RevokeOrganiserDialog({ entry, selfId, onClose }: { entry: OrganiserListEntry | null; selfId: string | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const revoke = useMutation({
    mutationFn: (address: string) => callRpc('revoke_organiser', { p_email: address }),
    onSuccess: async (change) => {
      onClose();
      toast.success(`${change.email} is no longer an organiser`);
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
      title="Revoke the organiser role?"
      description={
        entry
          ? `${entry.email} will no longer be able to open the organiser console${entry.user_id === selfId ? ' (this is you)' : ''}. Their attendee account stays as it is.`
          : undefined
      }
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="danger" busy={revoke.isPending} busyLabel="Revoking..." onClick={() => entry && revoke.mutate(entry.email)}>
            Revoke role
          </Button>
        </>
      }
    />
  );
}
