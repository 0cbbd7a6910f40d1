import { useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { SIGNUP_MESSAGES, isValidMobileNumber } from '@mc/contract';
import { Alert, Button, Card, CardHeader, Dialog, Spinner, TextField, LoadError } from '../../components/ui';
import { useCheckMessage } from '../../i18n';
import { useAuth } from '../../lib/auth';
import { screenKeys } from '../../lib/screenKeys';
import { saveMyDetails } from './accountApi';

/** The preview's query key: the details and anonymity cards refresh it after a change. */

/** Names and mobile, with the sign-up rules (register_user_profile checks them again); the e-mail is shown. */
export function DetailsCard() {
  const { _ } = useLingui();
  const checkMessage = useCheckMessage();
  const { appUser, appUserLoading, user, refreshAppUser } = useAuth();
  const queryClient = useQueryClient();
  const [first, setFirst] = useState<string | null>(null);
  const [last, setLast] = useState<string | null>(null);
  const [mobile, setMobile] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  if (!appUser) {
    // The session's own read of the person's row answers "none" when it fails: never an empty form for it.
    if (appUserLoading) return <Spinner label={_('account.details.loading')} />;
    return <LoadError message={_('account.details.loadFailed')} onRetry={() => void refreshAppUser().catch(() => undefined)} />;
  }
  const values = { first: first ?? appUser.first_name, last: last ?? appUser.last_name, mobile: mobile ?? appUser.mobile };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!values.first.trim() || !values.last.trim()) return setError(_('account.details.namesRequired'));
    if (!isValidMobileNumber(values.mobile)) return setError(checkMessage(SIGNUP_MESSAGES.mobileInvalid));
    setSaving(true);
    setError(null);
    try {
      await saveMyDetails({
        p_first_name: values.first,
        p_last_name: values.last,
        p_mobile: values.mobile,
        p_email: appUser?.email ?? '',
        p_hashed_birthday: '',
      });
      await refreshAppUser();
      await queryClient.invalidateQueries({ queryKey: screenKeys.seenByOthers(user?.id ?? null) });
      toast.success(_('account.details.saved'));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('account.details.saveFailed'));
    } finally {
      setSaving(false);
    }
  }

  return (
    <Card>
      <CardHeader title={_('account.details.title')} description={_('account.details.email', { email: appUser.email })} />
      <form className="grid gap-4 sm:grid-cols-2" onSubmit={save} noValidate>
        <TextField label={_('account.details.firstName')} required maxLength={200} value={values.first} onChange={(e) => setFirst(e.target.value)} />
        <TextField label={_('account.details.lastName')} required maxLength={200} value={values.last} onChange={(e) => setLast(e.target.value)} />
        <TextField label={_('account.details.mobile')} required type="tel" maxLength={30} value={values.mobile} onChange={(e) => setMobile(e.target.value)} />
        <div className="flex flex-col gap-3 sm:col-span-2">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <Button type="submit" className="self-start" busy={saving} busyLabel={_('common.saving')}>
            {_('account.details.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The anonymity choice, changed only after the consequences are read. */
export function AnonymityCard() {
  const { _ } = useLingui();
  const { user, setAnonymity } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const anonymous = user?.user_metadata?.is_anonymous === true;
  const next = !anonymous;

  async function confirm() {
    setBusy(true);
    await setAnonymity(next, next ? crypto.randomUUID() : null);
    await queryClient.invalidateQueries({ queryKey: screenKeys.seenByOthers(user?.id ?? null) });
    setBusy(false);
    setConfirming(false);
    toast.success(next ? _('account.anonymity.nowAnonymous') : _('account.anonymity.nowShared'));
  }

  return (
    <Card>
      <CardHeader
        title={_('account.anonymity.title')}
        description={anonymous ? _('account.anonymity.isAnonymous') : _('account.anonymity.isShared')}
        action={
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {next ? _('common.stayAnonymous') : _('account.anonymity.share')}
          </Button>
        }
      />
      {/* The contract's ANONYMITY_COVERS, in the interface's language. */}
      <p className="text-sm text-slate-300">{_('common.anonymityCovers')}</p>
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={next ? _('account.anonymity.confirmStayTitle') : _('account.anonymity.confirmShareTitle')}
        description={next ? _('account.anonymity.confirmStay') : _('account.anonymity.confirmShare')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              {_('common.cancel')}
            </Button>
            <Button busy={busy} busyLabel={_('common.processing')} onClick={() => void confirm()}>
              {_('common.confirm')}
            </Button>
          </>
        }
      />
    </Card>
  );
}
