import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { programmeCalendar } from './calendar.ts';
import { partsOf, programmeView, sampleProgramme, type Programme } from '../../kernel/programme.ts';
import type { Part } from '@mc/contract/conference.ts';
import { asRead, hostileText, readCalendar } from '../../../test/calendar-texts.ts';

// The .ics files are checked by reading them back with ical.js (Mozilla's iCalendar parser, the
// one Thunderbird uses), not by comparing strings: what matters is what a calendar app sees.

const config = loadConfig({ CONFERENCE_START_DATE: '2025-12-06', CONFERENCE_TIME_ZONE: 'Europe/Berlin' });
async function programme(): Promise<Programme> {
  return programmeView(sampleProgramme(config));
}

function parse(ics: string): ICAL.Component {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  // Register the file's own VTIMEZONE so event times resolve through it, as a calendar app does.
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return calendar;
}

describe('programme .ics (RFC 5545)', () => {
  it('has every part once, at venue time with its TZID, and converts to the right UTC moments', async () => {
    const source = await programme();
    const calendar = parse(
      programmeCalendar(source, { name: 'Community Mission Game 2025', publicUrl: 'https://mc.example.org', now: new Date('2025-11-01T10:00:00Z') }),
    );
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
    const parts = partsOf(source);
    expect(events).toHaveLength(parts.length);
    expect(new Set(events.map((event) => event.uid)).size).toBe(parts.length);

    const zone = calendar.getFirstSubcomponent('vtimezone');
    expect(zone?.getFirstPropertyValue('tzid')).toBe('Europe/Berlin');

    const opening = events.find((event) => event.uid === 's1p1@mc.example.org');
    expect(opening?.summary).toBe('Welcome to Mission Control');
    expect(opening?.component.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('Europe/Berlin');
    expect(opening?.startDate.toString()).toBe('2025-12-06T09:00:00');
    // Berlin is UTC+1 in December: 09:00 there is 08:00 UTC.
    expect(opening?.startDate.toJSDate().toISOString()).toBe('2025-12-06T08:00:00.000Z');
    expect(opening?.endDate.toJSDate().toISOString()).toBe('2025-12-06T08:30:00.000Z');

    // Day two's parts fall on the second date.
    const dayTwo = events.find((event) => event.uid === 's6p1@mc.example.org');
    expect(dayTwo?.startDate.toString().slice(0, 10)).toBe('2025-12-07');
    expect(opening?.component.getFirstPropertyValue('url')).toBe('https://mc.example.org/agenda-schedule?part=s1p1');
  });

  it('keeps the same UIDs from one file to the next, so a re-import updates instead of duplicating', async () => {
    const source = await programme();
    const uids = (ics: string) =>
      parse(ics)
        .getAllSubcomponents('vevent')
        .map((component) => component.getFirstPropertyValue('uid'));
    const first = uids(programmeCalendar(source, { name: 'A', publicUrl: 'https://mc.example.org', now: new Date('2025-11-01T10:00:00Z') }));
    const second = uids(programmeCalendar(source, { name: 'A', publicUrl: 'https://mc.example.org', now: new Date('2025-11-02T10:00:00Z') }));
    expect(second).toEqual(first);
  });

  it('escapes commas, semicolons, backslashes and new lines, and folds long lines at 75 octets', async () => {
    const source = await programme();
    const tricky = structuredClone(source);
    const part = tricky.agenda[0]!.parts[0]!;
    part.title = 'Maps, data; and \\ back-slashes';
    part.description = `${'A long line about community missions and calendars '.repeat(4)}\nSecond paragraph, with a comma.`;
    const ics = programmeCalendar(tricky, { name: 'Test', publicUrl: 'https://mc.example.org', partIds: new Set([part.id]) });
    expect(ics).toContain('SUMMARY:Maps\\, data\\; and \\\\ back-slashes');
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const [event] = parse(ics)
      .getAllSubcomponents('vevent')
      .map((component) => new ICAL.Event(component));
    expect(event?.summary).toBe('Maps, data; and \\ back-slashes');
    expect(event?.description).toContain('\nSecond paragraph, with a comma.');
  });

  it("puts each part's room, the venue and its address into LOCATION, and leaves LOCATION out when none is known", async () => {
    const source = await programme();
    const located = structuredClone(source);
    located.settings = { ...located.settings, venue: 'Harbour Hall', venueAddress: '1 Dock Road, Cape Town', rooms: ['Hall B'] };
    located.agenda[0]!.parts[0]!.room = 'Hall B';
    const read = (from: Programme) =>
      new Map(
        parse(programmeCalendar(from, { name: 'Where', publicUrl: 'https://mc.example.org', partIds: new Set(['s1p1', 's1p2']) }))
          .getAllSubcomponents('vevent')
          .map((component) => [component.getFirstPropertyValue('uid'), component.getFirstPropertyValue('location')]),
      );
    const where = read(located);
    expect(where.get('s1p1@mc.example.org')).toBe('Hall B, Harbour Hall, 1 Dock Road, Cape Town');
    expect(where.get('s1p2@mc.example.org')).toBe('Harbour Hall, 1 Dock Road, Cape Town');
    expect(read(source).get('s1p1@mc.example.org')).toBeNull();
  });

  it('holds only the chosen parts', async () => {
    const source = await programme();
    const ics = programmeCalendar(source, { name: 'Mine', publicUrl: 'http://localhost:3000', partIds: new Set(['s2p1', 's7p1']) });
    const uids = parse(ics)
      .getAllSubcomponents('vevent')
      .map((component) => component.getFirstPropertyValue('uid'));
    expect(uids.sort()).toEqual(['s2p1@localhost:3000', 's7p1@localhost:3000']);
  });
});

describe('programme .ics with hostile texts', () => {
  it('keeps CR, LF, ";", ",", "\\" and long lines inside their own property in every text the file carries', async () => {
    const source = await programme();
    const hostile = structuredClone(source);
    const session = hostile.agenda[0]!;
    session.sessionTitle = hostileText('session');
    const [withSpeakers, withSpeakerLine] = session.parts as [Part, Part];
    withSpeakers.title = hostileText('title');
    withSpeakers.description = hostileText('description');
    withSpeakers.speakers = [{ name: hostileText('speaker-one') }, { name: hostileText('speaker-two') }];
    withSpeakerLine.title = hostileText('second-title');
    withSpeakerLine.speakers = [];
    withSpeakerLine.speaker = hostileText('speaker-line');
    const partIds = new Set([withSpeakers.id, withSpeakerLine.id]);
    const name = hostileText('calendar');
    const options = { publicUrl: 'https://mc.example.org', partIds, now: new Date('2025-11-01T10:00:00Z') };
    const ics = programmeCalendar(hostile, { ...options, name });
    const plain = readCalendar(programmeCalendar(source, { ...options, name: 'Plain' }));

    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(ics).not.toMatch(/\r\n(ATTACH|X-EVIL)/);
    const read = readCalendar(ics);
    // Not one property more than the same file with plain texts.
    expect(read.properties).toEqual(plain.properties);
    expect(read.eventProperties).toEqual(plain.eventProperties);
    expect(read.name).toBe(asRead(name));
    expect(read.calname).toBe(asRead(name));
    const host = 'mc.example.org';
    const first = read.events.find((event) => event.uid === `${withSpeakers.id}@${host}`);
    expect(first?.summary).toBe(asRead(withSpeakers.title));
    expect(first?.description).toBe(
      asRead(
        `Session ${session.sessionNumber}: ${session.sessionTitle}\nSpeakers: ${withSpeakers.speakers.map((person) => person.name).join(', ')}\n\n${withSpeakers.description}`,
      ),
    );
    const second = read.events.find((event) => event.uid === `${withSpeakerLine.id}@${host}`);
    expect(second?.summary).toBe(asRead(withSpeakerLine.title));
    expect(second?.description).toContain(asRead(`Speakers: ${withSpeakerLine.speaker}\n\n${withSpeakerLine.description}`));
  });
});
