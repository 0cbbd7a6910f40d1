import { X } from 'lucide-react';
import { useLingui } from '@lingui/react';
import { PART_TYPES, type PartType } from '@mc/contract/conference.ts';
import type { ProgrammePart } from '@mc/contract/programme.ts';
import { Badge, Button, Select, TextAreaField, TextField } from '../../../components/ui';
import { LocaleTimeField } from '../../../components/ui/LocaleTimeField';
import type { Programme } from '../../conference';

/** The part types as the form names them (the stored values are TALK and PANEL). */
const TYPE_LABELS: Record<PartType, { messageId: string }> = {
  TALK: { messageId: 'organiser.part.typeTalk' },
  PANEL: { messageId: 'organiser.part.typePanel' },
};

export interface PartFieldsProps {
  /** Where the part stands in its session, from 0. */
  index: number;
  part: ProgrammePart;
  /** The programme's speakers, to choose from. */
  speakers: Programme['speakers'];
  roomOptions: { value: string; label: string }[];
  onChange: (change: Partial<ProgrammePart>) => void;
  onToggleSpeaker: (name: string, chosen: boolean) => void;
  /** Absent while the part is the session's only one: a session keeps at least one part. */
  onRemove?: (() => void) | undefined;
}

/** One part of a session in the session dialog: times, type, title, room, speakers and description. */
export function PartFields({ index, part, speakers, roomOptions, onChange, onToggleSpeaker, onRemove }: PartFieldsProps) {
  const { _ } = useLingui();
  const number = index + 1;
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-slate-700/70 p-4">
      <legend className="flex items-center gap-2 px-1 text-sm font-medium text-slate-200">
        {_('organiser.part.legend', { number })} <Badge tone="neutral">{part.id}</Badge>
      </legend>
      <div className="grid gap-3 sm:grid-cols-4">
        <TextField
          label={_('organiser.part.title')}
          value={part.title}
          onChange={(event) => onChange({ title: event.target.value })}
          containerClassName="sm:col-span-2"
          required
        />
        <Select
          label={_('organiser.part.type')}
          options={PART_TYPES.map((type) => ({ value: type, label: _(TYPE_LABELS[type].messageId) }))}
          value={part.type}
          onChange={(event) => onChange({ type: event.target.value as PartType })}
        />
        <Select
          label={_('organiser.part.room')}
          placeholder={_('organiser.part.noRoom')}
          options={roomOptions}
          value={part.room ?? ''}
          onChange={(event) => onChange({ room: event.target.value })}
        />
        <LocaleTimeField label={_('organiser.part.starts')} value={part.startTime} onValueChange={(startTime) => onChange({ startTime })} required />
        <LocaleTimeField label={_('organiser.part.ends')} value={part.endTime} onValueChange={(endTime) => onChange({ endTime })} required />
        <TextField
          label={_('organiser.part.speakerLine')}
          value={part.speaker}
          onChange={(event) => onChange({ speaker: event.target.value })}
          hint={_('organiser.part.speakerLineHint')}
          containerClassName="sm:col-span-2"
        />
      </div>
      <fieldset className="max-h-40 overflow-y-auto rounded-lg border border-slate-700/70 p-3">
        <legend className="px-1 text-sm text-slate-200">{_('organiser.part.speakers', { number })}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {speakers.map((speaker) => (
            <label key={speaker.id} className="flex min-h-9 items-center gap-2 text-sm text-slate-200">
              <input
                type="checkbox"
                className="size-4 accent-sky-400"
                checked={part.speakers.some((ref) => ref.name === speaker.name)}
                onChange={(event) => onToggleSpeaker(speaker.name, event.target.checked)}
              />
              {speaker.name}
            </label>
          ))}
        </div>
      </fieldset>
      <TextAreaField
        label={_('organiser.part.description')}
        rows={3}
        value={part.description}
        onChange={(event) => onChange({ description: event.target.value })}
        required
      />
      {onRemove ? (
        <Button variant="ghost" size="sm" className="self-start" icon={<X aria-hidden="true" className="size-4" />} onClick={onRemove}>
          {_('organiser.part.remove', { number })}
        </Button>
      ) : null}
    </fieldset>
  );
}
