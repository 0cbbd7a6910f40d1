import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Badge, Button, Card, CardHeader, Dialog, LoadError } from '../../../components/ui';
import { callRpc } from '../../../lib/rpc';
import { queryKeys } from '../../../lib/queryKeys';
import { supabase } from '../../../lib/supabase';
import { useAuth } from '../../../lib/auth';
import { verifiedFactors } from './assurance';
import { EnrolAuthenticator } from './EnrolAuthenticator';
import { RecoveryCodesList } from './RecoveryCodesList';

/** The profile page's switch for two-step sign-in (an authenticator app), open to everyone. */
export function TwoStepSignInCard() {
  const { session, user } = useAuth();
  const queryClient = useQueryClient();
  const factor = verifiedFactors(session)[0];
  const [enrolling, setEnrolling] = useState(false);
  // The card stays on the enrolment until its recovery codes are kept, though the factor works by then.
  if (enrolling || !factor) {
    return (
      <TwoStepOff
        enrolling={enrolling}
        onEnrol={setEnrolling}
        onEnrolled={() => {
          setEnrolling(false);
          void queryClient.invalidateQueries({ queryKey: queryKeys.recoveryCodeStatus(user?.id ?? null) });
        }}
      />
    );
  }
  return <TwoStepOn factorId={factor.id} />;
}

const TITLE = 'Two-step sign-in';

/** Off: why to turn it on, and the enrolment once asked for. */
function TwoStepOff({ enrolling, onEnrol, onEnrolled }: { enrolling: boolean; onEnrol: (enrolling: boolean) => void; onEnrolled: () => void }) {
  return (
    <Card aria-labelledby="two-step-title">
      <div className="mb-4 flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-sky-300" />
        <div>
          <h2 id="two-step-title" className="text-lg font-semibold text-slate-50">
            {TITLE} <Badge className="ml-1 align-middle">Off</Badge>
          </h2>
          <p className="mt-1 text-sm text-slate-300">
            Your date of birth is easy for others to find. Add a code from an authenticator app on your phone, and nobody can sign in as you with your date of
            birth alone.
          </p>
        </div>
      </div>
      {enrolling ? (
        <EnrolAuthenticator onDone={onEnrolled} onCancel={() => onEnrol(false)} startLabel="Show QR code" />
      ) : (
        <Button onClick={() => onEnrol(true)}>Turn on two-step sign-in</Button>
      )}
    </Card>
  );
}

/** On: the recovery codes left, new ones, and turning it off. */
function TwoStepOn({ factorId }: { factorId: string }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const [confirmOff, setConfirmOff] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);
  const [makingCodes, setMakingCodes] = useState(false);

  const turnOff = async () => {
    setTurningOff(true);
    try {
      const { error } = await supabase.auth.mfa.unenroll({ factorId });
      if (error) return void toast.error(error.message);
      // The session's level changed on the server; a fresh token and user say so.
      await supabase.auth.refreshSession();
      setConfirmOff(false);
      toast.success('Two-step sign-in is off.');
    } finally {
      setTurningOff(false);
    }
  };

  const makeNewCodes = async () => {
    setMakingCodes(true);
    try {
      const { codes } = await callRpc('mfa_create_recovery_codes', {});
      setNewCodes(codes);
      void queryClient.invalidateQueries({ queryKey: queryKeys.recoveryCodeStatus(userId) });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'New recovery codes could not be made.');
    } finally {
      setMakingCodes(false);
    }
  };

  return (
    <Card aria-labelledby="two-step-title">
      <CardHeader
        title={
          <span id="two-step-title">
            {TITLE}{' '}
            <Badge tone="success" className="ml-1 align-middle">
              On
            </Badge>
          </span>
        }
        description="Each sign-in asks for the code from your authenticator app after your date of birth."
      />
      <RecoveryCodesLeft userId={userId} />
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void makeNewCodes()} busy={makingCodes} busyLabel="Making codes...">
          New recovery codes
        </Button>
        <Button variant="ghost" onClick={() => setConfirmOff(true)}>
          Turn off
        </Button>
      </div>

      <Dialog
        open={newCodes !== null}
        onOpenChange={(open) => !open && setNewCodes(null)}
        title="Your new recovery codes"
        description="Your earlier recovery codes no longer work."
      >
        {newCodes ? <RecoveryCodesList codes={newCodes} onDone={() => setNewCodes(null)} /> : null}
      </Dialog>
      <Dialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title="Turn off two-step sign-in?"
        description="Signing in will need only your e-mail address and date of birth again, and your recovery codes will stop working."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmOff(false)}>
              Keep it on
            </Button>
            <Button variant="danger" onClick={() => void turnOff()} busy={turningOff} busyLabel="Turning off...">
              Turn off
            </Button>
          </>
        }
      />
    </Card>
  );
}

/** How many recovery codes are still unused; a failed read says so, with "Try again". */
function RecoveryCodesLeft({ userId }: { userId: string | null }) {
  const remaining = useQuery({
    queryKey: queryKeys.recoveryCodeStatus(userId),
    enabled: userId !== null,
    queryFn: () => callRpc('mfa_recovery_codes_status', {}),
  });
  const left = remaining.data?.remaining;
  if (remaining.isError && left === undefined) {
    return (
      <LoadError
        title="Your recovery codes could not be counted."
        message={remaining.error.message}
        retrying={remaining.isFetching}
        onRetry={() => void remaining.refetch()}
      />
    );
  }
  return (
    <p className="text-sm text-slate-300" aria-live="polite">
      {left === undefined
        ? 'Checking your recovery codes...'
        : left === 0
          ? 'You have no recovery codes left. Make new ones so you can still sign in if you lose your phone.'
          : `You have ${left} unused recovery code${left === 1 ? '' : 's'}.`}
    </p>
  );
}
