import ICAL from 'ical.js';

/**
 * For the calendar files' tests: a text that tries to start properties of its own (CR, LF and CRLF
 * before property lines, an END of the event), with every character RFC 5545 escapes and a line
 * far longer than the 75-octet fold, and a reader that parses a file as a calendar app does.
 */
export function hostileText(label: string): string {
  return `${label} a\\b;c,d\r\nATTACH:http://evil.test/${label}\rX-EVIL:1\nEND:VEVENT ${'a long line '.repeat(12)}end`;
}

/** What a calendar app reads from a text: its line breaks, whichever were sent, as LF. */
export function asRead(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

// NAME (RFC 7986) and X-WR-CALNAME are text to calendar apps; ical.js reads them raw unless told.
for (const name of ['name', 'x-wr-calname']) ICAL.design.icalendar.property[name] = { defaultType: 'text' };

export interface ReadCalendar {
  /** The calendar's property names, then each event's, in order: what an injection would add to. */
  properties: string[];
  eventProperties: string[][];
  name: unknown;
  calname: unknown;
  events: { uid: string; summary: string; description: string }[];
}

export function readCalendar(ics: string): ReadCalendar {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const events = calendar.getAllSubcomponents('vevent');
  return {
    properties: calendar.getAllProperties().map((property) => property.name),
    eventProperties: events.map((event) => event.getAllProperties().map((property) => property.name)),
    name: calendar.getFirstPropertyValue('name'),
    calname: calendar.getFirstPropertyValue('x-wr-calname'),
    events: events.map((component) => {
      const event = new ICAL.Event(component);
      return { uid: event.uid, summary: event.summary, description: event.description };
    }),
  };
}
