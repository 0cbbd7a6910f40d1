import { useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router';
import { notify as toast } from '../../lib/notify';
import { firstSignupError, SIGNUP_MESSAGES, type SignupFields } from '@mc/contract';
import { Button } from '../../components/ui/Button';
import { TextField, FieldFrame, describedBy, fieldControlClasses } from '../../components/ui/TextField';
import { cn } from '../../components/ui/cn';
import { paths } from '../../lib/paths';
import { DateOfBirthField, EmailField } from './CredentialFields';
import { AuthShell } from './AuthShell';
import { countriesIn, countryByCode, DEFAULT_COUNTRY_CODE, digitsOnly, fullMobileNumber } from './countries';
import { useAuth } from '../../lib/auth';
import { Trans, useLingui } from '@lingui/react';
import { MIN_AGE } from '@mc/contract/constants.ts';
import { useCheckMessage } from '../../i18n';

type Field = 'firstName' | 'lastName' | 'email' | 'dateOfBirth' | 'mobileNumber';

/** Which field each sign-up message belongs to, so the message shows under it and focus moves there. */
const FIELD_OF_MESSAGE: Record<string, Field> = {
  [SIGNUP_MESSAGES.firstName]: 'firstName',
  [SIGNUP_MESSAGES.lastName]: 'lastName',
  [SIGNUP_MESSAGES.email]: 'email',
  [SIGNUP_MESSAGES.dateOfBirth]: 'dateOfBirth',
  [SIGNUP_MESSAGES.dateOfBirthImplausible]: 'dateOfBirth',
  [SIGNUP_MESSAGES.age]: 'dateOfBirth',
  [SIGNUP_MESSAGES.mobileRequired]: 'mobileNumber',
  [SIGNUP_MESSAGES.mobileInvalid]: 'mobileNumber',
};

/** Creates the account from checked fields, then goes to the dashboard; `busy` meanwhile. */
function useCreateAccount() {
  const { _ } = useLingui();
  const { signUp } = useAuth();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const createAccount = async (fields: SignupFields) => {
    setBusy(true);
    try {
      const { error } = await signUp(fields);
      if (error) {
        toast.error(error.message);
        return;
      }
      toast.success(_('signup.success'));
      navigate(paths.dashboard(), { replace: true });
    } catch (unexpected) {
      toast.error(unexpected instanceof Error ? unexpected.message : _('signup.failed'));
    } finally {
      setBusy(false);
    }
  };
  return { busy, createAccount };
}

export default function SignUpPage() {
  const { _ } = useLingui();
  const checkMessage = useCheckMessage();
  const { busy, createAccount } = useCreateAccount();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [email, setEmail] = useState('');
  const [dateOfBirth, setDateOfBirth] = useState('');
  const [countryCode, setCountryCode] = useState(DEFAULT_COUNTRY_CODE);
  const [mobileDigits, setMobileDigits] = useState('');
  const [fieldError, setFieldError] = useState<{ field: Field; message: string } | null>(null);
  const refs = {
    firstName: useRef<HTMLInputElement>(null),
    lastName: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    dateOfBirth: useRef<HTMLInputElement>(null),
    mobileNumber: useRef<HTMLInputElement>(null),
  };

  const country = countryByCode(countryCode);
  const mobileNumber = fullMobileNumber(country, mobileDigits);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const fields: SignupFields = { firstName: firstName.trim(), lastName: lastName.trim(), email: email.trim(), dateOfBirth, mobileNumber };
    const problem = firstSignupError(fields);
    if (problem) {
      const field = FIELD_OF_MESSAGE[problem] ?? 'firstName';
      const shown = checkMessage(problem);
      setFieldError({ field, message: shown });
      toast.error(shown);
      refs[field].current?.focus();
      return;
    }
    setFieldError(null);
    await createAccount(fields);
  };

  const errorFor = (field: Field) => (fieldError?.field === field ? fieldError.message : undefined);

  return (
    <AuthShell title={_('signup.title')} subtitle={_('signup.subtitle')} documentTitle={_('signup.documentTitle')} footer={<SignUpLinks />}>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            ref={refs.firstName}
            label={_('signup.firstName')}
            name="firstName"
            autoComplete="given-name"
            value={firstName}
            onChange={(event) => setFirstName(event.target.value)}
            error={errorFor('firstName')}
            required
          />
          <TextField
            ref={refs.lastName}
            label={_('signup.lastName')}
            name="lastName"
            autoComplete="family-name"
            value={lastName}
            onChange={(event) => setLastName(event.target.value)}
            error={errorFor('lastName')}
            required
          />
        </div>
        <EmailField ref={refs.email} value={email} onChange={(event) => setEmail(event.target.value)} error={errorFor('email')} />
        <DateOfBirthField
          ref={refs.dateOfBirth}
          value={dateOfBirth}
          onValueChange={setDateOfBirth}
          error={errorFor('dateOfBirth')}
          hint={_('signup.dateHint', { minAge: MIN_AGE })}
        />
        <MobileNumberField
          inputRef={refs.mobileNumber}
          countryCode={countryCode}
          onCountryChange={setCountryCode}
          digits={mobileDigits}
          onDigitsChange={setMobileDigits}
          error={errorFor('mobileNumber')}
        />
        <Button type="submit" size="lg" busy={busy} busyLabel={_('signup.busy')}>
          {_('signup.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}

interface MobileNumberFieldProps {
  inputRef: RefObject<HTMLInputElement | null>;
  countryCode: string;
  onCountryChange: (code: string) => void;
  /** The number without its dial code, digits only. */
  digits: string;
  onDigitsChange: (digits: string) => void;
  error: string | undefined;
}

/** The mobile number: the country (giving the dial code) and the digits after it. */
function MobileNumberField({ inputRef, countryCode, onCountryChange, digits, onDigitsChange, error }: MobileNumberFieldProps) {
  const { _, i18n } = useLingui();
  return (
    <FieldFrame id="signup-mobile" label={_('signup.mobile')} required error={error} hint={_('signup.mobileHint')}>
      {/* The country on its own line, so its name is never cut; its flag shows there, once. */}
      <div className="flex flex-col gap-2">
        <label htmlFor="signup-country" className="sr-only">
          {_('signup.country')}
        </label>
        <select
          id="signup-country"
          name="country"
          autoComplete="country"
          value={countryCode}
          onChange={(event) => onCountryChange(event.target.value)}
          className={fieldControlClasses}
        >
          {countriesIn(i18n.locale).map((option) => (
            <option key={option.code} value={option.code}>
              {`${option.flag} ${option.name} (${option.dialCode})`}
            </option>
          ))}
        </select>
        <div className="flex min-w-0 flex-1 items-stretch">
          <span
            id="signup-dial-code"
            data-testid="dial-code"
            className="inline-flex items-center gap-1 rounded-l-lg border border-r-0 border-slate-600 bg-slate-800 px-3 text-base font-semibold tabular-nums text-slate-100"
          >
            {countryByCode(countryCode).dialCode}
          </span>
          <input
            ref={inputRef}
            id="signup-mobile"
            name="mobileNumber"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="821234567"
            value={digits}
            onChange={(event) => onDigitsChange(digitsOnly(event.target.value))}
            aria-invalid={error ? true : undefined}
            aria-describedby={`signup-dial-code ${describedBy('signup-mobile', true, error) ?? ''}`.trim()}
            required
            className={cn(fieldControlClasses, 'min-w-0 rounded-l-none')}
          />
        </div>
      </div>
    </FieldFrame>
  );
}

/** Below the form: sign in instead, and how the information is handled. */
function SignUpLinks() {
  const { _ } = useLingui();
  return (
    <>
      <p>
        <Link to={paths.signIn()} className="rounded-sm text-slate-300 underline-offset-4 hover:underline">
          <Trans id="signup.haveAccount" components={{ 0: <span className="font-semibold text-sky-300" /> }} />
        </Link>
      </p>
      <p className="mt-2">
        <Link to={paths.privacy()} className="rounded-sm text-slate-300 underline underline-offset-4 hover:text-slate-100">
          {_('signup.privacy')}
        </Link>
      </p>
    </>
  );
}
