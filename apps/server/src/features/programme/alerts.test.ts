import ICAL from 'ical.js';
import { expect, it } from 'vitest';
import type { ProgrammeDocument, ProgrammeResponse } from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { bell, countStatements, saveSettings, texts } from '../../../test/notifications.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { publishNow } from '../../../test/programme.ts';

/** Change alerts: one bell notification per person who starred a changed part, their digest, and calendar feeds that follow. */

async function star(user: TestUser, partId: string): Promise<void> {
  const { error } = await untyped(user.client).rpc('set_agenda_favourite', { p_part_id: partId, p_starred: true });
  expect(error).toBeNull();
}

async function draftOf(organiser: TestUser): Promise<ProgrammeDocument> {
  const { data } = await untyped(organiser.client).rpc('get_programme_draft', {});
  return (data as ProgrammeResponse).programme;
}

/** The draft with s1p1 moved between Hall A and Hall B, a part cancelled, s2p1 renamed: each only when asked. */
async function saveChanges(organiser: TestUser, changes: { moveWelcome?: boolean; cancel?: string; renameS2p1?: string }): Promise<void> {
  const draft = await draftOf(organiser);
  draft.settings.rooms = ['Hall A', 'Hall B'];
  for (const session of draft.agenda) {
    for (const part of session.parts) {
      if (part.id === 's1p1' && changes.moveWelcome) part.room = part.room === 'Hall B' ? 'Hall A' : 'Hall B';
      if (part.id === 's2p1' && changes.renameS2p1) part.title = changes.renameS2p1;
    }
    session.parts = session.parts.filter((part) => part.id !== changes.cancel);
  }
  const { error } = await untyped(organiser.client).rpc('import_programme', { p_programme: draft });
  expect(error).toBeNull();
}

/** `count` people made straight in SQL (sign-up's scrypt would take minutes), each starring the part. */
async function seedStars(server: TestServer, partId: string, count: number): Promise<void> {
  await server.db.query(
    `with made as (
       insert into users (id, email, password_hash, first_name, last_name, mobile)
       select gen_random_uuid(), 'star' || n || '.' || gen_random_uuid() || '@example.org', 'not-a-hash', 'Star', n::text, '+27820000000'
         from generate_series(1, $1::int) as n
       returning id
     ) insert into agenda_favourites (user_id, part_id) select id, $2 from made`,
    [count, partId],
  );
}

function feedEvents(ics: string): Map<string, { sequence: number; status: string | null; location: string | null }> {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  return new Map(
    calendar.getAllSubcomponents('vevent').map((event) => [
      String(event.getFirstPropertyValue('uid')).split('@')[0] ?? '',
      {
        sequence: Number(event.getFirstPropertyValue('sequence') ?? 0),
        status: (event.getFirstPropertyValue('status') as string | null) ?? null,
        location: (event.getFirstPropertyValue('location') as string | null) ?? null,
      },
    ]),
  );
}

describeEachDatabase('programme change alerts', (server) => {
  it('tells each person who starred a changed part once, listing their parts, in the bell and their chosen e-mail; nobody else', async () => {
    const organiser = await signUpOrganiser(server());
    const both = await signUpUser(server(), { firstName: 'Both', lastName: 'Parts' });
    const one = await signUpUser(server(), { firstName: 'One', lastName: 'Part' });
    const untouched = await signUpUser(server());
    await saveSettings(both, { email_digest: 'immediate' });
    for (const [person, part] of [
      [both, 's1p1'],
      [both, 's7p3'],
      [one, 's1p1'],
      [untouched, 's5p1'],
      [organiser, 's1p1'],
    ] as const) {
      await star(person, part);
    }
    await saveChanges(organiser, { moveWelcome: true, cancel: 's7p3' });
    const { result } = await publishNow(organiser, 'The welcome is in Hall B; the closing is off');
    expect(result.notified).toBe(2);

    const note = '“The welcome is in Hall B; the closing is off”';
    const moved = '"Welcome to Mission Control" moved: Sat 6 Dec 09:00–09:30 → Sat 6 Dec 09:00–09:30, Hall B';
    expect(await texts(one)).toEqual([`The programme changed for a part you starred: ${moved}. The organisers' note: ${note}`]);
    const [bothText] = await texts(both);
    expect(bothText).toMatch(/^The programme changed for 2 parts you starred: /);
    expect(bothText).toContain(moved);
    expect(bothText).toMatch(/Cancelled: "[^"]+" \(was Sun 7 Dec 13:30–14:45\)/);
    expect((await bell(both)).unread).toBe(1);
    expect(await texts(untouched)).toEqual([]);
    // The organiser who published is not told of their own change.
    expect(await texts(organiser)).toEqual([]);

    // The same words reach the person who chose e-mail, and only them.
    await server().notifications.run();
    const mails = await server().db.query<{ recipient: string; body: string }>('select recipient, body from mail_outbox where recipient = any($1::text[])', [
      [both.email.toLowerCase(), one.email.toLowerCase()],
    ]);
    expect(mails.map((mail) => mail.recipient)).toEqual([both.email.toLowerCase()]);
    expect(mails[0]?.body).toContain(moved);
  });

  it('calendar feeds give a changed part a higher SEQUENCE and keep a cancelled one as STATUS:CANCELLED', async () => {
    const organiser = await signUpOrganiser(server());
    const attendee = await signUpUser(server());
    for (const part of ['s1p1', 's6p3', 's5p1']) await star(attendee, part);
    const { data: feed } = await untyped(attendee.client).rpc('create_calendar_feed', {});
    const read = async () => feedEvents(await (await fetch((feed as { https_url: string }).https_url)).text());
    const before = await read();

    await saveChanges(organiser, { moveWelcome: true, cancel: 's6p3' });
    await publishNow(organiser, 'Welcome moves, a talk is cancelled');
    const after = await read();
    expect(after.get('s1p1')?.sequence).toBe((before.get('s1p1')?.sequence ?? 0) + 1);
    expect(after.get('s1p1')?.location).toMatch(/^Hall [AB]$/);
    expect(after.get('s5p1')).toEqual(before.get('s5p1'));
    expect(after.get('s6p3')).toMatchObject({ status: 'CANCELLED', sequence: (before.get('s6p3')?.sequence ?? 0) + 1 });

    await saveChanges(organiser, { moveWelcome: true });
    await publishNow(organiser, 'The welcome moves again');
    expect((await read()).get('s1p1')?.sequence).toBe((before.get('s1p1')?.sequence ?? 0) + 2);
  });

  it('a publish that concerns 3,000 people writes their 3,000 notifications in a bounded number of statements', async () => {
    const organiser = await signUpOrganiser(server());
    await seedStars(server(), 's2p1', 3000);
    const [{ n: before } = { n: 0 }] = await server().db.query<{ n: number }>("select count(*)::int as n from notifications where kind = 'programme_changed'");
    await saveChanges(organiser, { renameS2p1: `Renamed ${Date.now()}` });
    let notified = 0;
    const statements = await countStatements(server(), async () => {
      notified = (await publishNow(organiser, 'A new title for the opening of session 2')).result.notified;
    });
    expect(notified).toBeGreaterThanOrEqual(3000);
    const [{ n: after } = { n: 0 }] = await server().db.query<{ n: number }>("select count(*)::int as n from notifications where kind = 'programme_changed'");
    expect(after - before).toBe(notified);
    // The review and the publish: the same handful of statements for 3,000 people as for one.
    expect(statements).toBeLessThanOrEqual(30);
  });
});
