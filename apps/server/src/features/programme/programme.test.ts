import { expect, it } from 'vitest';
import { AUDIT_KINDS, PROGRAMME_LIMITS, type AuditLogPage, type ProgrammeResponse, type ProgrammeSession } from '@mc/contract';
import type { Speaker } from '@mc/contract/conference.ts';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';
import { publishNow } from '../../../test/programme.ts';

/** The programme in the database: the public read with its ETag, every organiser edit, import, photos. */

async function readPublic(
  server: TestServer,
  etag?: string,
): Promise<{ status: number; etag: string | null; cache: string | null; body: ProgrammeResponse | null }> {
  const response = await fetch(`${server.url}/content/v1/programme`, { headers: etag ? { 'if-none-match': etag } : {} });
  const body = response.status === 200 ? ((await response.json()) as ProgrammeResponse) : null;
  return { status: response.status, etag: response.headers.get('etag'), cache: response.headers.get('cache-control'), body };
}

/** The organisers' draft, as the console reads it. */
async function readDraft(organiser: TestUser): Promise<ProgrammeResponse> {
  const { data, error } = await untyped(organiser.client).rpc('get_programme_draft', {});
  expect(error).toBeNull();
  return data as ProgrammeResponse;
}

async function call<T = ProgrammeResponse>(user: TestUser, name: string, params: Record<string, unknown>) {
  const { data, error, status } = await untyped(user.client).rpc(name, params);
  return { data: data as T, error, status };
}

const newSpeaker = (id: string, name: string): Speaker => ({
  id,
  name,
  designation: 'Engineer, Test Labs',
  about: 'Builds things that last.',
  profilePicURL: '',
  linkedinUrl: `https://www.linkedin.com/in/${id}`,
  websiteUrl: '',
  twitterUrl: '',
});

const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1f0b3e60000000049454e44ae426082',
  'hex',
);

describeEachDatabase('programme', (server) => {
  it('is seeded from the sample files and read publicly with an ETag, 304 when unchanged', async () => {
    const first = await readPublic(server());
    expect(first.status).toBe(200);
    expect(first.cache).toBe('no-cache');
    expect(first.body?.programme.speakers).toHaveLength(17);
    expect(first.body?.programme.agenda).toHaveLength(7);
    expect(first.body?.programme.agenda.map((session) => session.day)).toEqual([1, 1, 1, 1, 1, 2, 2]);
    expect(first.body?.programme.settings).toMatchObject({ startDate: '2025-12-06', endDate: '2025-12-07', timeZone: 'Africa/Johannesburg' });
    expect(first.etag).toBe(`"published-${first.body?.version}"`);
    const again = await readPublic(server(), first.etag ?? '');
    expect(again.status).toBe(304);
  });

  it('refuses every programme procedure to the signed out and attendees, and changes nothing', async () => {
    const before = await readPublic(server());
    const speaker = newSpeaker('refused-speaker', 'Refused Speaker');
    await expectOrganiserOnly(server(), 'save_programme_settings', { p_settings: before.body?.programme.settings });
    await expectOrganiserOnly(server(), 'save_speaker', { p_original_id: null, p_speaker: speaker });
    await expectOrganiserOnly(server(), 'delete_speaker', { p_id: 'amina-yusuf' });
    await expectOrganiserOnly(server(), 'reorder_speakers', { p_ids: [] });
    await expectOrganiserOnly(server(), 'save_session', { p_original_number: 1, p_session: before.body?.programme.agenda[0] });
    await expectOrganiserOnly(server(), 'delete_session', { p_number: 1 });
    await expectOrganiserOnly(server(), 'import_programme', { p_programme: before.body?.programme });
    expect((await readPublic(server())).body).toEqual(before.body);
  });

  it('an organiser adds, edits (followed into the agenda), reorders and deletes speakers; attendees see it once published', async () => {
    const organiser = await signUpOrganiser(server());
    const start = await readPublic(server());
    const draft = await readDraft(organiser);

    const added = await call(organiser, 'save_speaker', { p_original_id: null, p_speaker: newSpeaker('grace-hopper', 'Grace Hopper') });
    expect(added.error).toBeNull();
    expect(added.data.version).toBe(draft.version + 1);
    // The draft is the organisers' alone until they publish it.
    expect((await readPublic(server(), start.etag ?? '')).status).toBe(304);
    await publishNow(organiser, 'Grace Hopper joins the speakers');
    const afterAdd = await readPublic(server(), start.etag ?? '');
    expect(afterAdd.status).toBe(200);
    expect(afterAdd.body?.programme.speakers.at(-1)?.name).toBe('Grace Hopper');

    // Renaming a speaker who appears in parts follows into those parts.
    const amina = start.body?.programme.speakers.find((speaker) => speaker.id === 'amina-yusuf') as Speaker;
    const renamed = await call(organiser, 'save_speaker', {
      p_original_id: 'amina-yusuf',
      p_speaker: { ...amina, name: 'Amina Yusuf-Okafor', designation: 'Chief Navigator' },
    });
    expect(renamed.error).toBeNull();
    const parts = renamed.data.programme.agenda.flatMap((session) => session.parts);
    expect(parts.some((part) => part.speakers.some((ref) => ref.name === 'Amina Yusuf'))).toBe(false);
    expect(parts.find((part) => part.id === 's1p2')?.speakers).toEqual([{ name: 'Amina Yusuf-Okafor', linkedinUrl: amina.linkedinUrl }]);
    expect(parts.find((part) => part.id === 's1p2')?.speaker).toBe('Amina Yusuf-Okafor');

    const inUse = await call(organiser, 'delete_speaker', { p_id: 'amina-yusuf' });
    expect(inUse.status).toBe(400);
    expect(inUse.error?.message).toMatch(/^This speaker still appears in s1p2/);

    const duplicate = await call(organiser, 'save_speaker', { p_original_id: null, p_speaker: newSpeaker('grace-hopper', 'Another Grace') });
    expect(duplicate.status).toBe(400);
    expect(duplicate.error?.details).toBe('Speaker "Another Grace", id: another speaker already has the id "grace-hopper"');

    const ids = renamed.data.programme.speakers.map((speaker) => speaker.id);
    const wrongOrder = await call(organiser, 'reorder_speakers', { p_ids: ids.slice(1) });
    expect(wrongOrder.status).toBe(400);
    const reordered = await call(organiser, 'reorder_speakers', { p_ids: [...ids].reverse() });
    expect(reordered.data.programme.speakers.map((speaker) => speaker.id)).toEqual([...ids].reverse());

    const deleted = await call(organiser, 'delete_speaker', { p_id: 'grace-hopper' });
    expect(deleted.data.programme.speakers.some((speaker) => speaker.id === 'grace-hopper')).toBe(false);

    const log = (await call<AuditLogPage>(organiser, 'list_audit_log', { p_actor_id: organiser.user.id })).data;
    expect(log.entries.map((entry) => entry.kind)).toEqual([
      AUDIT_KINDS.programmeSpeakerDeleted,
      AUDIT_KINDS.programmeSpeakersReordered,
      AUDIT_KINDS.programmeSpeakerSaved,
      AUDIT_KINDS.programmePublished,
      AUDIT_KINDS.programmeSpeakerSaved,
    ]);
    expect(log.entries[2]).toMatchObject({ subject: 'Amina Yusuf-Okafor', before: { name: 'Amina Yusuf' }, after: { name: 'Amina Yusuf-Okafor' } });
  });

  it('an organiser edits sessions, parts, dates and rooms; bad times, unknown speakers and rooms are refused and change nothing', async () => {
    const organiser = await signUpOrganiser(server());
    const start = (await readPublic(server())).body as ProgrammeResponse;

    const settings = {
      ...start.programme.settings,
      venue: 'Harbour Hall',
      rooms: ['Main stage', 'Workshop room'],
      endDate: start.programme.settings.startDate,
    };
    const tooShort = await call(organiser, 'save_programme_settings', { p_settings: settings });
    // Day-two sessions would fall outside a one-day conference.
    expect(tooShort.status).toBe(400);
    expect(tooShort.error?.details?.split('\n')).toContain('Session 6: it is on day 2, but the conference has 1 day');

    const savedSettings = await call(organiser, 'save_programme_settings', { p_settings: { ...settings, endDate: '2025-12-07', timeZone: 'Europe/Berlin' } });
    expect(savedSettings.error).toBeNull();
    expect(savedSettings.data.programme.settings).toMatchObject({ venue: 'Harbour Hall', rooms: ['Main stage', 'Workshop room'], timeZone: 'Europe/Berlin' });

    const session: ProgrammeSession = {
      sessionNumber: 8,
      day: 2,
      sessionTitle: 'Closing Orbit',
      startTime: '15:00',
      endTime: '16:00',
      parts: [
        {
          id: 's8p1',
          title: 'Thank you',
          type: 'TALK',
          startTime: '15:00',
          endTime: '15:30',
          speaker: 'Rukhsana Moosa',
          speakers: [{ name: 'Rukhsana Moosa', linkedinUrl: 'https://www.linkedin.com/in/sample-rukhsana-moosa' }],
          description: 'Goodbye.',
          room: 'Main stage',
        },
      ],
    };
    const created = await call(organiser, 'save_session', { p_original_number: null, p_session: session });
    expect(created.error).toBeNull();
    expect(created.data.programme.agenda.at(-1)?.sessionNumber).toBe(8);

    const before = await readDraft(organiser);
    const broken = {
      ...session,
      parts: [{ ...session.parts[0], endTime: '14:00', room: 'Basement', speakers: [{ name: 'Nobody Known', linkedinUrl: '' }] }],
    };
    const refused = await call(organiser, 'save_session', { p_original_number: 8, p_session: broken });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('The programme has 3 problems; nothing was changed.');
    expect(refused.error?.details?.split('\n')).toEqual([
      'Session 8, part 1: the start time must be before the end time',
      'Session 8, part 1, room: "Basement" is not one of the conference\'s rooms',
      'Session 8, part 1, speaker 1: "Nobody Known" is not one of the speakers',
    ]);

    // One mistyped time is one problem, said in words: not also "the next part overlaps it".
    const twoParts: ProgrammeSession = {
      ...session,
      parts: [
        { ...session.parts[0]!, id: 's8p1', startTime: '15:00', endTime: '16:30' },
        { ...session.parts[0]!, id: 's8p2', startTime: '15:30', endTime: '16:00' },
      ],
    };
    const lateEnd = await call(organiser, 'save_session', { p_original_number: 8, p_session: twoParts });
    expect(lateEnd.error?.message).toBe('The programme has 1 problem; nothing was changed.');
    expect(lateEnd.error?.details).toBe('Session 8, part 1: it ends at 16:30, after the session ends (16:00)');
    const lateStart = { ...twoParts, parts: [{ ...twoParts.parts[0]!, startTime: '15:45', endTime: '15:30' }, twoParts.parts[1]!] };
    expect((await call(organiser, 'save_session', { p_original_number: 8, p_session: lateStart })).error?.details).toBe(
      'Session 8, part 1: the start time must be before the end time',
    );
    const overlap = {
      ...twoParts,
      parts: [
        { ...twoParts.parts[0]!, endTime: '15:30' },
        { ...twoParts.parts[1]!, startTime: '15:20' },
      ],
    };
    expect((await call(organiser, 'save_session', { p_original_number: 8, p_session: overlap })).error?.details).toBe(
      'Session 8, part 2: it starts at 15:20, before part 1 ends (15:30)',
    );

    // Empty fields and a time in the wrong format, named by their place in the editor.
    const blank = { ...session, sessionTitle: ' ', parts: [{ ...session.parts[0]!, title: '', startTime: '16:0' }] };
    const blanks = await call(organiser, 'save_session', { p_original_number: 8, p_session: blank });
    expect(blanks.status).toBe(400);
    expect(blanks.error?.details?.split('\n')).toEqual([
      'Session 8, title: must not be empty',
      'Session 8, part 1, title: must not be empty',
      'Session 8, part 1, start time: use a 24-hour time such as "09:00"',
    ]);
    expect(await readDraft(organiser)).toEqual(before);

    const moved = await call(organiser, 'save_session', {
      p_original_number: 8,
      p_session: { ...session, sessionNumber: 9, sessionTitle: 'Closing Orbit, renamed' },
    });
    expect(moved.data.programme.agenda.some((entry) => entry.sessionNumber === 8)).toBe(false);
    expect(moved.data.programme.agenda.find((entry) => entry.sessionNumber === 9)?.sessionTitle).toBe('Closing Orbit, renamed');
    const gone = await call(organiser, 'delete_session', { p_number: 9 });
    expect(gone.data.programme.agenda.some((entry) => entry.sessionNumber === 9)).toBe(false);
    const missing = await call(organiser, 'delete_session', { p_number: 9 });
    expect(missing.status).toBe(400);
  });

  it('exports and imports the whole programme; a bad file lists every problem and changes nothing', async () => {
    const organiser = await signUpOrganiser(server());
    const exported = await readDraft(organiser);

    const roundTrip = await call(organiser, 'import_programme', { p_programme: exported.programme });
    expect(roundTrip.error).toBeNull();
    expect(roundTrip.data.programme).toEqual(exported.programme);
    expect(roundTrip.data.version).toBe(exported.version + 1);

    const bad = structuredClone(exported.programme);
    bad.agenda[0]!.parts[0]!.endTime = '08:00';
    bad.agenda[1]!.parts[0]!.speakers = [{ name: 'Ghost Speaker', linkedinUrl: '' }];
    bad.speakers[1]!.id = bad.speakers[0]!.id;
    bad.agenda[2]!.parts[1]!.id = bad.agenda[2]!.parts[0]!.id;
    const refused = await call(organiser, 'import_programme', { p_programme: bad });
    expect(refused.status).toBe(400);
    expect(refused.error?.message).toBe('The programme has 4 problems; nothing was changed.');
    const details = refused.error?.details ?? '';
    expect(details).not.toMatch(/agenda\.|speakers\.\d/);
    expect(details).toContain('Session 1, part 1: the start time must be before the end time');
    expect(details).toContain('Session 2, part 1, speaker 1: "Ghost Speaker" is not one of the speakers');
    expect(details).toContain(`, id: another speaker already has the id "${bad.speakers[0]!.id}"`);
    expect(details).toContain(`Session 3, part 2, id: another part already has the id "${bad.agenda[2]!.parts[0]!.id}"`);
    expect((await readDraft(organiser)).version).toBe(roundTrip.data.version);

    const notAProgramme = await call(organiser, 'import_programme', { p_programme: 'hello' });
    expect(notAProgramme.status).toBe(400);
    expect(notAProgramme.error?.code).toBe('P0001');
  });

  it('stores uploaded photos (type and size checked, organisers only) and serves them cached for good', async () => {
    const organiser = await signUpOrganiser(server());
    const attendee = await signUpUser(server());
    const upload = (token: string | null, body: Buffer, type: string) =>
      fetch(`${server().url}/content/v1/speaker-photos`, {
        method: 'POST',
        headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: new Uint8Array(body),
      });

    expect((await upload(null, PNG, 'image/png')).status).toBe(401);
    const forbidden = await upload(attendee.session.access_token, PNG, 'image/png');
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { code: string }).code).toBe('42501');

    const notImage = await upload(organiser.session.access_token, Buffer.from('<svg onload="alert(1)"></svg>'), 'image/png');
    expect(notImage.status).toBe(400);
    expect(((await notImage.json()) as { message: string }).message).toBe('The photo must be a PNG, JPEG or WebP image.');
    const wrongType = await upload(organiser.session.access_token, PNG, 'text/plain');
    expect(wrongType.status).toBe(415);
    const tooBig = await upload(organiser.session.access_token, Buffer.concat([PNG, Buffer.alloc(PROGRAMME_LIMITS.photoBytes)]), 'image/png');
    expect(tooBig.status).toBe(400);
    expect(((await tooBig.json()) as { message: string }).message).toBe('The photo must be at most 2 MB.');
    const [count] = await server().db.query<{ n: number }>('select count(*)::int as n from speaker_photos');
    expect(count?.n).toBe(0);

    const stored = await upload(organiser.session.access_token, PNG, 'image/png');
    expect(stored.status).toBe(201);
    const { url } = (await stored.json()) as { url: string };
    expect(url).toMatch(/^\/content\/v1\/speaker-photos\/[0-9a-f-]{36}\.png$/);
    const served = await fetch(`${server().url}${url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect((await fetch(`${server().url}/content/v1/speaker-photos/00000000-0000-4000-8000-000000000000.png`)).status).toBe(404);

    // The address is accepted as a speaker's photo.
    const speaker = { ...newSpeaker('photo-person', 'Photo Person'), profilePicURL: url };
    const saved = await call(organiser, 'save_speaker', { p_original_id: null, p_speaker: speaker });
    expect(saved.error).toBeNull();
  });
});
