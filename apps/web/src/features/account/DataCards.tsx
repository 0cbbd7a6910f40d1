import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { useLingui } from '@lingui/react';
import { DATA_EXPORT_HOURS, dataExportPath } from '@mc/contract';
import { Alert, Button, Card, CardHeader, TextField } from '../../components/ui';
import { i18n } from '../../i18n/i18n';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { supabase } from '../../lib/supabase';
import { deleteMyAccount, requestMyDataExport } from './accountApi';

/** Fetches the prepared zip with the person's token and hands it to the browser as a download. */
async function saveDownload(exportId: string): Promise<void> {
  const { data } = await supabase.auth.getSession();
  const response = await fetch(dataExportPath(exportId), { headers: { authorization: `Bearer ${data.session?.access_token ?? ''}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? i18n._('account.download.failed'));
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `my-data-${new Date().toISOString().slice(0, 10)}.zip`;
  link.click();
  URL.revokeObjectURL(url);
}

/** "Download my data": one click prepares the zip and downloads it. */
export function DownloadDataCard() {
  const { _ } = useLingui();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const ready = await requestMyDataExport();
      await saveDownload(ready.export_id);
      toast.success(_('account.download.done'));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('account.download.failed'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <CardHeader title={_('account.download.title')} description={_('account.download.description', { hours: DATA_EXPORT_HOURS })} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button className="mt-3" busy={busy} busyLabel={_('account.download.preparing')} onClick={() => void download()}>
        {_('account.download.button')}
      </Button>
    </Card>
  );
}

/** What deleting the account does, in order. */
const DELETION_EFFECTS = [
  { messageId: 'account.delete.effectMission' },
  { messageId: 'account.delete.effectVotes' },
  { messageId: 'account.delete.effectData' },
  { messageId: 'account.delete.effectSurveys' },
  { messageId: 'account.delete.effectSignUpAgain' },
] as const;

/** "Delete my account": what happens, then the e-mail typed again. */
export function DeleteAccountCard() {
  const { _ } = useLingui();
  const { appUser, signOut } = useAuth();
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await deleteMyAccount(typed);
      await signOut();
      toast.success(_('account.delete.done'));
      await navigate(paths.home(), { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : _('account.delete.failed'));
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title={_('account.delete.title')} description={_('account.delete.description')} />
      <ul className="mb-4 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-300">
        {DELETION_EFFECTS.map(({ messageId }) => (
          <li key={messageId}>{_(messageId)}</li>
        ))}
      </ul>
      <form className="flex flex-col gap-3" onSubmit={remove} noValidate>
        <TextField
          label={_('account.delete.confirmLabel', { email: appUser?.email ?? '' })}
          type="email"
          autoComplete="off"
          maxLength={254}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={error ?? undefined}
        />
        <Button type="submit" variant="danger" className="self-start" busy={busy} busyLabel={_('account.delete.deleting')} disabled={typed.trim() === ''}>
          {_('account.delete.button')}
        </Button>
      </form>
    </Card>
  );
}
