import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { KeyRound, ShieldCheck, UserMinus } from 'lucide-react';
import { toast } from 'sonner';
import type { OrganiserListEntry } from '@mc/contract';
import { Button, Card, CardHeader, Dialog, TextField, QueryState } from '../../components/ui';
import { callRpc } from '../../lib/rpc';
import { queryKeys } from '../../lib/queryKeys';
import { useAuth } from '../../lib/auth';

const organisersKey = [...queryKeys.organiser, 'organisers'] as const;

/** Who the organisers are; grant the role by e-mail, revoke it with a confirmation. */
export function OrganisersPanel() {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const organisers = useQuery({ queryKey: organisersKey, queryFn: () => callRpc('list_organisers', {}) });
  const [email, setEmail] = useState('');
  const [grantError, setGrantError] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<OrganiserListEntry | null>(null);
  const [resetting, setResetting] = useState<OrganiserListEntry | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
  const grant = useMutation({
    mutationFn: (address: string) => callRpc('grant_organiser', { p_email: address }),
    onSuccess: async (change) => {
      setEmail('');
      setGrantError(null);
      toast.success(change.changed ? `${change.email} is now an organiser` : `${change.email} was already an organiser`);
      await refresh();
    },
    onError: (error) => setGrantError(error.message),
  });
  const revoke = useMutation({
    mutationFn: (address: string) => callRpc('revoke_organiser', { p_email: address }),
    onSuccess: async (change) => {
      setRevoking(null);
      toast.success(`${change.email} is no longer an organiser`);
      // Revoking yourself hides the console at once.
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiserStatus(user?.id ?? null) });
      await refresh();
    },
    onError: (error) => {
      setRevoking(null);
      toast.error(error.message);
    },
  });

  const reset = useMutation({
    mutationFn: (address: string) => callRpc('reset_mfa', { p_email: address }),
    onSuccess: async (result) => {
      setResetting(null);
      toast.success(
        result.factors_removed > 0
          ? `Two-step sign-in of ${result.email} is reset. They set up a new authenticator when they next open the console.`
          : `${result.email} had no two-step sign-in; nothing changed.`,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.organiser });
    },
    onError: (error) => {
      setResetting(null);
      toast.error(error.message);
    },
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
    <Card>
      <CardHeader title="Organisers" description="Organisers can open this console. They stay attendees too. Every change is in the audit log." />
      <QueryState query={organisers} loading="Loading organisers..." errorTitle="The organisers could not be loaded">
        {(data) => (
          <ul aria-label="Organisers" className="mb-5 flex flex-col divide-y divide-slate-700/70">
            {data.map((entry) => (
              <li key={entry.user_id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium break-all text-slate-50">
                    {entry.first_name} {entry.last_name}
                  </p>
                  <p className="text-sm break-all text-slate-300">{entry.email}</p>
                </div>
                <div className="flex flex-wrap gap-1">
                  {entry.user_id === user?.id ? null : (
                    <Button
                      variant="ghost"
                      size="sm"
                      icon={<KeyRound aria-hidden="true" className="size-4" />}
                      aria-label={`Reset two-step sign-in of ${entry.email}`}
                      onClick={() => setResetting(entry)}
                    >
                      Reset two-step sign-in
                    </Button>
                  )}
                  <Button
                    variant="ghost"
                    size="sm"
                    icon={<UserMinus aria-hidden="true" className="size-4" />}
                    aria-label={`Revoke organiser role from ${entry.email}`}
                    onClick={() => setRevoking(entry)}
                  >
                    Revoke
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
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
      <Dialog
        open={resetting !== null}
        onOpenChange={(open) => (open ? undefined : setResetting(null))}
        title="Reset two-step sign-in?"
        description={
          resetting
            ? `For someone who lost their authenticator. ${resetting.email}'s authenticator and recovery codes stop working; they sign in with their date of birth and must set up a new authenticator before using the console. This is recorded in the audit log.`
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setResetting(null)}>
              Cancel
            </Button>
            <Button variant="danger" busy={reset.isPending} busyLabel="Resetting..." onClick={() => resetting && reset.mutate(resetting.email)}>
              Reset
            </Button>
          </>
        }
      />
      <Dialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title="Revoke the organiser role?"
        description={
          revoking
            ? `${revoking.email} will no longer be able to open the organiser console${revoking.user_id === user?.id ? ' (this is you)' : ''}. Their attendee account stays as it is.`
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button variant="danger" busy={revoke.isPending} busyLabel="Revoking..." onClick={() => revoking && revoke.mutate(revoking.email)}>
              Revoke role
            </Button>
          </>
        }
      />
    </Card>
  );
}
