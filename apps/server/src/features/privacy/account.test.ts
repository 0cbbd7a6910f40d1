import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { PRIVACY_AUDIT_KINDS, PRIVACY_MESSAGES, PRIVACY_PAGE_PATH, type PrivacyPage } from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { createMission, signUpLeader } from '../../../test/factories.ts';
import { expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';

/*
 * The account page's server side (docs/product.md#account-page) and the privacy page
 * (docs/product.md#privacy-page), over HTTP as the web app calls them.
 */

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const MAC_FIREFOX = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0';

/** Signs the person in once more from a browser that says `userAgent`; answers that session's refresh token. */
async function signInFrom(server: TestServer, person: TestUser, userAgent: string): Promise<string> {
  const response = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { refresh_token: string }).refresh_token;
}

async function refreshes(server: TestServer, refreshToken: string): Promise<boolean> {
  const response = await fetch(`${server.url}/auth/v1/token?grant_type=refresh_token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: refreshToken }),
  });
  return response.status === 200;
}

async function ok<T>(promise: PromiseLike<{ data: T | null; error: unknown }>): Promise<T> {
  const { data, error } = await promise;
  expect(error).toBeNull();
  return data as T;
}

describeEachDatabase('the account page', (server) => {
  it('lists signed-in sessions with device and last use, and signs out one or all others', async () => {
    const person = await signUpUser(server());
    const phone = await signInFrom(server(), person, ANDROID_CHROME);
    const laptop = await signInFrom(server(), person, MAC_FIREFOX);
    const sessions = await ok(person.client.rpc('list_my_sessions', {}));
    expect(sessions.map((session) => [session.device, session.current])).toEqual([
      ['Unknown browser', true],
      ['Firefox on macOS', false],
      ['Chrome on Android', false],
    ]);
    for (const session of sessions) expect(Date.parse(session.last_used_at)).toBeGreaterThanOrEqual(Date.parse(session.signed_in_at));
    const phoneSession = sessions.find((session) => session.device === 'Chrome on Android')?.session_id ?? '';

    // Someone else's session, a made-up id, one's own current session and bad input: refused, nothing changes.
    const stranger = await signUpUser(server());
    const strangerSession = (await ok(stranger.client.rpc('list_my_sessions', {})))[0]?.session_id ?? '';
    for (const [id, message] of [
      [strangerSession, PRIVACY_MESSAGES.sessionNotFound],
      [randomUUID(), PRIVACY_MESSAGES.sessionNotFound],
      [sessions[0]?.session_id ?? '', PRIVACY_MESSAGES.currentSession],
    ] as const) {
      const refused = await person.client.rpc('sign_out_session', { p_session_id: id });
      expect(refused.status).toBe(400);
      expect(refused.error?.message).toBe(message);
    }
    const bad = await untyped(person.client).rpc('sign_out_session', { p_session_id: 'x'.repeat(10_000) });
    expect(bad.status).toBe(400);
    expect(await ok(stranger.client.rpc('list_my_sessions', {}))).toHaveLength(1);
    expect(await ok(person.client.rpc('list_my_sessions', {}))).toHaveLength(3);

    const left = await ok(person.client.rpc('sign_out_session', { p_session_id: phoneSession }));
    expect(left.map((session) => session.device)).toEqual(['Unknown browser', 'Firefox on macOS']);
    expect(await refreshes(server(), phone)).toBe(false);
    const again = await person.client.rpc('sign_out_session', { p_session_id: phoneSession });
    expect(again.error?.message).toBe(PRIVACY_MESSAGES.sessionNotFound);

    const onlyThis = await ok(person.client.rpc('sign_out_other_sessions', {}));
    expect(onlyThis.map((session) => session.current)).toEqual([true]);
    expect(await refreshes(server(), laptop)).toBe(false);
    // This browser stays signed in.
    const { error } = await person.client.auth.refreshSession();
    expect(error).toBeNull();
    expect(await ok(person.client.rpc('list_my_sessions', {}))).toHaveLength(1);
  });

  it('previews the search row, team-list row and role card exactly as another attendee gets them', async () => {
    const email = `preview.${randomUUID().slice(0, 8)}@example.org`;
    const { owner: person, mission } = await createMission(server(), { p_name: 'Preview Mission' }, { email, firstName: 'Pria', lastName: 'Previewer' });
    await ok(person.client.rpc('save_role_card_settings', { p_visibility: 'everyone' }));
    const other = await signUpLeader(server());

    for (const anonymous of [false, true]) {
      const { error } = await person.client.auth.updateUser({
        data: { is_anonymous: anonymous, anonymity_choice_made: true, anonymous_guid: anonymous ? randomUUID() : null },
      });
      expect(error).toBeNull();
      const preview = await ok(person.client.rpc('get_how_others_see_me', {}));
      const found = await ok(other.client.rpc('search_users_with_profiles', { p_search_term: email }));
      expect(preview.search_result).toEqual(found.find((row) => row.id === person.user.id));
      const team = await ok(other.client.rpc('get_mission_members', { p_mission_id: mission.mission_id }));
      expect(team.find((row) => row.user_id === person.user.id)).toMatchObject(preview.team_row);
      const card = await ok(other.client.rpc('get_role_card', { p_user_id: person.user.id }));
      expect(preview.role_card).toEqual(card);
      expect(preview.has_role_profile).toBe(true);
      // What attendees get; the organisers' row of `audiences` names them (features/privacy/anonymity.test.ts).
      const text = JSON.stringify([{ ...preview, audiences: preview.audiences.filter((row) => row.audience !== 'organisers') }, card, team]);
      if (anonymous) {
        expect(text).not.toMatch(/Pria|Previewer/);
        expect(text).not.toContain(email);
        expect(preview.role_card).toMatchObject({ first_name: 'Anonymous', last_name: 'attendee', email: null, mobile: null });
      } else {
        // The card is open to everyone, which shares the e-mail too (docs/product.md#role-card); never the mobile.
        expect(preview.role_card).toMatchObject({ first_name: 'Pria', last_name: 'Previewer', email, mobile: null });
        expect(preview.team_row.email).toBe(email);
      }
    }
    // A teammate of an anonymous person reads no contact details on the card either.
    await ok(person.client.rpc('add_mission_member', { p_mission_id: mission.mission_id, p_user_id: other.user.id }));
    const teammateCard = await ok(other.client.rpc('get_role_card', { p_user_id: person.user.id }));
    expect(teammateCard).toMatchObject({ first_name: 'Anonymous', email: null, mobile: null, teammate: true });

    // Without a role profile: no search row and no card, but still a team-list row, whose e-mail
    // only teammates see (no card open to everyone shares it).
    const plain = await signUpUser(server(), { firstName: 'Nora', lastName: 'Noprofile' });
    const bare = await ok(plain.client.rpc('get_how_others_see_me', {}));
    expect(bare).toMatchObject({ search_result: null, role_card: null, has_role_profile: false, team_row: { first_name: 'Nora', email: '' } });
  });

  it('refuses bad details on the account page with a clear message, changing nothing', async () => {
    const person = await signUpUser(server(), { firstName: 'Steady', lastName: 'State', mobile: '+27821234567' });
    const attempts = [
      { p_first_name: 'Steady', p_last_name: 'State', p_mobile: '9'.repeat(100) },
      { p_first_name: 'Ste\u0000ady', p_last_name: 'State', p_mobile: '+27821234567' },
      { p_first_name: 'S'.repeat(10_000), p_last_name: 'State', p_mobile: '+27821234567' },
      { p_first_name: 'Steady', p_last_name: 'L'.repeat(10_000), p_mobile: '+27821234567' },
    ];
    for (const attempt of attempts) {
      const refused = await person.client.rpc('register_user_profile', { ...attempt, p_email: person.email, p_hashed_birthday: '' });
      expect(refused.status, JSON.stringify(attempt).slice(0, 60)).toBe(400);
      expect(refused.error?.message).toMatch(/\w+ \w+/);
    }
    const [row] = await server().db.query<{ first_name: string; last_name: string; mobile: string }>(
      'select first_name, last_name, mobile from users where id = $1',
      [person.user.id],
    );
    expect(row).toEqual({ first_name: 'Steady', last_name: 'State', mobile: '+27821234567' });
  });
});

describeEachDatabase(
  'the privacy page',
  (server) => {
    async function readPage(): Promise<PrivacyPage> {
      const response = await fetch(server().url + PRIVACY_PAGE_PATH);
      expect(response.status).toBe(200);
      return (await response.json()) as PrivacyPage;
    }

    it('is public and states the retention periods this server applies', async () => {
      const page = await readPage();
      expect(page.updated_at).toBeNull();
      for (const stated of [
        '30 days after it was last used',
        'Notifications: 45 days',
        'Backups of the database: 21 days',
        '24 hours',
        '7 days',
        'privacy@example.org',
      ]) {
        expect(page.body).toContain(stated);
      }
      expect(page.body).not.toMatch(/\{[a-z_]+\}/);
    });

    it('is edited by organisers only, audited, and goes back to the template when emptied', async () => {
      await expectOrganiserOnly(server(), 'save_privacy_page', { p_body: 'Taken over' });
      await expectOrganiserOnly(server(), 'get_privacy_page_source', {});
      const organiser = await signUpOrganiser(server());
      const source = await ok(organiser.client.rpc('get_privacy_page_source', {}));
      expect(source.is_default).toBe(true);
      expect(source.body).toContain('{session_idle_days}');
      expect(source.placeholders.find((placeholder) => placeholder.name === 'session_idle_days')?.value).toBe('30');
      // The template in each language, the shape and placeholders of the English, in its own words.
      expect(source.templates.en).toBe(source.body);
      for (const code of ['af', 'zu', 'xh'] as const) {
        const template = source.templates[code];
        expect(template).not.toBe(source.body);
        expect(template.split('\n').map((line) => /^(## |- |)/.exec(line)?.[0])).toEqual(source.body.split('\n').map((line) => /^(## |- |)/.exec(line)?.[0]));
        expect([...template.matchAll(/\{[a-z_]+\}/g)].map(([name]) => name).sort()).toEqual(
          [...source.body.matchAll(/\{[a-z_]+\}/g)].map(([name]) => name).sort(),
        );
      }

      const saved = await ok(
        organiser.client.rpc('save_privacy_page', { p_body: '## Who we are\nThe Harbour Trust keeps data {session_idle_days} days. {unknown}' }),
      );
      expect(saved.is_default).toBe(false);
      const page = await readPage();
      expect(page.body).toBe('## Who we are\nThe Harbour Trust keeps data 30 days. {unknown}');
      expect(page.updated_at).not.toBeNull();
      const [entry] = await server().db.query<{ kind: string; actor_id: string }>('select kind, actor_id from audit_log where kind = $1', [
        PRIVACY_AUDIT_KINDS.privacyPageSaved,
      ]);
      expect(entry?.actor_id).toBe(organiser.user.id);

      const tooLong = await organiser.client.rpc('save_privacy_page', { p_body: 'x'.repeat(20_001) });
      expect(tooLong.status).toBe(400);
      const withNul = await organiser.client.rpc('save_privacy_page', { p_body: 'a\u0000b' });
      expect(withNul.status).toBe(400);
      expect((await readPage()).body).toContain('The Harbour Trust');

      const reset = await ok(organiser.client.rpc('save_privacy_page', { p_body: '   ' }));
      expect(reset.is_default).toBe(true);
      expect((await readPage()).body).toContain('## Your rights');
    });

    it('reads the same for a signed-in attendee and a signed-out visitor', async () => {
      const person = await signUpUser(server());
      const token = (await person.client.auth.getSession()).data.session?.access_token ?? '';
      const signedIn = await fetch(server().url + PRIVACY_PAGE_PATH, { headers: { authorization: `Bearer ${token}` } });
      expect(await signedIn.json()).toEqual(await readPage());
    });
  },
  { SESSION_IDLE_DAYS: '30', NOTIFICATION_RETENTION_DAYS: '45', BACKUP_RETENTION_DAYS: '21', PRIVACY_CONTACT: 'privacy@example.org' },
);
