import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import type { ProgrammeResponse } from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { publishNow } from '../../../test/programme.ts';

/** Where things happen: the venue, its address and map link, and each part's room, in every calendar. */

async function call<T = ProgrammeResponse>(user: TestUser, name: string, params: Record<string, unknown>) {
  const { data, error, status } = await untyped(user.client).rpc(name, params);
  return { data: data as T, error, status };
}

async function draftVersion(server: TestServer): Promise<number> {
  const [row] = await server.db.query<{ version: string | number }>('select version from programme');
  return Number(row?.version);
}

function locations(ics: string): Map<string, string | null> {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return new Map(
    calendar
      .getAllSubcomponents('vevent')
      .map((event) => [String(event.getFirstPropertyValue('uid')).split('@')[0] ?? '', event.getFirstPropertyValue('location') as string | null]),
  );
}

describeEachDatabase('venue and rooms', (server) => {
  it('the venue, its address and each room reach the calendar file and the private feed as LOCATION', async () => {
    const organiser = await signUpOrganiser(server());
    const { data: draft } = await call<ProgrammeResponse>(organiser, 'get_programme_draft', {});
    const settings = {
      ...draft.programme.settings,
      venue: 'Harbour Hall',
      venueAddress: '1 Dock Road, Cape Town',
      mapUrl: 'https://www.openstreetmap.org/#map=18/-33.90/18.42',
      rooms: ['Hall B'],
    };
    expect((await call(organiser, 'save_programme_settings', { p_settings: settings })).error).toBeNull();
    const session = draft.programme.agenda.find((candidate) => candidate.sessionNumber === 1)!;
    const moved = { ...session, parts: session.parts.map((part, index) => (index === 0 ? { ...part, room: 'Hall B' } : part)) };
    expect((await call(organiser, 'save_session', { p_original_number: 1, p_session: moved })).error).toBeNull();
    await publishNow(organiser, 'Rooms and the venue are in');

    const published = (await (await fetch(`${server().url}/content/v1/programme`)).json()) as ProgrammeResponse;
    expect(published.programme.settings).toMatchObject({ venue: 'Harbour Hall', venueAddress: '1 Dock Road, Cape Town', mapUrl: settings.mapUrl });

    const attendee = await signUpUser(server());
    const file = await call<{ ics: string }>(attendee, 'get_agenda_calendar', {});
    const all = locations(file.data.ics);
    expect(all.get('s1p1')).toBe('Hall B, Harbour Hall, 1 Dock Road, Cape Town');
    expect(all.get('s1p2')).toBe('Harbour Hall, 1 Dock Road, Cape Town');

    await call(attendee, 'set_agenda_favourite', { p_part_id: 's1p1', p_starred: true });
    const feed = await call<{ https_url: string }>(attendee, 'create_calendar_feed', {});
    const ics = await (await fetch(feed.data.https_url.replace(/^https?:\/\/[^/]+/, server().url))).text();
    expect([...locations(ics)]).toEqual([['s1p1', 'Hall B, Harbour Hall, 1 Dock Road, Cape Town']]);
  });

  it('a room name of 10,000 characters or a map link that is not https is refused in words, and nothing changes', async () => {
    const organiser = await signUpOrganiser(server());
    const { data: draft } = await call<ProgrammeResponse>(organiser, 'get_programme_draft', {});
    const before = await draftVersion(server());

    const longRoom = await call(organiser, 'save_programme_settings', { p_settings: { ...draft.programme.settings, rooms: ['x'.repeat(10_000)] } });
    expect(longRoom.status).toBe(400);
    expect(longRoom.error?.message).toBe('The programme has 1 problem; nothing was changed.');
    expect(longRoom.error?.details).toBe('Conference details, room 1: must be at most 100 characters');

    const badMap = await call(organiser, 'save_programme_settings', { p_settings: { ...draft.programme.settings, mapUrl: 'javascript:alert(1)' } });
    expect(badMap.status).toBe(400);
    expect(badMap.error?.details).toBe('Conference details, map link: use a whole https:// address, such as a link to the venue on a map');

    expect(await draftVersion(server())).toBe(before);
  });
});
