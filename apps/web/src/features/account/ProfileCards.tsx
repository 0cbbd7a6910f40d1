import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ANONYMITY_COVERS, SIGNUP_MESSAGES, isValidMobileNumber } from '@mc/contract';
import { Alert, Button, Card, CardHeader, Dialog, Spinner, TextField, LoadError } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { callRpc } from '../../lib/rpc';

/** The preview's query key: the details and anonymity cards refresh it after a change. */
export const seenByOthersKey = (userId: string | null) => ['account', 'seen-by-others', userId] as const;

/** Names and mobile, with the sign-up rules (register_user_profile checks them again); the e-mail is shown. */
export function DetailsCard() {
  const { appUser, appUserLoading, user, refreshAppUser } = useAuth();
  const queryClient = useQueryClient();
  const [first, setFirst] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const [mobile, setMobile] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!appUser) {
    // The session's own read of the person's row answers "none" when it fails: never an empty form for it.
    if (appUserLoading) return <Spinner label="Loading your details" />;
    return <LoadError message="Your details could not be loaded." onRetry={() => void refreshAppUser().catch(() => undefined)} />;
  }
  const values = { first: first ?? appUser.first_name, last: last ?? appUser.last_name, mobile: mobile ?? appUser.mobile };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!values.first.trim() || !values.last.trim()) return setError('First name and last name are required');
    if (!isValidMobileNumber(values.mobile)) return setError(SIGNUP_MESSAGES.mobileInvalid);
    setSaving(true);
    setError(null);
    try {
      await callRpc('register_user_profile', {
        p_first_name: values.first,
        p_last_name: values.last,
        p_mobile: values.mobile,
        p_email: appUser?.email ?? '',
        p_hashed_birthday: '',
      });
      await refreshAppUser();
      await queryClient.invalidateQueries({ queryKey: seenByOthersKey(user?.id ?? null) });
      toast.success('Your details are saved.');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Your details could not be saved.');
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Your details" description={`Your e-mail address: ${appUser.email}`} />
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={save} noValidate>
        <TextField label="First name" required maxLength={200} value={values.first} onChange={(e) => setFirst(e.target.value)} />
        <TextField label="Last name" required maxLength={200} value={values.last} onChange={(e) => setLast(e.target.value)} />
        <TextField label="Mobile number" required type="tel" maxLength={30} value={values.mobile} onChange={(e) => setMobile(e.target.value)} />
        <div className="flex flex-col gap-3 sm:col-span-2">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button type="submit" className="self-start" busy={saving} busyLabel="Saving...">
            Save details
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The anonymity choice, changed only after the consequences are read. */
export function AnonymityCard() {
  const { user, setAnonymity } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const anonymous = user?.user_metadata?.is_anonymous === true;
  const next = !anonymous;

  async function confirm() {
    setBusy(true);
    await setAnonymity(next, next ? crypto.randomUUID() : null);
    await queryClient.invalidateQueries({ queryKey: seenByOthersKey(user?.id ?? null) });
    setBusy(false);
    setConfirming(false);
    toast.success(next ? 'You are now anonymous to other attendees.' : 'Other attendees now see your name and e-mail.');
  }

  return (
    <Card>
      <CardHeader
        title="Anonymity"
        description={anonymous ? 'You chose to stay anonymous.' : 'You share your name and contact details.'}
        action={
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {next ? 'Stay anonymous' : 'Share my name and contact details'}
          </Button>
        }
      />
      <p className="text-sm text-slate-300">{ANONYMITY_COVERS}</p>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={next ? 'Stay anonymous from now on?' : 'Share your name and contact details?'}
        description={
          next
            ? 'Other attendees will see you only as “Anonymous attendee”, without your e-mail, everywhere, at once; they find you only by your whole e-mail address. Your survey answers from now on carry a new anonymous id.'
            : 'Other attendees will see your name and e-mail everywhere, at once, including on missions and teams you already joined, and can find you by name. Your survey answers from now on carry your name and contact details.'
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button busy={busy} busyLabel="Processing..." onClick={() => void confirm()}>
              Confirm
            </Button>
          </>
        }
      />
    </Card>
  );
}
