import { useState, type FormEvent } from 'react';
import { ArrowDown, ArrowUp, Pencil, Plus, Trash2 } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { Speaker } from '@mc/contract/conference.ts';
import { Alert, Button, Card, CardHeader, Dialog, TextAreaField, TextField } from '../../../components/ui';
import { SpeakerPhoto, type Programme } from '../../conference';
import { saveProblemOf, slugOf, uploadSpeakerPhoto, useProgrammeChange, type SaveProblem } from './programmeApi';
import { SaveProblemAlert } from './SaveProblemAlert';

const EMPTY: Speaker = { id: '', name: '', designation: '', about: '', profilePicURL: '', linkedinUrl: '', websiteUrl: '', twitterUrl: '' };

/** The speakers in directory order: add, edit, move, delete. */
export function SpeakersCard({ programme }: { programme: Programme }) {
  const { _ } = useLingui();
  const [editing, setEditing] = useState<{ original: Speaker | null } | null>(null);
  const [deleting, setDeleting] = useState<Speaker | null>(null);
  const reorder = useProgrammeChange('reorder_speakers', _('organiser.speakers.reordered'));
  const remove = useProgrammeChange('delete_speaker', _('organiser.speakers.deleted'));
  const ids = programme.speakers.map((speaker) => speaker.id);

  const move = (index: number, by: -1 | 1) => {
    const next = [...ids];
    const [moved] = next.splice(index, 1);
    if (moved === undefined) return;
    next.splice(index + by, 0, moved);
    reorder.mutate({ p_ids: next }, { onError: (error) => setDeleteError(saveProblemOf(error)) });
  };
  const [deleteError, setDeleteError] = useState<SaveProblem | null>(null);

  return (
    <Card>
      <CardHeader
        title={_('organiser.speakers.title', { count: programme.speakers.length })}
        description={_('organiser.speakers.description')}
        action={
          <Button size="sm" icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setEditing({ original: null })}>
            {_('organiser.speakers.add')}
          </Button>
        }
      />
      <SaveProblemAlert problem={deleteError} />
      {programme.speakers.length === 0 ? <p className="text-slate-300">{_('organiser.speakers.none')}</p> : null}
      <ol aria-label={_('organiser.speakers.list')} className="flex flex-col divide-y divide-slate-700/70">
        {programme.speakers.map((speaker, index) => (
          <SpeakerRow
            key={speaker.id}
            speaker={speaker}
            index={index}
            count={programme.speakers.length}
            reordering={reorder.isPending}
            onMove={(by) => move(index, by)}
            onEdit={() => setEditing({ original: speaker })}
            onDelete={() => setDeleting(speaker)}
          />
        ))}
      </ol>
      {editing ? <SpeakerDialog original={editing.original} onClose={() => setEditing(null)} /> : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={_('organiser.speakers.deleteTitle')}
        description={deleting ? _('organiser.speakers.deleteDescription', { name: deleting.name }) : undefined}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {_('organiser.common.cancel')}
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              busyLabel={_('organiser.common.deleting')}
              onClick={() =>
                deleting &&
                remove.mutate(
                  { p_id: deleting.id },
                  {
                    onSuccess: () => setDeleteError(null),
                    onError: (error) => setDeleteError(saveProblemOf(error)),
                    onSettled: () => setDeleting(null),
                  },
                )
              }
            >
              {_('organiser.speakers.deleteConfirm')}
            </Button>
          </>
        }
      />
    </Card>
  );
}

interface SpeakerRowProps {
  speaker: Speaker;
  /** Its place in directory order, from 0, of `count`. */
  index: number;
  count: number;
  reordering: boolean;
  onMove: (by: -1 | 1) => void;
  onEdit: () => void;
  onDelete: () => void;
}

/** One speaker of the list, with move up and down, edit and delete. */
function SpeakerRow({ speaker, index, count, reordering, onMove, onEdit, onDelete }: SpeakerRowProps) {
  const { _ } = useLingui();
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <SpeakerPhoto src={speaker.profilePicURL || undefined} name={speaker.name} size="card" />
      {/* At least 12rem for the name: on a phone the buttons go to a line of their own instead of squeezing it. */}
      <div className="min-w-0 flex-1 basis-48">
        <p className="font-medium text-slate-50">{speaker.name}</p>
        <p className="text-sm text-slate-300">{speaker.designation}</p>
      </div>
      <div className="ml-auto flex gap-1">
        <Button
          variant="ghost"
          size="sm"
          aria-label={_('organiser.speakers.moveUp', { name: speaker.name })}
          disabled={index === 0 || reordering}
          onClick={() => onMove(-1)}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={_('organiser.speakers.moveDown', { name: speaker.name })}
          disabled={index === count - 1 || reordering}
          onClick={() => onMove(1)}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="ghost" size="sm" aria-label={_('organiser.speakers.edit', { name: speaker.name })} onClick={onEdit}>
          <Pencil aria-hidden="true" className="size-4" />
        </Button>
        <Button variant="ghost" size="sm" aria-label={_('organiser.speakers.delete', { name: speaker.name })} onClick={onDelete}>
          <Trash2 aria-hidden="true" className="size-4" />
        </Button>
      </div>
    </li>
  );
}

function SpeakerDialog({ original, onClose }: { original: Speaker | null; onClose: () => void }) {
  const { _ } = useLingui();
  const [speaker, setSpeaker] = useState<Speaker>(original ?? EMPTY);
  const [idTouched, setIdTouched] = useState(original !== null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const save = useProgrammeChange('save_speaker', _(original ? 'organiser.speakers.saved' : 'organiser.speakers.added'));
  const set = (field: keyof Speaker) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setSpeaker((current) => ({ ...current, [field]: value, ...(field === 'name' && !idTouched ? { id: slugOf(value) } : {}) }));
  };

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setPhotoError(null);
    setUploading(true);
    try {
      const url = await uploadSpeakerPhoto(file);
      setSpeaker((current) => ({ ...current, profilePicURL: url }));
    } catch (error) {
      setPhotoError(error instanceof Error ? error.message : _('organiser.speakers.uploadFailed'));
    } finally {
      setUploading(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    save.mutate({ p_original_id: original?.id ?? null, p_speaker: speaker }, { onSuccess: onClose, onError: (error) => setProblem(saveProblemOf(error)) });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={original ? _('organiser.speakers.edit', { name: original.name }) : _('organiser.speakers.addTitle')}
      size="lg"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={_('organiser.speakers.name')} value={speaker.name} onChange={set('name')} required />
          <TextField
            label={_('organiser.speakers.id')}
            value={speaker.id}
            onChange={(event) => {
              setIdTouched(true);
              set('id')(event);
            }}
            hint={_('organiser.speakers.idHint')}
            required
          />
        </div>
        <TextField label={_('organiser.speakers.designation')} value={speaker.designation} onChange={set('designation')} required />
        <TextAreaField label={_('organiser.speakers.bio')} rows={4} value={speaker.about} onChange={set('about')} required />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={_('organiser.speakers.linkedIn')}
            type="url"
            value={speaker.linkedinUrl ?? ''}
            onChange={set('linkedinUrl')}
            hint={_('organiser.speakers.urlHint')}
          />
          <TextField label={_('organiser.speakers.website')} type="url" value={speaker.websiteUrl ?? ''} onChange={set('websiteUrl')} />
          <TextField label={_('organiser.speakers.twitter')} type="url" value={speaker.twitterUrl ?? ''} onChange={set('twitterUrl')} />
        </div>
        <PhotoFieldset
          url={speaker.profilePicURL ?? ''}
          name={speaker.name}
          uploading={uploading}
          error={photoError}
          onFile={(file) => void onPhoto(file)}
          onRemove={() => setSpeaker((current) => ({ ...current, profilePicURL: '' }))}
        />
        <SaveProblemAlert problem={problem} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {_('organiser.common.cancel')}
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel={_('organiser.common.saving')} disabled={uploading}>
            {_('organiser.speakers.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

interface PhotoFieldsetProps {
  /** The photo's address, empty for none. */
  url: string;
  name: string;
  uploading: boolean;
  error: string | null;
  onFile: (file: File | undefined) => void;
  onRemove: () => void;
}

/** The speaker's photo: what it is now, an upload, and removing it. */
function PhotoFieldset({ url, name, uploading, error, onFile, onRemove }: PhotoFieldsetProps) {
  const { _ } = useLingui();
  return (
    <fieldset className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-700/70 p-4">
      <legend className="px-1 text-sm font-medium text-slate-200">{_('organiser.speakers.photo')}</legend>
      <SpeakerPhoto src={url || undefined} name={name || _('organiser.speakers.theSpeaker')} size="dialog" />
      <div className="flex flex-col gap-2">
        <label className="text-sm text-slate-200">
          {_('organiser.speakers.upload')}
          <input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="mt-1 block w-full text-sm text-slate-300 file:mr-3 file:rounded-lg file:border-0 file:bg-slate-700 file:px-3 file:py-2 file:text-slate-100"
            onChange={(event) => onFile(event.target.files?.[0])}
          />
        </label>
        {uploading ? <p className="text-sm text-slate-300">{_('organiser.speakers.uploading')}</p> : null}
        {url ? (
          <Button variant="ghost" size="sm" className="self-start" onClick={onRemove}>
            {_('organiser.speakers.removePhoto')}
          </Button>
        ) : null}
      </div>
      {error ? (
        <Alert tone="error" className="w-full">
          {error}
        </Alert>
      ) : null}
    </fieldset>
  );
}
