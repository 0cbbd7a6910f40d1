import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { callRpc } from '../../../lib/rpc';
import { supabase } from '../../../lib/supabase';
import { AuthShell, inlineLinkClasses } from '../AuthShell';
import { useAuth } from '../../../lib/auth';
import { verifiedFactors } from './assurance';
import { CODE_MESSAGES, isRecoveryCodeShaped, isTotpCodeShaped } from './codes';

type Mode = 'app' | 'recovery';

/**
 * The code being entered, as an authenticator code or a recovery code (`mode`), and its check: the
 * session rises to aal2 when the code is right.
 */
function useCodeEntry() {
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
    if (mode === 'app' && !isTotpCodeShaped(entered)) return fail(CODE_MESSAGES.totpShape);
    if (mode === 'recovery' && !isRecoveryCodeShaped(entered)) return fail(CODE_MESSAGES.recoveryShape);
    setError(null);
    setBusy(true);
    try {
      const { error: verifyError } = await supabase.auth.mfa.challengeAndVerify({ factorId: factor.id, code: entered });
      if (verifyError) {
        setCode('');
        return fail(verifyError.message);
      }
      if (mode === 'recovery') {
        const status = await callRpc('mfa_recovery_codes_status', {}).catch(() => null);
        const left = status ? ` You have ${status.remaining} recovery code${status.remaining === 1 ? '' : 's'} left.` : '';
        toast.success(`Recovery code accepted.${left} If you lost your authenticator, set up a new one from My Role Profile.`);
      } else {
        toast.success('Code accepted.');
      }
    } catch (unexpected) {
      fail(unexpected instanceof Error ? unexpected.message : CODE_MESSAGES.failed);
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
  const { signOut } = useAuth();
  const { mode, code, setCode, error, busy, inputRef, onSubmit, switchMode } = useCodeEntry();

  return (
    <AuthShell
      title="Two-step sign-in"
      subtitle={
        mode === 'app'
          ? 'Enter the 6-digit code your authenticator app shows for this account.'
          : 'Enter one of the recovery codes you saved when you set up your authenticator.'
      }
      documentTitle="Enter your code"
      footer={
        <p>
          Not you?{' '}
          <button type="button" className={inlineLinkClasses} onClick={() => void signOut()}>
            Sign out
          </button>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        {mode === 'app' ? (
          <TextField
            key="app"
            ref={inputRef}
            label="Authentication code"
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
            label="Recovery code"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            maxLength={20}
            autoFocus
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
            hint="Each recovery code works once."
            className="font-mono text-lg"
          />
        )}
        <Button type="submit" size="lg" busy={busy} busyLabel="Checking...">
          Verify
        </Button>
        <button type="button" className={`${inlineLinkClasses} self-center text-sm`} onClick={switchMode}>
          {mode === 'app' ? 'Lost your authenticator? Use a recovery code' : 'Use your authenticator app instead'}
        </button>
      </form>
    </AuthShell>
  );
}
