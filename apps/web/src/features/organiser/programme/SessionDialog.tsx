import { useState, type FormEvent } from 'react';
import { Plus } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { ProgrammePart, ProgrammeSession } from '@mc/contract/programme.ts';
import { Button, Dialog, Select, TextField } from '../../../components/ui';
import { LocaleTimeField } from '../../../components/ui/LocaleTimeField';
import { formatDayMonth, type Programme } from '../../conference';
import { PartFields } from './PartFields';
import { saveProblemOf, useProgrammeChange, type SaveProblem } from './programmeApi';
import { SaveProblemAlert } from './SaveProblemAlert';

function newSession(programme: Programme): ProgrammeSession {
  const number = Math.max(0, ...programme.agenda.map((session) => session.sessionNumber)) + 1;
  return { sessionNumber: number, day: 1, sessionTitle: '', startTime: '09:00', endTime: '10:00', parts: [newPart(number, [], '09:00', '10:00')] };
}

function newPart(sessionNumber: number, parts: readonly ProgrammePart[], startTime: string, endTime: string): ProgrammePart {
  let index = parts.length + 1;
  while (parts.some((part) => part.id === `s${sessionNumber}p${index}`)) index += 1;
  return { id: `s${sessionNumber}p${index}`, title: '', type: 'TALK', startTime, endTime, speaker: '', speakers: [], description: '' };
}

/** Adds a session, or edits one (`original`), with its parts. */
export function SessionDialog({ programme, original, onClose }: { programme: Programme; original: ProgrammeSession | null; onClose: () => void }) {
  const { _ } = useLingui();
  const [session, setSession] = useState<ProgrammeSession>(() => original ?? newSession(programme));
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const save = useProgrammeChange('save_session', _(original ? 'organiser.sessions.saved' : 'organiser.sessions.added'));
  const dayOptions = programme.settings.days.map((date, index) => ({
    value: String(index + 1),
    label: _('organiser.sessions.dayOption', { day: index + 1, date: formatDayMonth(date) }),
  }));
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
      title={original ? _('organiser.sessions.editLabel', { number: original.sessionNumber }) : _('organiser.sessions.addTitle')}
      size="xl"
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <SessionFields session={session} dayOptions={dayOptions} onChange={(change) => setSession((current) => ({ ...current, ...change }))} />

        {session.parts.map((part, index) => (
          <PartFields
            key={index}
            index={index}
            part={part}
            speakers={programme.speakers}
            roomOptions={roomOptions}
            onChange={(change) => setPart(index, change)}
            onToggleSpeaker={(name, chosen) => toggleSpeaker(index, name, chosen)}
            onRemove={
              session.parts.length > 1 ? () => setSession((current) => ({ ...current, parts: current.parts.filter((_part, at) => at !== index) })) : undefined
            }
          />
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
          {_('organiser.sessions.addPart')}
        </Button>
        <SaveProblemAlert problem={problem} />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {_('organiser.common.cancel')}
          </Button>
          <Button type="submit" busy={save.isPending} busyLabel={_('organiser.common.saving')}>
            {_('organiser.sessions.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The session's own fields: number, day, times and title. */
function SessionFields({
  session,
  dayOptions,
  onChange,
}: {
  session: ProgrammeSession;
  dayOptions: { value: string; label: string }[];
  onChange: (change: Partial<ProgrammeSession>) => void;
}) {
  const { _ } = useLingui();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-4">
        <TextField
          label={_('organiser.sessions.number')}
          type="number"
          min={1}
          value={String(session.sessionNumber)}
          onChange={(event) => onChange({ sessionNumber: Number(event.target.value) })}
          required
        />
        <Select
          label={_('organiser.sessions.day')}
          options={dayOptions}
          value={String(session.day)}
          onChange={(event) => onChange({ day: Number(event.target.value) })}
        />
        <LocaleTimeField label={_('organiser.sessions.starts')} value={session.startTime} onValueChange={(startTime) => onChange({ startTime })} required />
        <LocaleTimeField label={_('organiser.sessions.ends')} value={session.endTime} onValueChange={(endTime) => onChange({ endTime })} required />
      </div>
      <TextField
        label={_('organiser.sessions.sessionTitle')}
        value={session.sessionTitle}
        onChange={(event) => onChange({ sessionTitle: event.target.value })}
        required
      />
    </>
  );
}
