import { describeDayShift, describePartChange, type DayShift, type PartChange } from '@mc/contract/programmeVersions.ts';
import { dateTimeFormat } from '../../i18n/formats';
import { fillTemplate, type TemplateValues } from '@mc/contract/wording.ts';
import { currentLanguage, i18n } from '../../i18n/i18n';
import { durationOf } from './schedule.ts';

/**
 * The programme's own words in the interface's language, for the screens to call as they draw
 * (docs/product.md#agenda-schedule). Apart from schedule.ts, whose rules stay pure and tested
 * without a catalogue.
 */

/** The days with a name of their own; a later day is "Day 3". */
const DAY_NAMES = [
  { day: 1, messageId: 'agenda.day.one' },
  { day: 2, messageId: 'agenda.day.two' },
];

/** "Day One", "Day Two", then "Day 3": a conference day's name, as its tab and its heading show it. */
export function dayLabel(day: number): string {
  const named = DAY_NAMES.find((entry) => entry.day === day);
  return named ? i18n._(named.messageId) : i18n._('agenda.day.numbered', { day });
}

/** "1h 30m", "45m", "2h" in English: a part's length, as short as the compact list needs. */
export function formatDuration(startTime: string, endTime: string): string {
  const { hours, minutes } = durationOf(startTime, endTime);
  if (hours === 0) return i18n._('agenda.duration.minutes', { minutes });
  return minutes === 0 ? i18n._('agenda.duration.hours', { hours }) : i18n._('agenda.duration.hoursMinutes', { hours, minutes });
}

/** The catalogue's message for each English template a programme change is told with (the contract's describePartChange). */
export const PART_CHANGE_MESSAGE_IDS: Readonly<Record<string, string>> = {
  'nobody named': 'programme.change.nobodyNamed',
  'New: "{title}", {when}': 'programme.change.new',
  'Cancelled: "{title}" (was {when})': 'programme.change.cancelled',
  '"{before}" is now "{after}"': 'programme.change.renamed',
  'moved: {from} → {to}': 'programme.change.movedToo',
  '"{title}" moved: {from} → {to}': 'programme.change.moved',
  'speakers now {now} (were {were})': 'programme.change.speakersToo',
  '"{title}": speakers now {now} (were {were})': 'programme.change.speakers',
  'All parts moved from {from} to {to}': 'programme.change.shifted',
};

/**
 * A programme change in the interface's language: the contract tells it in English templates,
 * each said here by its catalogue message, the days written as the language writes them. English
 * keeps the contract's own wording (days as in Britain, as the bell and the e-mails write them).
 */
export function describeChange(change: PartChange): string {
  if (currentLanguage() === 'en') return describePartChange(change);
  return describePartChange(change, catalogueWording());
}

/** The contract's wording said by the catalogue, the days written as the interface's language writes them. */
function catalogueWording() {
  const say = (english: string, values?: TemplateValues) => {
    const id = PART_CHANGE_MESSAGE_IDS[english];
    return id ? i18n._(id, values) : fillTemplate(english, values);
  };
  return { say, locale: `${currentLanguage()}-ZA`, dateFormat: dateTimeFormat };
}

/** "All parts moved from 6–7 Dec to 29–30 Nov": a shift of the whole programme in one line, in the interface's language. */
export function describeShift(shift: DayShift): string {
  if (currentLanguage() === 'en') return describeDayShift(shift);
  return describeDayShift(shift, catalogueWording());
}
