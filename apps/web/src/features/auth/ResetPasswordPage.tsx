import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { notify as toast } from '../../lib/notify';
import { dateOfBirthProblem, isValidEmailAddress, SIGNIN_MESSAGES, SIGNUP_MESSAGES } from '@mc/contract';
import { Alert } from '../../components/ui/Alert';
import { Button } from '../../components/ui/Button';
import { PageSpinner } from '../../components/ui/Spinner';
import { initialAuthRedirect } from '../../lib/authRedirect';
import { paths } from '../../lib/paths';
import { DateOfBirthField, EmailField } from './CredentialFields';
import { AuthShell, inlineLinkClasses } from './AuthShell';
import { useAuth } from '../../lib/auth';
import { Trans, useLingui } from '@lingui/react';
import { useCheckMessage } from '../../i18n';

/**
 * /reset-password (docs/product.md#reset-password-screen).
 * Without a recovery session: ask for the reset mail. The mailed link comes back here with a
 * recovery session: choose the date of birth to sign in with from now on, then go to /dashboard.
 */
export default function ResetPasswordPage() {
  const { status, isPasswordRecovery } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedIn' && isPasswordRecovery) return <NewDateOfBirthForm />;
  return <RequestResetForm />;
}

function RequestResetForm() {
  const { _ } = useLingui();
  const checkMessage = useCheckMessage();
  const { requestPasswordReset } = useAuth();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const linkProblem = initialAuthRedirect.errorDescription;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const trimmed = email.trim();
    const problem = !trimmed ? SIGNIN_MESSAGES.email : !isValidEmailAddress(trimmed) ? SIGNUP_MESSAGES.email : null;
    if (problem) {
      const shown = checkMessage(problem);
      setError(shown);
      toast.error(shown);
      emailRef.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await requestPasswordReset(trimmed);
      if (result.error) {
        toast.error(result.error.message);
        return;
      }
      setSentTo(trimmed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell
      title={_('reset.title')}
      subtitle={_('reset.subtitle')}
      documentTitle={_('reset.documentTitle')}
      footer={
        <p>
          <Trans id="reset.remembered" components={{ 0: <Link to={paths.signIn()} className={inlineLinkClasses} /> }} />
        </p>
      }
    >
      {linkProblem && !sentTo ? (
        <Alert tone="error" title={_('reset.linkFailed')} className="mb-5">
          {_('reset.linkFailedBody', { problem: linkProblem })}
        </Alert>
      ) : null}
      {sentTo ? (
        <Alert tone="success" title={_('reset.sentTitle')}>
          <Trans id="reset.sentBody" values={{ email: sentTo }} components={{ 0: <strong /> }} />
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <EmailField ref={emailRef} value={email} onChange={(event) => setEmail(event.target.value)} error={error ?? undefined} />
          <Button type="submit" size="lg" busy={busy} busyLabel={_('reset.busy')}>
            {_('reset.submit')}
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

function NewDateOfBirthForm() {
  const { _ } = useLingui();
  const checkMessage = useCheckMessage();
  const { updateDateOfBirth, user } = useAuth();
  const navigate = useNavigate();
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const dateRef = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const problem = dateOfBirthProblem(dateOfBirth, new Date(), 'reset');
    if (problem) {
      const shown = checkMessage(problem);
      setError(shown);
      toast.error(shown);
      dateRef.current?.focus();
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const result = await updateDateOfBirth(dateOfBirth);
      if (result.error) {
        toast.error(result.error.message);
        return;
      }
      toast.success(_('newDate.success'));
      navigate(paths.dashboard(), { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={_('newDate.title')} subtitle={_('newDate.subtitle')} documentTitle={_('newDate.documentTitle')}>
      {user?.email ? (
        <p className="mb-5 text-sm text-slate-300">
          <Trans id="newDate.account" values={{ email: user.email }} components={{ 0: <strong className="text-slate-100" /> }} />
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <DateOfBirthField ref={dateRef} label={_('newDate.label')} value={dateOfBirth} onValueChange={setDateOfBirth} error={error ?? undefined} />
        <Button type="submit" size="lg" busy={busy} busyLabel={_('newDate.busy')}>
          {_('newDate.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
