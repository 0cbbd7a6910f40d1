import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { ImagePlus, Megaphone, Pencil, Trash2 } from 'lucide-react';
import { PROGRESS_LIMITS, type MissionUpdate } from '@mc/contract';
import { Alert, Button, Card, LoadError, TextAreaField, TextField } from '../../components/ui';
import { formatDateTime } from '../../lib/format';
import { notify } from '../../lib/notify';
import { deleteUpdate, editUpdate, missionUpdatesQuery, postUpdate, refreshMission, uploadPhoto, type UpdateInput } from './progressApi';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

/** "Updates" on Mission details and My Mission: newest first; its owners post, edit (a day) and delete (docs/product.md#mission-updates). */
export function UpdatesCard({ missionId, canPost }: { missionId: string; canPost: boolean }) {
  const { _ } = useLingui();
  const updates = useQuery(missionUpdatesQuery(missionId));
  const headingId = useId();
  return (
    <Card className="mb-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="mb-4 flex items-center gap-2 text-lg font-semibold text-slate-50">
          <Megaphone aria-hidden="true" className="size-5" />
          {_('progress.updates.title')}
        </h2>
        {canPost ? <UpdateForm missionId={missionId} /> : null}
        {updates.isError ? (
          <LoadError message={updates.error.message} onRetry={() => void updates.refetch()} />
        ) : updates.data?.length === 0 ? (
          <p className="text-slate-300">{_('progress.updates.none')}</p>
        ) : (
          <ol className="flex flex-col gap-4" data-testid="mission-updates">
            {(updates.data ?? []).map((update) => (
              <UpdateItem key={update.update_id} update={update} missionId={missionId} />
            ))}
          </ol>
        )}
      </section>
    </Card>
  );
}

function UpdateItem({ update, missionId }: { update: MissionUpdate; missionId: string }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  async function remove() {
    if (!window.confirm(_('progress.updates.deleteConfirm', { title: update.title }))) return;
    setBusy(true);
    try {
      await deleteUpdate(update.update_id);
      await refreshMission(queryClient, missionId);
      notify.success(_('progress.updates.deleted'));
    } catch (error) {
      notify.error(messageOf(error, _('progress.updates.failed')));
    } finally {
      setBusy(false);
    }
  }
  if (editing) return <UpdateForm missionId={missionId} editing={update} onDone={() => setEditing(false)} />;
  return (
    <li className="rounded-xl border border-slate-700 p-4" data-testid="mission-update">
      {update.hidden_reason !== null ? (
        <Alert tone="warning" live={false} className="mb-3">
          {_('mission.hiddenNotice', { reason: update.hidden_reason })}
        </Alert>
      ) : null}
      <h3 className="text-base font-semibold break-words text-slate-50">{update.title}</h3>
      <p className="text-sm text-slate-400">
        {_('progress.updates.byline', { author: update.author_name, date: formatDateTime(update.created_at) })}
        {update.edited_at ? ` · ${_('progress.updates.edited')}` : ''}
      </p>
      {update.text ? <p className="mt-2 break-words whitespace-pre-line text-slate-100">{update.text}</p> : null}
      {update.photo_url ? (
        <img src={update.photo_url} alt={_('progress.updates.photoAlt', { title: update.title })} className="mt-3 max-h-96 rounded-lg" loading="lazy" />
      ) : null}
      {update.link ? (
        <p className="mt-2 break-all">
          <a href={update.link} rel="noopener noreferrer nofollow" target="_blank" className="text-sky-300 underline">
            {update.link}
          </a>
        </p>
      ) : null}
      {update.can_edit || update.can_delete ? (
        <div className="mt-3 flex flex-wrap gap-2">
          {update.can_edit ? (
            <Button size="sm" variant="secondary" icon={<Pencil aria-hidden="true" className="size-4" />} onClick={() => setEditing(true)}>
              {_('progress.updates.edit')}
            </Button>
          ) : null}
          {update.can_delete ? (
            <Button size="sm" variant="ghost" busy={busy} icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={() => void remove()}>
              {_('progress.updates.delete')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/** A new update (with an optional photo), or the words of one being edited. */
function UpdateForm({ missionId, editing, onDone }: { missionId: string; editing?: MissionUpdate; onDone?: () => void }) {
  const { _ } = useLingui();
  const queryClient = useQueryClient();
  const [input, setInput] = useState<UpdateInput>({ title: editing?.title ?? '', text: editing?.text ?? '', link: editing?.link ?? '' });
  const [photo, setPhoto] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      if (editing) {
        await editUpdate(editing.update_id, input);
      } else {
        const uploaded = photo ? await uploadPhoto(photo) : null;
        await postUpdate(missionId, input, uploaded?.photo_id ?? null);
        setInput({ title: '', text: '', link: '' });
        setPhoto(null);
        if (fileInput.current) fileInput.current.value = '';
      }
      await refreshMission(queryClient, missionId);
      notify.success(_(editing ? 'progress.updates.saved' : 'progress.updates.posted'));
      onDone?.();
    } catch (caught) {
      setError(messageOf(caught, _('progress.updates.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="mb-6 flex flex-col gap-4 rounded-xl border border-slate-700 p-4"
      aria-label={_('progress.updates.formLabel')}
    >
      <TextField
        label={_('progress.updates.titleField')}
        value={input.title}
        maxLength={PROGRESS_LIMITS.titleChars}
        required
        onChange={(event) => setInput({ ...input, title: event.target.value })}
      />
      <TextAreaField
        label={_('progress.updates.textField')}
        value={input.text}
        maxLength={PROGRESS_LIMITS.textChars}
        rows={4}
        hint={_('progress.updates.textHint', { length: input.text.length, max: PROGRESS_LIMITS.textChars })}
        onChange={(event) => setInput({ ...input, text: event.target.value })}
      />
      <TextField
        label={_('progress.updates.linkField')}
        type="url"
        inputMode="url"
        value={input.link}
        maxLength={PROGRESS_LIMITS.linkChars}
        onChange={(event) => setInput({ ...input, link: event.target.value })}
      />
      {editing ? null : <PhotoField inputRef={fileInput} onChange={setPhoto} />}
      {error ? (
        <Alert tone="error">
          <span data-testid="update-error">{error}</span>
        </Alert>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={busy}>
          {_(editing ? 'progress.updates.save' : 'progress.updates.post')}
        </Button>
        {onDone ? (
          <Button type="button" variant="ghost" onClick={onDone}>
            {_('progress.updates.cancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The photo of a new update: one image file, sent when the update is posted. */
function PhotoField({ inputRef, onChange }: { inputRef: RefObject<HTMLInputElement | null>; onChange: (file: File | null) => void }) {
  const { _ } = useLingui();
  const photoId = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={photoId} className="inline-flex items-center gap-2 text-sm font-medium text-slate-200">
        <ImagePlus aria-hidden="true" className="size-4" />
        {_('progress.updates.photoField')}
      </label>
      <input
        id={photoId}
        ref={inputRef}
        type="file"
        accept="image/*"
        aria-describedby={`${photoId}-hint`}
        className="text-sm text-slate-200"
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <p id={`${photoId}-hint`} className="text-xs text-slate-400">
        {_('progress.updates.photoHint')}
      </p>
    </div>
  );
}
