import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import { AGENDA_MESSAGES, type ProgrammeSession } from '@mc/contract';
import { PART_ID_PATTERN } from '@mc/contract/conference.ts';
import { loadConfig } from '../../config.ts';
import { describeEachDatabase, signUpUser, untyped } from '../../../test/harness.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { publishNow } from '../../../test/programme.ts';

function eventUids(ics: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return calendar.getAllSubcomponents('vevent').map((event) => String(event.getFirstPropertyValue('uid')));
}

describeEachDatabase('my agenda and calendars through supabase-js rpc', (server) => {
  it('stars and unstars parts, answers the state left, and a repeat changes nothing', async () => {
    const { client } = await signUpUser(server());
    expect((await client.rpc('get_my_agenda', {})).data).toEqual([]);

    const star = await client.rpc('set_agenda_favourite', { p_part_id: 's1p2', p_starred: true });
    expect(star.error).toBeNull();
    expect(star.data).toEqual({ part_id: 's1p2', starred: true });
    await client.rpc('set_agenda_favourite', { p_part_id: 's1p2', p_starred: true });
    await client.rpc('set_agenda_favourite', { p_part_id: 's6p1', p_starred: true });
    const mine = await client.rpc('get_my_agenda', {});
    expect(mine.data!.map((row) => row.part_id)).toEqual(['s1p2', 's6p1']);
    expect(Number.isNaN(Date.parse(mine.data![0]!.added_at))).toBe(false);

    expect((await client.rpc('set_agenda_favourite', { p_part_id: 's1p2', p_starred: false })).data).toEqual({ part_id: 's1p2', starred: false });
    expect((await client.rpc('set_agenda_favourite', { p_part_id: 's1p2', p_starred: false })).error).toBeNull();
    expect((await client.rpc('get_my_agenda', {})).data!.map((row) => row.part_id)).toEqual(['s6p1']);
  });

  it('keeps favourites private: another person sees only their own', async () => {
    const me = await signUpUser(server());
    const other = await signUpUser(server());
    await me.client.rpc('set_agenda_favourite', { p_part_id: 's2p1', p_starred: true });
    expect((await other.client.rpc('get_my_agenda', {})).data).toEqual([]);
    // Unstarring "the same part" as someone else removes nothing of mine.
    await other.client.rpc('set_agenda_favourite', { p_part_id: 's2p1', p_starred: false });
    expect((await me.client.rpc('get_my_agenda', {})).data).toHaveLength(1);
  });

  it('refuses a part that is not in the programme, and bad parameters, changing nothing', async () => {
    const { client } = await signUpUser(server());
    const unknown = await client.rpc('set_agenda_favourite', { p_part_id: 's9p9', p_starred: true });
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('P0001');
    expect(unknown.error?.message).toBe(AGENDA_MESSAGES.unknownPart);
    const bad = await client.rpc('set_agenda_favourite', { p_part_id: "s1p1'; drop table users", p_starred: true });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toMatch(/p_part_id/);
    const missing = await untyped(client).rpc('set_agenda_favourite', { p_part_id: 's1p1' });
    expect(missing.status).toBe(400);
    expect(missing.error?.message).toMatch(/p_starred/);
    expect((await client.rpc('get_my_agenda', {})).data).toEqual([]);
  });

  it('needs a signed-in person', async () => {
    const response = await fetch(`${server().url}/rest/v1/rpc/get_my_agenda`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
  });

  it('answers one part or the whole programme as an .ics file', async () => {
    const { client } = await signUpUser(server());
    const one = await client.rpc('get_agenda_calendar', { p_part_id: 's1p3' });
    expect(one.error).toBeNull();
    expect(one.data!.filename).toBe('s1p3-from-intention-to-action.ics');
    const host = new URL(server().url).host;
    expect(eventUids(one.data!.ics)).toEqual([`s1p3@${host}`]);

    const all = await client.rpc('get_agenda_calendar', {});
    expect(all.data!.filename).toBe('community-mission-game-2025.ics');
    expect(eventUids(all.data!.ics).length).toBeGreaterThan(20);

    const unknown = await client.rpc('get_agenda_calendar', { p_part_id: 's8p1' });
    expect(unknown.error?.message).toBe(AGENDA_MESSAGES.unknownPart);
  });

  it('a subscription address shows my favourites as they change, until I revoke or replace it', async () => {
    const { client, session } = await signUpUser(server());
    expect((await client.rpc('get_calendar_feed', {})).data).toEqual({ active: false, created_at: null });
    await client.rpc('set_agenda_favourite', { p_part_id: 's3p1', p_starred: true });

    const created = await client.rpc('create_calendar_feed', {});
    expect(created.error).toBeNull();
    const feed = created.data!;
    expect(feed.active).toBe(true);
    expect(feed.https_url.startsWith(`${server().url}/calendar/feeds/`)).toBe(true);
    expect(feed.webcal_url).toBe(feed.https_url.replace(/^http:/, 'webcal:'));
    // Its own secret: not the access token, nor anything in it.
    expect(feed.https_url).not.toContain(session.access_token.split('.')[1]);
    expect((await client.rpc('get_calendar_feed', {})).data).toMatchObject({ active: true });

    const host = new URL(server().url).host;
    const read = async (url: string) => fetch(url);
    let response = await read(feed.https_url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(eventUids(await response.text())).toEqual([`s3p1@${host}`]);

    // A change to my favourites shows at the next refresh of the same address.
    await client.rpc('set_agenda_favourite', { p_part_id: 's7p2', p_starred: true });
    response = await read(feed.https_url);
    expect(eventUids(await response.text()).sort()).toEqual([`s3p1@${host}`, `s7p2@${host}`]);

    // A new address replaces the old one at once.
    const replaced = (await client.rpc('create_calendar_feed', {})).data!;
    expect(replaced.https_url).not.toBe(feed.https_url);
    expect((await read(feed.https_url)).status).toBe(404);
    expect((await read(replaced.https_url)).status).toBe(200);

    // Revoked: gone, and the answer says nothing about whether it existed.
    expect((await client.rpc('revoke_calendar_feed', {})).data).toEqual({ active: false, created_at: null });
    const revoked = await read(replaced.https_url);
    expect(revoked.status).toBe(404);
    expect(await revoked.text()).toBe('This calendar address does not exist or was revoked.');
  });

  it('stars a part the organisers named in the programme editor, and follows later edits of it into the calendars', async () => {
    const organiser = await signUpOrganiser(server());
    const session: ProgrammeSession = {
      sessionNumber: 40,
      day: 2,
      sessionTitle: 'Evening keynotes',
      startTime: '18:00',
      endTime: '19:00',
      parts: [
        {
          id: 'opening-keynote',
          title: 'Opening keynote',
          type: 'TALK',
          startTime: '18:00',
          endTime: '18:30',
          speaker: '',
          speakers: [],
          description: 'A part whose id is not "s1p1"-shaped.',
        },
        { id: 'q-and-a-2', title: 'Questions', type: 'PANEL', startTime: '18:30', endTime: '19:00', speaker: '', speakers: [], description: 'And another.' },
      ],
    };
    const saved = await organiser.client.rpc('save_session', { p_original_number: null, p_session: session });
    expect(saved.error).toBeNull();
    await publishNow(organiser, 'Session 40 is in');

    const { client } = await signUpUser(server());
    for (const partId of ['opening-keynote', 'q-and-a-2']) {
      const star = await client.rpc('set_agenda_favourite', { p_part_id: partId, p_starred: true });
      expect(star.status).toBe(200);
      expect(star.data).toEqual({ part_id: partId, starred: true });
    }
    expect((await client.rpc('get_my_agenda', {})).data!.map((row) => row.part_id)).toEqual(['opening-keynote', 'q-and-a-2']);
    expect((await client.rpc('set_agenda_favourite', { p_part_id: 'q-and-a-2', p_starred: false })).data).toEqual({ part_id: 'q-and-a-2', starred: false });

    const host = new URL(server().url).host;
    const one = await client.rpc('get_agenda_calendar', { p_part_id: 'opening-keynote' });
    expect(one.data!.filename).toBe('opening-keynote-opening-keynote.ics');
    expect(eventUids(one.data!.ics)).toEqual([`opening-keynote@${host}`]);

    // The subscription address shows the part, and an organiser's later change of its time.
    const feed = (await client.rpc('create_calendar_feed', {})).data!;
    const startOf = async () => {
      const calendar = new ICAL.Component(ICAL.parse(await (await fetch(feed.https_url)).text()));
      const [event] = calendar.getAllSubcomponents('vevent').map((component) => new ICAL.Event(component));
      return { uid: event?.uid, start: event?.startDate.toString() };
    };
    expect(await startOf()).toEqual({ uid: `opening-keynote@${host}`, start: '2025-12-07T18:00:00' });
    const [first, second] = session.parts as [ProgrammeSession['parts'][number], ProgrammeSession['parts'][number]];
    const moved = { ...session, parts: [{ ...first, startTime: '18:10', endTime: '18:25' }, second] };
    expect((await organiser.client.rpc('save_session', { p_original_number: 40, p_session: moved })).error).toBeNull();
    // The draft's new time reaches the calendar only once published.
    expect(await startOf()).toEqual({ uid: `opening-keynote@${host}`, start: '2025-12-07T18:00:00' });
    await publishNow(organiser, 'The keynote starts ten minutes later');
    expect(await startOf()).toEqual({ uid: `opening-keynote@${host}`, start: '2025-12-07T18:10:00' });

    // Ids outside the rule are still refused before anything reaches the database.
    for (const bad of ['Opening-Keynote', 'opening_keynote', 'opening--keynote', '-opening']) {
      const refused = await client.rpc('set_agenda_favourite', { p_part_id: bad, p_starred: true });
      expect(refused.status, bad).toBe(400);
      expect(refused.error?.message).toMatch(/p_part_id/);
    }
  });

  it('the database accepts exactly the part ids the contract accepts', async () => {
    const { user } = await signUpUser(server());
    const candidates = ['s1p1', 's12p30', 'opening-keynote', 'a', '2026', 'q-and-a-2', '', '-a', 'a-', 'a--b', 'S1P1', 's1_p1', 'a b', 'café', 's1p1\n'];
    for (const id of candidates) {
      let stored = true;
      try {
        await server().db.query('insert into agenda_favourites (user_id, part_id) values ($1, $2)', [user.id, id]);
      } catch (error) {
        expect(String(error)).toMatch(/agenda_favourites_part_id_check/);
        stored = false;
      }
      expect(stored, JSON.stringify(id)).toBe(PART_ID_PATTERN.test(id));
    }
    await server().db.query('delete from agenda_favourites where user_id = $1', [user.id]);
  });

  it('answers 404 for a made-up or malformed address', async () => {
    for (const path of ['/calendar/feeds/' + 'A'.repeat(43) + '.ics', '/calendar/feeds/short.ics', '/calendar/feeds/' + 'A'.repeat(43)]) {
      const response = await fetch(`${server().url}${path}`);
      expect(response.status).toBe(404);
    }
  });
});

it('refuses a bad conference date or time zone at start, naming the variable', () => {
  expect(() => loadConfig({ CONFERENCE_START_DATE: '2025-13-01' })).toThrow(/CONFERENCE_START_DATE/);
  expect(() => loadConfig({ CONFERENCE_TIME_ZONE: 'Nowhere/Town' })).toThrow(/CONFERENCE_TIME_ZONE/);
  expect(loadConfig({}).CONFERENCE_TIME_ZONE).toBe('Africa/Johannesburg');
});
