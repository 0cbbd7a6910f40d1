import { useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { supabase } from '../../../lib/supabase';
import { i18n } from '../../../i18n/i18n';
import { CODE_MESSAGES, isTotpCodeShaped } from './codes';
import { createRecoveryCodes } from './mfaApi';

export type EnrolStep = { kind: 'start' } | { kind: 'scan'; factorId: string; qrCode: string; secret: string } | { kind: 'codes'; codes: string[] };

interface EnrolmentCallbacks {
  onDone: () => void;
  onCancel?: (() => void) | undefined;
  onStarted?: (() => void) | undefined;
}

/**
 * The enrolment's steps: start (a new factor, its QR code and secret), verify its first code (then
 * ten recovery codes), or cancel (the unfinished factor is removed).
 */
export function useEnrolment({ onDone, onCancel, onStarted }: EnrolmentCallbacks) {
  const [step, setStep] = useState<EnrolStep>({ kind: 'start' });
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const codeRef = useRef<HTMLInputElement>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      // The factor's name is only stored by the auth server (no screen shows it), so it stays one fixed name.
      const { data, error: enrolError } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Authenticator app' });
      if (enrolError) return setError(enrolError.message);
      onStarted?.();
      setStep({ kind: 'scan', factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
      queueMicrotask(() => codeRef.current?.focus());
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    // An unfinished enrolment is harmless (the next one replaces it), but leave nothing behind.
    if (step.kind === 'scan') await supabase.auth.mfa.unenroll({ factorId: step.factorId });
    setStep({ kind: 'start' });
    setCode('');
    setError(null);
    onCancel?.();
  };

  const verify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || step.kind !== 'scan') return;
    const entered = code.trim();
    if (!isTotpCodeShaped(entered)) {
      setError(CODE_MESSAGES.totpShape());
      codeRef.current?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { error: verifyError } = await supabase.auth.mfa.challengeAndVerify({ factorId: step.factorId, code: entered });
      if (verifyError) {
        setError(verifyError.message);
        setCode('');
        codeRef.current?.focus();
        return;
      }
      toast.success(i18n._('mfa.enrol.ready'));
      try {
        const { codes } = await createRecoveryCodes();
        setStep({ kind: 'codes', codes });
      } catch {
        toast.error(i18n._('mfa.enrol.codesFailed'));
        onDone();
      }
    } finally {
      setBusy(false);
    }
  };

  return { step, busy, code, setCode, error, codeRef, start, cancel, verify };
}
