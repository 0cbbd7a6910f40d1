import { createClient, type RealtimeClientOptions } from '@supabase/supabase-js';
import { afterAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import { encodeDateOfBirth, PRIVACY_PAGE_PATH, userTopic, type Database, type NotificationList, type PrivacyPage, type UserLiveEvent } from '@mc/contract';
import { LINK_NOT_KEPT } from '../mail/mailer.ts';
import { createMission } from '../../test/factories.ts';
import { readCalendar } from '../../test/calendar-texts.ts';
import { describeEachDatabase, newClient, signUpUser, type TestServer, type TestUser } from '../../test/harness.ts';
import { LiveTestClient } from '../../test/live-client.ts';
import { bell, follow, saveSettings } from '../../test/notifications.ts';

/*
 * What the server writes for a person (docs/product.md#languages) follows their language: a mail
 * and a bell pushed on the live channel that of their account (`user_metadata.language`, set as
 * supabase-js's updateUser sets it), what they read through a request that of its Accept-Language,
 * a calendar subscription that of its owner's account. English stays word for word.
 */

const openClients: LiveTestClient[] = [];

afterAll(() => {
  for (const client of openClients) client.close();
});

/** A supabase-js client signed in as `user` whose every request names `language`. */
function clientIn(server: TestServer, user: TestUser, language: string) {
  return createClient<Database>(server.url, 'any-public-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'accept-language': language, authorization: `Bearer ${user.session.access_token}` } },
    realtime: { transport: WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']> },
  });
}

/** Chooses the account's language as the web app does: PUT /auth/v1/user with `{data: {language}}`. */
async function chooseLanguage(user: TestUser, language: string): Promise<void> {
  const { data, error } = await user.client.auth.updateUser({ data: { language } });
  expect(error).toBeNull();
  expect(data.user?.user_metadata.language).toBe(language);
}

async function mailsTo(server: TestServer, email: string): Promise<{ subject: string; body: string }[]> {
  return server.db.query('select subject, body from mail_outbox where recipient = $1 order by id', [email.toLowerCase()]);
}

/** A mission named "Clean Water" by Ada Lovelace, followed by `followers`, whose statement she then changes. */
async function changedMission(server: TestServer, followers: TestUser[]): Promise<void> {
  const { owner, mission } = await createMission(server, { p_name: 'Clean Water' }, { firstName: 'Ada', lastName: 'Lovelace' });
  for (const follower of followers) await follow(follower, mission.mission_id);
  const changed = await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_statement: 'Filters for all' });
  expect(changed.error).toBeNull();
  await server.notifications.settled();
}

describeEachDatabase("the texts the server writes, in the person's language", (server) => {
  it("mails notifications in the language of the recipient's account, and English word for word to the others", async () => {
    const afrikaans = await signUpUser(server(), { firstName: 'Grace', lastName: 'Hopper' });
    const english = await signUpUser(server(), { firstName: 'Grace', lastName: 'Hopper' });
    await chooseLanguage(afrikaans, 'af');
    for (const person of [afrikaans, english]) await saveSettings(person, { email_digest: 'immediate' });
    await changedMission(server(), [afrikaans, english]);
    await server().notifications.run();

    const [inAfrikaans] = await mailsTo(server(), afrikaans.email);
    expect(inAfrikaans?.subject).toBe('Mission Control: 1 nuwe kennisgewing');
    expect(inAfrikaans?.body).toBe(
      [
        'Hallo Grace,',
        '',
        'Hier is wat pas gebeur het:',
        '',
        '- Ada Lovelace het die verklaring van “Clean Water” verander.',
        '',
        `Sien alles onder die klokkie bo-aan Mission Control: ${server().url}/dashboard`,
        '',
        `Waarom jy hierdie e-pos kry: jy het “Dadelik” gekies vir e-posse oor jou kennisgewings op jou profielbladsy (${server().url}/view-role-profile).`,
        `Stop hierdie e-posse met een klik, sonder om aan te meld: ${LINK_NOT_KEPT}`,
      ].join('\n'),
    );

    const [inEnglish] = await mailsTo(server(), english.email);
    expect(inEnglish?.subject).toBe('Mission Control: 1 new notification');
    expect(inEnglish?.body).toBe(
      [
        'Hello Grace,',
        '',
        'Here is what just happened:',
        '',
        '- Ada Lovelace changed the statement of “Clean Water”.',
        '',
        `See everything under the bell at the top of Mission Control: ${server().url}/dashboard`,
        '',
        `Why you got this e-mail: you chose “Immediately” for e-mails about your notifications on your profile page (${server().url}/view-role-profile).`,
        `Stop these e-mails with one click, no sign-in needed: ${LINK_NOT_KEPT}`,
      ].join('\n'),
    );
  });

  it("mails the reset link and the notice of a new date of birth in the account's language, whatever language asked", async () => {
    const person = await signUpUser(server());
    await chooseLanguage(person, 'af');
    // Asked for in English (no Accept-Language): the mail is for the account's owner.
    expect((await newClient(server().url).auth.resetPasswordForEmail(person.email)).error).toBeNull();
    const [reset] = await mailsTo(server(), person.email);
    expect(reset).toEqual({
      subject: 'Mission Control: herstel jou aanmelding',
      body: `Iemand het gevra om die geboortedatum waarmee jy aanmeld, te herstel. As dit jy was, maak hierdie skakel binne 'n uur oop:\n\n${LINK_NOT_KEPT}\n\nAs dit nie jy was nie, ignoreer hierdie e-pos; niks verander nie.`,
    });

    // A language chosen in the same request as the new date of birth already counts.
    const changed = await person.client.auth.updateUser({
      password: encodeDateOfBirth('1970-01-01'),
      current_password: encodeDateOfBirth(person.dateOfBirth),
      data: { language: 'xh' },
    });
    expect(changed.error).toBeNull();
    const notice = (await mailsTo(server(), person.email))[1];
    expect(notice?.subject).toBe('Mission Control: umhla wakho wokuzalwa utshintshiwe');
    expect(notice?.body).toContain('Umhla wokuzalwa ongena ngawo usandula ukutshintshwa');

    // An account without a language is mailed in English, as before.
    const english = await signUpUser(server());
    expect((await newClient(server().url).auth.resetPasswordForEmail(english.email)).error).toBeNull();
    expect((await mailsTo(server(), english.email))[0]).toEqual({
      subject: 'Mission Control: reset your sign-in',
      body: `Someone asked to reset the date of birth you sign in with. If it was you, open this link within an hour:\n\n${LINK_NOT_KEPT}\n\nIf it was not you, ignore this mail; nothing changes.`,
    });
  });

  it("answers the bell in the request's language, and pushes it on the live channel in the account's", async () => {
    const reader = await signUpUser(server());
    await chooseLanguage(reader, 'af');
    const live = await LiveTestClient.follow(server().url, reader.session.access_token, [userTopic(reader.user.id)]);
    openClients.push(live);
    await changedMission(server(), [reader]);

    const read = async (language: string): Promise<string[]> => {
      const { data, error } = await clientIn(server(), reader, language).rpc('get_my_notifications', {});
      expect(error).toBeNull();
      return (data as NotificationList).items.map((item) => item.text);
    };
    expect(await read('zu-ZA,zu;q=0.9')).toEqual(['Ada Lovelace ushintshe isitatimende emsebenzini “Clean Water”.']);
    expect(await read('xh')).toEqual(['Ada Lovelace utshintshe ingxelo kumsebenzi “Clean Water”.']);
    expect((await bell(reader)).items.map((item) => item.text)).toEqual(['Ada Lovelace changed the statement of “Clean Water”.']);

    const topic = userTopic(reader.user.id);
    const { message } = await live.waitFor((received) => received.type === 'event' && received.topic === topic);
    const { list } = (message as { data: UserLiveEvent }).data;
    expect(list.items.map((item) => item.text)).toEqual(['Ada Lovelace het die verklaring van “Clean Water” verander.']);
  });

  it("shows the privacy template in the request's language, with the same headings, list and values", async () => {
    const read = async (language?: string) => {
      const response = await fetch(server().url + PRIVACY_PAGE_PATH, { headers: language ? { 'accept-language': language } : {} });
      expect(response.headers.get('vary')).toMatch(/accept-language/i);
      return (await response.json()) as PrivacyPage;
    };
    const english = await read();
    const isiXhosa = await read('xh-ZA,xh;q=0.9,en;q=0.5');
    expect(english.body.split('\n')[0]).toBe('## Who runs this app');
    expect(isiXhosa.body.split('\n')[0]).toBe('## Ngubani oqhuba le app');
    expect(isiXhosa.body).toContain('- Izaziso: iintsuku ezi-');
    expect(isiXhosa.body).toContain('## Amalungelo akho');
    expect(isiXhosa.body).not.toMatch(/\{[a-z_]+\}/);
    // The same shape: each line a heading, list item, paragraph or blank line where English has one.
    const shape = (body: string) => body.split('\n').map((line) => /^(## |- |)/.exec(line)?.[0] || (line ? 'text' : 'blank'));
    expect(shape(isiXhosa.body)).toEqual(shape(english.body));
    // What organisers write stays as written, in every language.
    expect(isiXhosa.updated_at).toBeNull();
  });

  it("writes a calendar's own words in the language asked for, and a subscription's in its owner's", async () => {
    const person = await signUpUser(server());
    const download = async (language: string) => {
      const { data, error } = await clientIn(server(), person, language).rpc('get_agenda_calendar', { p_part_id: 's1p3' });
      expect(error).toBeNull();
      return readCalendar(data?.ics ?? '').events[0]?.description ?? '';
    };
    const english = await download('en');
    expect(english).toMatch(/^Session 1: /);
    const isiZulu = await download('zu');
    expect(isiZulu).toBe(
      english
        .replace(/^Session 1: /, 'Iseshini 1: ')
        .replace(/\n(Speakers|Panel): /, (_whole, word: string) => `\n${word === 'Panel' ? 'Iphaneli' : 'Izikhulumi'}: `),
    );

    await chooseLanguage(person, 'af');
    await person.client.rpc('set_agenda_favourite', { p_part_id: 's1p3', p_starred: true });
    const feed = (await person.client.rpc('create_calendar_feed', {})).data!;
    const subscribed = readCalendar(await (await fetch(feed.https_url)).text());
    expect(subscribed.calname).toBe('My agenda: Community Mission Game 2025');
    expect(subscribed.events[0]?.description).toMatch(/^Sessie 1: /);
  });
});
