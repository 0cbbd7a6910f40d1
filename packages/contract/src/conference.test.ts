import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConferenceContentError, SESSION_SCHEDULE, parseConferenceContent, sessionDay, type Part, type Session, type Speaker } from './conference.ts';

const contentDir = new URL('../../../apps/web/src/features/conference/content/', import.meta.url);
const shippedSpeakers = JSON.parse(readFileSync(new URL('speakers.json', contentDir), 'utf8')) as Speaker[];
const shippedAgenda = JSON.parse(readFileSync(new URL('agenda.json', contentDir), 'utf8')) as Session[];

/** A fresh, mutable copy of the shipped content for each broken variant. */
function copy(): { speakers: Speaker[]; agenda: Session[] } {
  return { speakers: structuredClone(shippedSpeakers), agenda: structuredClone(shippedAgenda) };
}

function session(agenda: Session[], n: number): Session {
  const found = agenda.find((s) => s.sessionNumber === n);
  if (!found) throw new Error(`no session ${n}`);
  return found;
}

function part(agenda: Session[], n: number, index: number): Part {
  const found = session(agenda, n).parts.at(index);
  if (!found) throw new Error(`no part ${index} in session ${n}`);
  return found;
}

function rejects(speakers: unknown, agenda: unknown, messagePart: string | RegExp): void {
  expect(() => parseConferenceContent(speakers, agenda)).toThrow(ConferenceContentError);
  expect(() => parseConferenceContent(speakers, agenda)).toThrow(messagePart);
}

describe('parseConferenceContent', () => {
  it('accepts the shipped content', () => {
    const content = parseConferenceContent(shippedSpeakers, shippedAgenda);
    expect(content.speakers).toHaveLength(17);
    expect(content.agenda).toHaveLength(7);
  });

  it('ships the session times of docs/product.md for every session', () => {
    const { agenda } = parseConferenceContent(shippedSpeakers, shippedAgenda);
    const times = agenda.map((s) => [s.sessionNumber, s.startTime, s.endTime]);
    expect(times).toEqual(SESSION_SCHEDULE.map((s) => [s.sessionNumber, s.startTime, s.endTime]));
    expect(SESSION_SCHEDULE.map((s) => `${s.startTime}-${s.endTime}`)).toEqual([
      '09:00-11:30',
      '11:45-14:15',
      '14:30-17:00',
      '17:15-19:45',
      '20:00-22:30',
      '08:00-11:00',
      '11:15-14:45',
    ]);
    expect([1, 2, 3, 4, 5, 6, 7].map(sessionDay)).toEqual([1, 1, 1, 1, 1, 2, 2]);
  });

  it('ships a final panel with no speakers, and every speaker has at least one part', () => {
    const { speakers, agenda } = parseConferenceContent(shippedSpeakers, shippedAgenda);
    const final = part(agenda, 7, -1);
    expect(final.type).toBe('PANEL');
    expect(final.speakers).toEqual([]);
    const referenced = new Set(agenda.flatMap((s) => s.parts.flatMap((p) => p.speakers.map((r) => r.name))));
    expect(speakers.filter((s) => !referenced.has(s.name))).toEqual([]);
  });

  it('rejects a speakers file without exactly 17 speakers', () => {
    const { speakers, agenda } = copy();
    speakers.push({ ...shippedSpeakers[0]!, id: 'extra-person', name: 'Extra Person' });
    rejects(speakers, agenda, 'exactly 17 speakers');
    rejects(speakers.slice(0, 16), agenda, 'exactly 17 speakers');
  });

  it('rejects an agenda without exactly 7 sessions', () => {
    const { speakers, agenda } = copy();
    rejects(speakers, agenda.slice(0, 6), 'exactly 7 sessions');
  });

  it('rejects a session whose times differ from docs/product.md', () => {
    const { speakers, agenda } = copy();
    session(agenda, 6).startTime = '09:00';
    rejects(speakers, agenda, 'Session 6 runs 08:00–11:00');
  });

  it('rejects a session number that appears twice', () => {
    const { speakers, agenda } = copy();
    session(agenda, 2).sessionNumber = 1;
    rejects(speakers, agenda, 'Session 1 appears twice');
  });

  it('rejects part ids that are not sNpM in order', () => {
    const { speakers, agenda } = copy();
    part(agenda, 3, 1).id = 's3p7';
    rejects(speakers, agenda, 'Expected part id "s3p2"');
    const again = copy();
    part(again.agenda, 1, 0).id = 'part-1';
    rejects(again.speakers, again.agenda, 'Expected part id "s1p1", got "part-1"');
    const upper = copy();
    part(upper.agenda, 1, 0).id = 'S1P1';
    rejects(upper.speakers, upper.agenda, 'Part ids are lower-case letters, digits and dashes');
  });

  it('rejects a part type other than TALK or PANEL', () => {
    const { speakers, agenda } = copy();
    (part(agenda, 2, 0) as { type: string }).type = 'WORKSHOP';
    rejects(speakers, agenda, /TALK|PANEL/);
  });

  it('rejects a part that names a speaker who is not in the speakers file', () => {
    const { speakers, agenda } = copy();
    part(agenda, 4, 0).speakers.push({ name: 'Nobody Known', linkedinUrl: '' });
    rejects(speakers, agenda, '"Nobody Known", who is not in the speakers file');
  });

  it('rejects a renamed speaker that parts still reference by the old name', () => {
    const { speakers, agenda } = copy();
    speakers[0]!.name = 'Someone Else';
    rejects(speakers, agenda, 'who is not in the speakers file');
  });

  it('rejects a part LinkedIn address that drifted from the speakers file', () => {
    const { speakers, agenda } = copy();
    part(agenda, 1, 1).speakers[0]!.linkedinUrl = 'https://www.linkedin.com/in/somebody-else';
    rejects(speakers, agenda, 'differs from the speakers file');
  });

  it('rejects speakers on the final panel of the last session', () => {
    const { speakers, agenda } = copy();
    part(agenda, 7, -1).speakers.push({ name: speakers[0]!.name, linkedinUrl: speakers[0]!.linkedinUrl });
    rejects(speakers, agenda, 'PANEL with no speakers');
  });

  it('rejects a final part of the last session that is a talk', () => {
    const { speakers, agenda } = copy();
    part(agenda, 7, -1).type = 'TALK';
    rejects(speakers, agenda, 'PANEL with no speakers');
  });

  it('rejects parts outside their session, overlapping, or ending before they start', () => {
    const late = copy();
    part(late.agenda, 1, -1).endTime = '11:45';
    rejects(late.speakers, late.agenda, 'must fit in session 1');
    const overlap = copy();
    part(overlap.agenda, 2, 1).startTime = '12:00';
    rejects(overlap.speakers, overlap.agenda, 'after the part before it');
    const backwards = copy();
    part(backwards.agenda, 5, 0).endTime = '19:00';
    rejects(backwards.speakers, backwards.agenda, 'must end after it starts');
  });

  it('rejects malformed times', () => {
    const { speakers, agenda } = copy();
    part(agenda, 1, 0).startTime = '9am';
    rejects(speakers, agenda, '24-hour time');
  });

  it('rejects links that are not https and photos that are not local', () => {
    const script = copy();
    script.speakers[1]!.websiteUrl = 'javascript:alert(1)';
    rejects(script.speakers, script.agenda, 'https://');
    const remote = copy();
    remote.speakers[1]!.profilePicURL = 'https://images.example.com/face.jpg';
    rejects(remote.speakers, remote.agenda, 'local image path');
    const protocolRelative = copy();
    protocolRelative.speakers[1]!.profilePicURL = '//images.example.com/face.jpg';
    rejects(protocolRelative.speakers, protocolRelative.agenda, 'local image path');
  });

  it('rejects duplicate speaker ids and names', () => {
    const ids = copy();
    ids.speakers[2]!.id = ids.speakers[1]!.id;
    rejects(ids.speakers, ids.agenda, 'Duplicate speaker id');
    const names = copy();
    names.speakers[2]!.name = names.speakers[1]!.name;
    rejects(names.speakers, names.agenda, 'Duplicate speaker name');
  });

  it('rejects missing, empty and unknown fields', () => {
    const missing = copy();
    delete (missing.speakers[3] as Partial<Speaker>).about;
    rejects(missing.speakers, missing.agenda, 'about');
    const empty = copy();
    session(empty.agenda, 3).sessionTitle = '   ';
    rejects(empty.speakers, empty.agenda, 'Must not be empty');
    const unknown = copy();
    (unknown.speakers[0] as Record<string, unknown>).photo = '/speakers/x.jpg';
    rejects(unknown.speakers, unknown.agenda, 'photo');
  });

  it('rejects content that is not the expected shape at all', () => {
    rejects({}, [], 'Conference content is invalid');
    rejects(shippedSpeakers, 'agenda', 'invalid');
  });
});
