import type { ReactNode } from 'react';
import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { Alert } from '../../../components/ui/Alert';
import { Button } from '../../../components/ui/Button';
import { TextField } from '../../../components/ui/TextField';
import { RecoveryCodesList } from './RecoveryCodesList';
import { useEnrolment } from './useEnrolment';

interface EnrolAuthenticatorProps {
  /** Called once the authenticator works and the recovery codes were kept. */
  onDone: () => void;
  /** Offered as a Cancel button when given. */
  onCancel?: () => void;
  /** Called when the QR code is about to be shown. */
  onStarted?: () => void;
  /** The start button's text; "Set up authenticator app" when not given. */
  startLabel?: string;
  intro?: ReactNode;
}

/**
 * Setting up an authenticator app: a QR code and the secret to type in, a first code to prove it
 * works, then ten recovery codes to keep. Used from the profile page and the organiser console.
 */
export function EnrolAuthenticator({ onDone, onCancel, onStarted, startLabel, intro }: EnrolAuthenticatorProps) {
  const { _ } = useLingui();
  const { step, busy, code, setCode, error, codeRef, start, cancel, verify } = useEnrolment({ onDone, onCancel, onStarted });

  if (step.kind === 'start') {
    return (
      <div className="flex flex-col gap-4">
        {intro}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => void start()} busy={busy} busyLabel={_('mfa.enrol.preparing')}>
            {startLabel ?? _('mfa.enrol.start')}
          </Button>
          {onCancel ? (
            <Button variant="ghost" onClick={onCancel}>
              {_('common.cancel')}
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  if (step.kind === 'codes') {
    return (
      <div className="flex flex-col gap-3">
        <h3 className="text-base font-semibold text-slate-50">{_('mfa.enrol.saveCodesTitle')}</h3>
        <RecoveryCodesList codes={step.codes} onDone={onDone} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-5">
      <ScanInstructions qrCode={step.qrCode} secret={step.secret} />
      <form noValidate onSubmit={verify} className="flex flex-col gap-4">
        <TextField
          ref={codeRef}
          label={_('mfa.enrol.codeLabel')}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={6}
          value={code}
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
          error={error}
          className="max-w-48 text-center font-mono text-xl tracking-[0.4em]"
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={busy} busyLabel={_('mfa.checking')}>
            {_('mfa.enrol.verify')}
          </Button>
          <Button variant="ghost" onClick={() => void cancel()}>
            {_('common.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** How to add the authenticator: the steps, the QR code, and the secret key to type or copy. */
function ScanInstructions({ qrCode, secret }: { qrCode: string; secret: string }) {
  const { _ } = useLingui();
  const grouped = secret.match(/.{1,4}/g)?.join(' ') ?? secret;
  return (
    <>
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-300">
        <li>{_('mfa.enrol.stepOpenApp')}</li>
        <li>{_('mfa.enrol.stepScan')}</li>
        <li>{_('mfa.enrol.stepEnterCode')}</li>
      </ol>
      <div className="flex flex-col items-center gap-4 sm:flex-row sm:items-start">
        <img src={qrCode} alt={_('mfa.enrol.qrAlt')} width={192} height={192} className="size-48 shrink-0 rounded-lg bg-white p-1" />
        <div className="flex min-w-0 flex-col gap-2">
          <p className="text-sm font-medium text-slate-200" id="totp-secret-label">
            {_('mfa.enrol.secretKey')}
          </p>
          <code
            aria-labelledby="totp-secret-label"
            data-testid="totp-secret"
            data-secret={secret}
            className="rounded-lg bg-slate-950/70 px-3 py-2 font-mono text-sm break-all text-slate-100 select-all"
          >
            {grouped}
          </code>
          <Button
            variant="secondary"
            size="sm"
            className="self-start"
            icon={<Copy aria-hidden="true" className="size-4" />}
            onClick={() =>
              void navigator.clipboard.writeText(secret).then(
                () => toast.success(_('mfa.enrol.keyCopied')),
                () => toast.error(_('mfa.enrol.keyCopyFailed')),
              )
            }
          >
            {_('mfa.enrol.copyKey')}
          </Button>
        </div>
      </div>
    </>
  );
}
