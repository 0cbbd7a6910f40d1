import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Clock, Users } from 'lucide-react';
import { useLingui } from '@lingui/react';
import type { ProgrammePart, ProgrammeSession } from '@mc/contract/programme.ts';
import { paths } from '../../../lib/paths';
import { ConferenceDialog } from '../ConferenceDialog.tsx';
import { TypeBadge } from '../ConferenceBits.tsx';
import { formatDuration } from '../programmeTexts.ts';
import { formatTimeRange } from '../schedule.ts';
import { PartPlace, StarButton } from './PartBits.tsx';
import type { PartState } from './partState.ts';
import { lazyCode } from '../../../lib/lazyCode';
import { OptionalPart } from '../../../components/OptionalPart';

/** The part's questions, loaded with the dialog's first opening (the agenda's own chunk stays as it was). */
const PartPolls = lazyCode(() => import('../../polls').then((module) => ({ default: module.PartPolls })));
const PartFeedback = lazyCode(() => import('../../feedback').then((module) => ({ default: module.PartFeedback })));
const QuestionsSection = lazyCode(() => import('../../questions').then((module) => ({ default: module.QuestionsSection })));

const chipClass = `inline-flex min-h-9 items-center gap-1.5 rounded-full border border-slate-700 bg-slate-800/80 px-3 py-1 text-sm text-indigo-100 hover:border-indigo-400 hover:text-white`;

/**
 * The speakers or panelists of a part, each opening their card in the app (photo, bio, links,
 * sessions); their LinkedIn page is one of the card's links. A name the programme's speakers do
 * not know (never saved so, but kept safe) stays plain text.
 */
export function PeopleChips({ part, state }: { part: ProgrammePart; state: PartState }) {
  const { _ } = useLingui();
  if (part.speakers.length === 0) {
    return part.speaker ? <p className="text-sm text-slate-300">{part.speaker}</p> : null;
  }
  return (
    <ul className="flex flex-wrap gap-2" aria-label={part.type === 'PANEL' ? _('agenda.people.panelists') : _('agenda.people.speakers')}>
      {part.speakers.map((person) => {
        const speaker = state.speakersByName.get(person.name);
        return (
          <li key={person.name}>
            {speaker ? (
              <Link to={paths.speaker(speaker.id)} className={chipClass}>
                <span className="sr-only">{_('agenda.people.profile')} </span>
                {person.name}
              </Link>
            ) : (
              <span className="inline-flex min-h-9 items-center rounded-full border border-slate-700 px-3 py-1 text-sm text-slate-200">{person.name}</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A part's full details in a dialog: type, time, its star for My agenda, where, its session, the
 * people and the whole description. The list opens it from "View Full Details", the room grid from the part's cell; the
 * trigger gets focus back when it closes.
 */
export function PartDetailsDialog({ part, session, state, trigger }: { part: ProgrammePart; session: ProgrammeSession; state: PartState; trigger: ReactNode }) {
  const { _ } = useLingui();
  return (
    <ConferenceDialog
      trigger={trigger}
      header={
        <div className="mb-3 flex flex-wrap items-center gap-2 text-sm text-slate-300">
          <TypeBadge type={part.type} />
          <span className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-slate-400" />
            {formatTimeRange(part.startTime, part.endTime)} ({formatDuration(part.startTime, part.endTime)})
          </span>
          <PartPlace part={part} state={state} className="basis-full" />
        </div>
      }
      title={part.title}
      description={_('agenda.session.numberAndTitle', { number: session.sessionNumber, title: session.sessionTitle })}
    >
      <div className="-mt-2 flex items-center gap-1 text-sm text-slate-300">
        <StarButton part={part} state={state} />
        {/* The button's own name says what it does; this says where the part stands, for the eye. */}
        <span aria-hidden="true">{state.starred ? _('agenda.details.inMyAgenda') : _('agenda.details.notInMyAgenda')}</span>
      </div>
      {/* No heading over nothing: a part without speakers or a speaker line leaves the section out. */}
      {part.speakers.length > 0 || part.speaker ? (
        <section>
          <h3 className="flex items-center gap-1.5 text-sm font-semibold text-slate-100">
            <Users aria-hidden="true" className="size-4 text-slate-400" />
            {part.type === 'PANEL' ? _('agenda.people.panelists') : _('agenda.people.speakers')}
          </h3>
          <div className="mt-2">
            <PeopleChips part={part} state={state} />
          </div>
        </section>
      ) : null}
      <section>
        <h3 className="text-sm font-semibold text-slate-100">{_('agenda.details.about')}</h3>
        <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-slate-300">{part.description}</p>
      </section>
      <OptionalPart>
        <PartFeedback partId={part.id} title={part.title} />
        <PartPolls partId={part.id} />
        <QuestionsSection partId={part.id} />
      </OptionalPart>
    </ConferenceDialog>
  );
}
