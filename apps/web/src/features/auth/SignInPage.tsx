import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { notify as toast } from '../../lib/notify';
import { Button } from '../../components/ui/Button';
import { paths, returnPathFrom } from '../../lib/paths';
import { DateOfBirthField, EmailField } from './CredentialFields';
import { AuthShell, inlineLinkClasses } from './AuthShell';
import { useAuth } from '../../lib/auth';
import { preloadScreen } from '../../lib/preload';
import { Trans, useLingui } from '@lingui/react';
import { SIGNIN_MESSAGES } from '@mc/contract/messages.ts';
import { useCheckMessage } from '../../i18n';

type Field = 'email' | 'dateOfBirth';

export default function SignInPage() {
  const { _ } = useLingui();
  const checkMessage = useCheckMessage();
  const { signIn } = useAuth();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<{ field: Field; message: string } | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  const dateRef = useRef<HTMLInputElement>(null);

  const reject = (field: Field, message: string) => {
    setFieldError({ field, message });
    toast.error(message);
    (field === 'email' ? emailRef : dateRef).current?.focus();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const trimmedEmail = email.trim();
    if (!trimmedEmail) return reject('email', checkMessage(SIGNIN_MESSAGES.email));
    if (!dateOfBirth) return reject('dateOfBirth', checkMessage(SIGNIN_MESSAGES.dateOfBirth));
    setFieldError(null);
    setBusy(true);
    try {
      const { error, readyUserId } = await signIn(trimmedEmail, dateOfBirth);
      if (error) {
        toast.error(error.message);
        return;
      }
      const destination = returnPathFrom(location.state);
      // The session is known: the destination's data is asked for now, before its screen renders.
      if (readyUserId) preloadScreen(destination, { queryClient, userId: readyUserId });
      toast.success(_('signin.success'));
      navigate(destination, { replace: true });
    } catch (unexpected) {
      toast.error(unexpected instanceof Error ? unexpected.message : _('signin.failed'));
    } finally {
      setBusy(false);
    }
  };

  // Someone starting on the form is about to sign in: the screen they will land on loads meanwhile.
  const preloadDestination = () => preloadScreen(returnPathFrom(location.state));

  const errorFor = (field: Field) => (fieldError?.field === field ? fieldError.message : undefined);

  return (
    <AuthShell
      title={_('signin.title')}
      subtitle={_('signin.subtitle')}
      documentTitle={_('signin.documentTitle')}
      footer={
        <p>
          <Link to={paths.signUp()} className="rounded-sm text-slate-300 underline-offset-4 hover:underline">
            <Trans id="signin.noAccount" components={{ 0: <span className="font-semibold text-sky-300" /> }} />
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} onFocusCapture={preloadDestination} onPointerDownCapture={preloadDestination} className="flex flex-col gap-5">
        <EmailField ref={emailRef} value={email} onChange={(event) => setEmail(event.target.value)} error={errorFor('email')} />
        <DateOfBirthField ref={dateRef} value={dateOfBirth} onValueChange={setDateOfBirth} error={errorFor('dateOfBirth')} hint={_('signin.dateHint')} />
        <div className="-mt-2 text-right text-sm">
          <Link to={paths.resetPassword()} className={inlineLinkClasses}>
            {_('signin.forgot')}
          </Link>
        </div>
        <Button type="submit" size="lg" busy={busy} busyLabel={_('signin.busy')}>
          {_('signin.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}
