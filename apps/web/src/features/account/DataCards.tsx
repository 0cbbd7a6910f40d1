import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { DATA_EXPORT_HOURS, dataExportPath } from '@mc/contract';
import { Alert, Button, Card, CardHeader, TextField } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { paths } from '../../lib/paths';
import { callRpc } from '../../lib/rpc';
import { supabase } from '../../lib/supabase';

/** Fetches the prepared zip with the person's token and hands it to the browser as a download. */
async function saveDownload(exportId: string): Promise<void> {
  const { data } = await supabase.auth.getSession();
  const response = await fetch(dataExportPath(exportId), { headers: { authorization: `Bearer ${data.session?.access_token ?? ''}` } });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'The download failed. Please try again.');
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
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function download() {
    setBusy(true);
    setError(null);
    try {
      const ready = await callRpc('request_my_data_export', {});
      await saveDownload(ready.export_id);
      toast.success('Your data is downloaded.');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The download failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Card>
      <CardHeader
        title="Download my data"
        description={`A zip file with everything this app holds about you (JSON, with a short README). It can be fetched for ${DATA_EXPORT_HOURS} hours, by you only.`}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button className="mt-3" busy={busy} busyLabel="Preparing..." onClick={() => void download()}>
        Download my data
      </Button>
    </Card>
  );
}

/** "Delete my account": what happens, then the e-mail typed again. */
export function DeleteAccountCard() {
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
      await callRpc('delete_my_account', { p_email: typed });
      await signOut();
      toast.success('Your account is deleted.');
      await navigate(paths.home(), { replace: true });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Your account could not be deleted.');
      setBusy(false);
    }
  }

  return (
    <Card>
      <CardHeader title="Delete my account" description="This cannot be undone. When you delete your account:" />
      <ul className="mb-4 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-300">
        <li>The mission you created passes to a co-owner; if it has none who can take it, it is hidden, with a note for its team.</li>
        <li>Your votes and subscriptions are removed and the missions’ counts corrected; you leave every team.</li>
        <li>Your role profile, notifications, favourites, calendar address and sessions go: you are signed out everywhere.</li>
        <li>That you completed the surveys stays only as an anonymous count.</li>
        <li>You can sign up again with the same e-mail, as a new person.</li>
      </ul>
      <form className="flex flex-col gap-3" onSubmit={remove} noValidate>
        <TextField
          label={`Type your e-mail address (${appUser?.email ?? ''}) to confirm`}
          type="email"
          autoComplete="off"
          maxLength={254}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={error ?? undefined}
        />
        <Button type="submit" variant="danger" className="self-start" busy={busy} busyLabel="Deleting..." disabled={typed.trim() === ''}>
          Delete my account
        </Button>
      </form>
    </Card>
  );
}
