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
      setError(problem);
      toast.error(problem);
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
      title="Forgot your date of birth?"
      subtitle="We will e-mail you a link to choose the date you sign in with."
      documentTitle="Reset sign-in"
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.signIn()} className={inlineLinkClasses}>
            Back to sign in
          </Link>
        </p>
      }
    >
      {linkProblem && !sentTo ? (
        <Alert tone="error" title="That reset link did not work" className="mb-5">
          {linkProblem}. Ask for a new link below.
        </Alert>
      ) : null}
      {sentTo ? (
        <Alert tone="success" title="Check your inbox">
          If an account exists for <strong>{sentTo}</strong>, a reset link is on its way. Open it on this device to continue.
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <EmailField ref={emailRef} value={email} onChange={(event) => setEmail(event.target.value)} error={error ?? undefined} />
          <Button type="submit" size="lg" busy={busy} busyLabel="Sending...">
            Send Reset Link
          </Button>
        </form>
      )}
    </AuthShell>
  );
}

function NewDateOfBirthForm() {
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
      setError(problem);
      toast.error(problem);
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
      toast.success('Your date of birth has been updated. You are signed in.');
      navigate(paths.dashboard(), { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title="Set your date of birth" subtitle="Choose the date of birth you will sign in with from now on." documentTitle="Set date of birth">
      {user?.email ? (
        <p className="mb-5 text-sm text-slate-300">
          Account: <strong className="text-slate-100">{user.email}</strong>
        </p>
      ) : null}
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <DateOfBirthField ref={dateRef} label="New Date of Birth" value={dateOfBirth} onValueChange={setDateOfBirth} error={error ?? undefined} />
        <Button type="submit" size="lg" busy={busy} busyLabel="Saving...">
          Save and Continue
        </Button>
      </form>
    </AuthShell>
  );
}
