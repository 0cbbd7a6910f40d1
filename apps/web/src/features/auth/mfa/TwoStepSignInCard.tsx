import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Badge, Button, Card, CardHeader, Dialog, LoadError } from '../../../components/ui';
import { queryKeys } from '../../../lib/queryKeys';
import { supabase } from '../../../lib/supabase';
import { useAuth } from '../../../lib/auth';
import { verifiedFactors } from './assurance';
import { EnrolAuthenticator } from './EnrolAuthenticator';
import { RecoveryCodesList } from './RecoveryCodesList';
import { createRecoveryCodes, recoveryCodesStatus } from './mfaApi';

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

/** Off: why to turn it on, and the enrolment once asked for. */
function TwoStepOff({ enrolling, onEnrol, onEnrolled }: { enrolling: boolean; onEnrol: (enrolling: boolean) => void; onEnrolled: () => void }) {
  const { _ } = useLingui();
  return (
    <Card aria-labelledby="two-step-title">
      <div className="mb-4 flex items-start gap-3">
        <ShieldCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-sky-300" />
        <div>
          <h2 id="two-step-title" className="text-lg font-semibold text-slate-50">
            {_('mfa.title')} <Badge className="ml-1 align-middle">{_('mfa.card.off')}</Badge>
          </h2>
          <p className="mt-1 text-sm text-slate-300">{_('mfa.card.offIntro')}</p>
        </div>
      </div>
      {enrolling ? (
        <EnrolAuthenticator onDone={onEnrolled} onCancel={() => onEnrol(false)} startLabel={_('mfa.card.showQrCode')} />
      ) : (
        <Button onClick={() => onEnrol(true)}>{_('mfa.card.turnOn')}</Button>
      )}
    </Card>
  );
}

/** On: the recovery codes left, new ones, and turning it off. */
function TwoStepOn({ factorId }: { factorId: string }) {
  const { _ } = useLingui();
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
      toast.success(_('mfa.card.turnedOff'));
    } finally {
      setTurningOff(false);
    }
  };

  const makeNewCodes = async () => {
    setMakingCodes(true);
    try {
      const { codes } = await createRecoveryCodes();
      setNewCodes(codes);
      void queryClient.invalidateQueries({ queryKey: queryKeys.recoveryCodeStatus(userId) });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : _('mfa.card.newCodesFailed'));
    } finally {
      setMakingCodes(false);
    }
  };

  return (
    <Card aria-labelledby="two-step-title">
      <CardHeader
        title={
          <span id="two-step-title">
            {_('mfa.title')}{' '}
            <Badge tone="success" className="ml-1 align-middle">
              {_('mfa.card.on')}
            </Badge>
          </span>
        }
        description={_('mfa.card.onDescription')}
      />
      <RecoveryCodesLeft userId={userId} />
      <div className="mt-4 flex flex-wrap gap-2">
        <Button variant="secondary" onClick={() => void makeNewCodes()} busy={makingCodes} busyLabel={_('mfa.card.makingCodes')}>
          {_('mfa.card.newCodes')}
        </Button>
        <Button variant="ghost" onClick={() => setConfirmOff(true)}>
          {_('mfa.card.turnOff')}
        </Button>
      </div>

      <Dialog
        open={newCodes !== null}
        onOpenChange={(open) => !open && setNewCodes(null)}
        title={_('mfa.card.newCodesTitle')}
        description={_('mfa.card.newCodesDescription')}
      >
        {newCodes ? <RecoveryCodesList codes={newCodes} onDone={() => setNewCodes(null)} /> : null}
      </Dialog>
      <Dialog
        open={confirmOff}
        onOpenChange={setConfirmOff}
        title={_('mfa.card.confirmOffTitle')}
        description={_('mfa.card.confirmOffDescription')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmOff(false)}>
              {_('mfa.card.keepOn')}
            </Button>
            <Button variant="danger" onClick={() => void turnOff()} busy={turningOff} busyLabel={_('mfa.card.turningOff')}>
              {_('mfa.card.turnOff')}
            </Button>
          </>
        }
      />
    </Card>
  );
}

/** How many recovery codes are still unused; a failed read says so, with "Try again". */
function RecoveryCodesLeft({ userId }: { userId: string | null }) {
  const { _ } = useLingui();
  const remaining = useQuery({
    queryKey: queryKeys.recoveryCodeStatus(userId),
    enabled: userId !== null,
    queryFn: recoveryCodesStatus,
  });
  const left = remaining.data?.remaining;
  if (remaining.isError && left === undefined) {
    return (
      <LoadError title={_('mfa.card.countFailed')} message={remaining.error.message} retrying={remaining.isFetching} onRetry={() => void remaining.refetch()} />
    );
  }
  return (
    <p className="text-sm text-slate-300" aria-live="polite">
      {left === undefined ? _('mfa.card.checkingCodes') : left === 0 ? _('mfa.card.noCodesLeft') : _('mfa.card.codesLeft', { count: left })}
    </p>
  );
}
