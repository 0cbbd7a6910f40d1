import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { supabase } from '../../../lib/supabase';
import { AuthShell, inlineLinkClasses } from '../AuthShell';
import { useAuth } from '../../../lib/auth';
import { verifiedFactors } from './assurance';
import { CODE_MESSAGES, isRecoveryCodeShaped, isTotpCodeShaped } from './codes';
import { recoveryCodesStatus } from './mfaApi';

type Mode = 'app' | 'recovery';

/**
 * The code being entered, as an authenticator code or a recovery code (`mode`), and its check: the
 * session rises to aal2 when the code is right.
 */
function useCodeEntry() {
  const { _ } = useLingui();
  const { session } = useAuth();
  const [mode, setMode] = useState<Mode>('app');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const factor = verifiedFactors(session)[0];

  const fail = (message: string) => {
    setError(message);
    inputRef.current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || !factor) return;
    const entered = code.trim();
    if (mode === 'app' && !isTotpCodeShaped(entered)) return fail(CODE_MESSAGES.totpShape());
    if (mode === 'recovery' && !isRecoveryCodeShaped(entered)) return fail(CODE_MESSAGES.recoveryShape());
    setError(null);
    setBusy(true);
    try {
      const { error: verifyError } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: entered });
      if (verifyError) {
        setCode('');
        return fail(verifyError.message);
      }
      if (mode === 'recovery') {
        const status = await recoveryCodesStatus().catch(() => null);
        // Without the count (its read failed) the message leaves it out.
        toast.success(status ? _('mfa.secondFactor.recoveryAcceptedLeft', { count: status.remaining }) : _('mfa.secondFactor.recoveryAccepted'));
      } else {
        toast.success(_('mfa.secondFactor.codeAccepted'));
      }
    } catch (unexpected) {
      fail(unexpected instanceof Error ? unexpected.message : CODE_MESSAGES.failed());
    } finally {
      setBusy(false);
    }
  };

  const switchMode = () => {
    setMode(mode === 'app' ? 'recovery' : 'app');
    setCode('');
    setError(null);
    queueMicrotask(() => inputRef.current?.focus());
  };

  return { mode, code, setCode, error, busy, inputRef, onSubmit, switchMode };
}

/**
 * The code prompt: shown instead of any signed-in screen while a person with an authenticator has
 * only entered their date of birth in this session. A recovery code works here too.
 */
export default function SecondFactorPage() {
  const { _ } = useLingui();
  const { signOut } = useAuth();
  const { mode, code, setCode, error, busy, inputRef, onSubmit, switchMode } = useCodeEntry();

  return (
    <AuthShell
      title={_('mfa.title')}
      subtitle={mode === 'app' ? _('mfa.secondFactor.subtitleApp') : _('mfa.secondFactor.subtitleRecovery')}
      documentTitle={_('mfa.secondFactor.documentTitle')}
      footer={
        <p>
          <Trans id="mfa.secondFactor.notYou" components={{ 0: <button type="button" className={inlineLinkClasses} onClick={() => void signOut()} /> }} />
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {mode === 'app' ? (
          <TextField
            key="app"
            ref={inputRef}
            label={_('mfa.secondFactor.appCodeLabel')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
            error={error}
            className="text-center font-mono text-2xl tracking-[0.5em]"
          />
        ) : (
          <TextField
            key="recovery"
            ref={inputRef}
            label={_('mfa.secondFactor.recoveryCodeLabel')}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
            hint={_('mfa.secondFactor.recoveryHint')}
            className="font-mono text-lg"
          />
        )}
        <Button type="submit" size="lg" busy={busy} busyLabel={_('mfa.checking')}>
          {_('mfa.secondFactor.verify')}
        </Button>
        <button type="button" className={`${inlineLinkClasses} self-center text-sm`} onClick={switchMode}>
          {mode === 'app' ? _('mfa.secondFactor.useRecovery') : _('mfa.secondFactor.useApp')}
        </button>
      </form>
    </AuthShell>
  );
}
