import { useState, type FormEvent } from 'react';
import { Pencil, Plus, Trash2, X } from 'lucide-react';
import { PART_TYPES, type PartType } from '@mc/contract/conference.ts';
import type { ProgrammePart, ProgrammeSession } from '@mc/contract/programme.ts';
import { Badge, Button, Card, CardHeader, Dialog, Select, TextAreaField, TextField } from '../../../components/ui';
import { LocaleTimeField } from '../../../components/ui/LocaleTimeField';
import { formatDayMonth, orderSessions, type Programme } from '../../conference';
import { saveProblemOf, useProgrammeChange, type SaveProblem } from './programmeEditing';
import { SaveProblemAlert } from './SaveProblemAlert';
import { countLabel } from '../../../lib/format';

/** The agenda's sessions and their parts: add, edit, delete. */
export function SessionsCard({ programme }: { programme: Programme }) {
  const [editing, setEditing] = useState<{ original: ProgrammeSession | null } | null>(null);
  const [deleting, setDeleting] = useState<ProgrammeSession | null>(null);
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const remove = useProgrammeChange('delete_session', 'Session deleted');

  return (
    <Card>
      <CardHeader
        title={`Sessions (${programme.agenda.length})`}
        description="Each session has its parts: times, type, title, speakers chosen from the speaker list, description and an optional room."
        action={
          <Button size="sm" icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setEditing({ original: null })}>
            Add session
          </Button>
        }
      />
      <SaveProblemAlert problem={problem} />
      {programme.agenda.length === 0 ? <p className="text-slate-300">No sessions yet. Add the first one.</p> : null}
      <ol aria-label="Sessions" className="flex flex-col divide-y divide-slate-700/70">
        {orderSessions(programme.agenda).map((session) => (
          <li key={session.sessionNumber} className="flex flex-wrap items-center gap-3 py-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium text-slate-50">
                Session {session.sessionNumber}: {session.sessionTitle}
              </p>
              <p className="text-sm text-slate-300">
                Day {session.day} · {session.startTime} – {session.endTime} · {session.parts.length} part{session.parts.length === 1 ? '' : 's'}
              </p>
            </div>
            <div className="flex gap-1">
              <Button variant="ghost" size="sm" aria-label={`Edit session ${session.sessionNumber}`} onClick={() => setEditing({ original: session })}>
                <Pencil aria-hidden="true" className="size-4" />
              </Button>
              <Button variant="ghost" size="sm" aria-label={`Delete session ${session.sessionNumber}`} onClick={() => setDeleting(session)}>
                <Trash2 aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </li>
        ))}
      </ol>
      {editing ? <SessionDialog programme={programme} original={editing.original} onClose={() => setEditing(null)} /> : null}
      <Dialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Delete this session?"
        description={
          deleting
            ? `Session ${deleting.sessionNumber}, "${deleting.sessionTitle}", and its ${countLabel(deleting.parts.length, 'part', 'parts')} leave the agenda.`
            : undefined
        }
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              busy={remove.isPending}
              busyLabel="Deleting..."
              onClick={() =>
                deleting &&
                remove.mutate(
                  { p_number: deleting.sessionNumber },
                  { onSuccess: () => setProblem(null), onError: (error) => setProblem(saveProblemOf(error)), onSettled: () => setDeleting(null) },
                )
              }
            >
              Delete session
            </Button>
          </>
        }
      />
    </Card>
  );
}

function newSession(programme: Programme): ProgrammeSession {
  const number = Math.max(0, ...programme.agenda.map((session) => session.sessionNumber)) + 1;
  return { sessionNumber: number, day: 1, sessionTitle: '', startTime: '09:00', endTime: '10:00', parts: [newPart(number, [], '09:00', '10:00')] };
}

function newPart(sessionNumber: number, parts: readonly ProgrammePart[], startTime: string, endTime: string): ProgrammePart {
  let index = parts.length + 1;
  while (parts.some((part) => part.id === `s${sessionNumber}p${index}`)) index += 1;
  return { id: `s${sessionNumber}p${index}`, title: '', type: 'TALK', startTime, endTime, speaker: '', speakers: [], description: '' };
}

function SessionDialog({ programme, original, onClose }: { programme: Programme; original: ProgrammeSession | null; onClose: () => void }) {
  const [session, setSession] = useState<ProgrammeSession>(() => original ?? newSession(programme));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const save = useProgrammeChange('save_session', original ? 'Session saved' : 'Session added');
  const dayOptions = programme.settings.days.map((date, index) => ({ value: String(index + 1), label: `Day ${index + 1} (${formatDayMonth(date)})` }));
  const roomOptions = programme.settings.rooms.map((room) => ({ value: room, label: room }));

  const setPart = (index: number, change: Partial<ProgrammePart>) =>
    setSession((current) => ({ ...current, parts: current.parts.map((part, at) => (at === index ? { ...part, ...change } : part)) }));
  const toggleSpeaker = (index: number, name: string, chosen: boolean) => {
    const part = session.parts[index];
    if (!part) return;
    const names = chosen ? [...part.speakers.map((ref) => ref.name), name] : part.speakers.map((ref) => ref.name).filter((other) => other !== name);
    const speakers = programme.speakers
      .filter((speaker) => names.includes(speaker.name))
      .map((speaker) => ({ name: speaker.name, linkedinUrl: speaker.linkedinUrl ?? '' }));
    setPart(index, { speakers });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    // The display line defaults to the chosen speakers' names.
    const parts = session.parts.map((part) => ({
      ...part,
      speaker: part.speaker.trim() || part.speakers.map((ref) => ref.name).join(', '),
      room: part.room || undefined,
    }));
    save.mutate(
      { p_original_number: original?.sessionNumber ?? null, p_session: { ...session, parts } },
      { onSuccess: onClose, onError: (error) => setProblem(saveProblemOf(error)) },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={original ? `Edit session ${original.sessionNumber}` : 'Add a session'}
      size="xl"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-4">
          <TextField
            label="Number"
            type="number"
            min={1}
            value={String(session.sessionNumber)}
            onChange={(event) => setSession((current) => ({ ...current, sessionNumber: Number(event.target.value) }))}
            required
          />
          <Select
            label="Day"
            options={dayOptions}
            value={String(session.day)}
            onChange={(event) => setSession((current) => ({ ...current, day: Number(event.target.value) }))}
          />
          <LocaleTimeField
            label="Session starts"
            value={session.startTime}
            onValueChange={(startTime) => setSession((current) => ({ ...current, startTime }))}
            required
          />
          <LocaleTimeField
            label="Session ends"
            value={session.endTime}
            onValueChange={(endTime) => setSession((current) => ({ ...current, endTime }))}
            required
          />
        </div>
        <TextField
          label="Session title"
          value={session.sessionTitle}
          onChange={(event) => setSession((current) => ({ ...current, sessionTitle: event.target.value }))}
          required
        />

        {session.parts.map((part, index) => (
          <fieldset key={index} className="flex flex-col gap-3 rounded-xl border border-slate-700/70 p-4">
            <legend className="flex items-center gap-2 px-1 text-sm font-medium text-slate-200">
              Part {index + 1} <Badge tone="neutral">{part.id}</Badge>
            </legend>
            <div className="grid gap-3 sm:grid-cols-4">
              <TextField
                label="Part title"
                value={part.title}
                onChange={(event) => setPart(index, { title: event.target.value })}
                containerClassName="sm:col-span-2"
                required
              />
              <Select
                label="Type"
                options={PART_TYPES.map((type) => ({ value: type, label: type }))}
                value={part.type}
                onChange={(event) => setPart(index, { type: event.target.value as PartType })}
              />
              <Select
                label="Room"
                placeholder="No room"
                options={roomOptions}
                value={part.room ?? ''}
                onChange={(event) => setPart(index, { room: event.target.value })}
              />
              <LocaleTimeField label="Part starts" value={part.startTime} onValueChange={(startTime) => setPart(index, { startTime })} required />
              <LocaleTimeField label="Part ends" value={part.endTime} onValueChange={(endTime) => setPart(index, { endTime })} required />
              <TextField
                label="Speaker line"
                value={part.speaker}
                onChange={(event) => setPart(index, { speaker: event.target.value })}
                hint="Optional, such as “Moderator: …”. Empty shows the names."
                containerClassName="sm:col-span-2"
              />
            </div>
            <fieldset className="max-h-40 overflow-y-auto rounded-lg border border-slate-700/70 p-3">
              <legend className="px-1 text-sm text-slate-200">Speakers of part {index + 1}</legend>
              <div className="grid gap-1 sm:grid-cols-2">
                {programme.speakers.map((speaker) => (
                  <label key={speaker.id} className="flex min-h-9 items-center gap-2 text-sm text-slate-200">
                    <input
                      type="checkbox"
                      className="size-4 accent-sky-400"
                      checked={part.speakers.some((ref) => ref.name === speaker.name)}
                      onChange={(event) => toggleSpeaker(index, speaker.name, event.target.checked)}
                    />
                    {speaker.name}
                  </label>
                ))}
              </div>
            </fieldset>
            <TextAreaField
              label="Description"
              rows={3}
              value={part.description}
              onChange={(event) => setPart(index, { description: event.target.value })}
              required
            />
            {session.parts.length > 1 ? (
              <Button
                variant="ghost"
                size="sm"
                className="self-start"
                icon={<X aria-hidden="true" className="size-4" />}
                onClick={() => setSession((current) => ({ ...current, parts: current.parts.filter((_, at) => at !== index) }))}
              >
                Remove part {index + 1}
              </Button>
            ) : null}
          </fieldset>
        ))}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          icon={<Plus aria-hidden="true" className="size-4" />}
          onClick={() =>
            setSession((current) => {
              const last = current.parts.at(-1);
              return {
                ...current,
                parts: [...current.parts, newPart(current.sessionNumber, current.parts, last?.endTime ?? current.startTime, current.endTime)],
              };
            })
          }
        >
          Add part
        </Button>
        <SaveProblemAlert problem={problem} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">
            Save session
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
