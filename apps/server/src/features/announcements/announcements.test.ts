import { expect, it } from 'vitest';
import {
  ANNOUNCEMENT_MESSAGES,
  AUDIT_KINDS,
  RECIPIENT_LIST_MAX,
  type AnnouncementBanner,
  type AnnouncementRecipients,
  type AnnouncementSummary,
  type AuditLogPage,
} from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { createMission } from '../../../test/factories.ts';
import { saveSettings, texts } from '../../../test/notifications.ts';
import { expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';
import { deliverDueAnnouncements } from './delivery.ts';

/** Announcements: each group reaches exactly its people, scheduling with an injected clock, the urgent limit, bad input. */

async function call<T>(user: TestUser, name: string, params: Record<string, unknown> = {}) {
  const { data, error, status } = await untyped(user.client).rpc(name, params);
  return { data: data as T, error, status };
}

const announcement = (overrides: Record<string, unknown> = {}) => ({
  p_title: 'Lunch moved',
  p_body: 'Lunch is in the courtyard today.',
  p_link: '/agenda-schedule',
  p_audience: 'everyone',
  p_part_id: null,
  p_urgent: false,
  p_send_at: null,
  ...overrides,
});

async function userIds(server: TestServer, where: string): Promise<Set<string>> {
  return new Set((await server.db.query<{ id: string }>(`select id from users u where ${where}`)).map((row) => row.id));
}

async function announcementCount(server: TestServer): Promise<number> {
  return Number((await server.db.query<{ n: number }>('select count(*)::int as n from announcements'))[0]?.n);
}

describeEachDatabase('announcements', (server) => {
  it('is for organisers only', async () => {
    await expectOrganiserOnly(server(), 'create_announcement', announcement());
    await expectOrganiserOnly(server(), 'count_announcement_recipients', { p_audience: 'everyone', p_part_id: null });
    await expectOrganiserOnly(server(), 'list_announcement_recipients', { p_audience: 'everyone', p_part_id: null });
    await expectOrganiserOnly(server(), 'list_announcements', {});
  });

  it('each group reaches exactly its people, with the count the organiser previewed, in the bell and the banner until dismissed', async () => {
    const organiser = await signUpOrganiser(server());
    const { owner } = await createMission(server());
    const loner = await signUpUser(server());
    const starrer = await signUpUser(server());
    expect((await call(starrer, 'set_agenda_favourite', { p_part_id: 's2p2', p_starred: true })).error).toBeNull();

    const groups: [string, string | null, string][] = [
      ['everyone', null, 'true'],
      ['no_pre_survey', null, 'not u.pre_survey_completed'],
      ['no_role_profile', null, 'u.id not in (select user_id from role_profiles)'],
      ['no_team', null, 'u.id not in (select user_id from mission_members)'],
      ['mission_owners', null, "u.id in (select user_id from mission_members where role_in_team = 'owner' or is_co_owner)"],
      ['starred_part', 's2p2', "u.id in (select user_id from agenda_favourites where part_id = 's2p2')"],
    ];
    for (const [audience, partId, where] of groups) {
      const expected = await userIds(server(), where);
      const preview = await call<{ recipients: number }>(organiser, 'count_announcement_recipients', { p_audience: audience, p_part_id: partId });
      expect(preview.data.recipients, audience).toBe(expected.size);
      // Who is in the group, by the names and e-mail the console shows: the same people (up to the list's limit).
      const who = await call<AnnouncementRecipients>(organiser, 'list_announcement_recipients', { p_audience: audience, p_part_id: partId });
      expect(who.data.total, audience).toBe(expected.size);
      expect(who.data.people.length, audience).toBe(Math.min(expected.size, RECIPIENT_LIST_MAX));
      for (const person of who.data.people) expect(expected.has(person.user_id), audience).toBe(true);
      const title = `To ${audience}`;
      const sent = await call<AnnouncementSummary>(organiser, 'create_announcement', announcement({ p_title: title, p_audience: audience, p_part_id: partId }));
      expect(sent.error, audience).toBeNull();
      expect(sent.data.recipients, audience).toBe(expected.size);
      const told = await server().db.query<{ user_id: string }>('select user_id from notifications where announcement_id = $1', [sent.data.id]);
      expect(new Set(told.map((row) => row.user_id)), audience).toEqual(expected);
    }
    // The hand-made people landed where they belong.
    const noTeam = await call<AnnouncementRecipients>(organiser, 'list_announcement_recipients', { p_audience: 'no_team', p_part_id: null });
    expect(noTeam.data.people).toContainEqual({ user_id: loner.user.id, first_name: 'Ada', last_name: 'Lovelace', email: loner.email.toLowerCase() });
    expect(await texts(loner)).toContain('From the organisers: “To no_team”. Lunch is in the courtyard today.');
    expect(await texts(owner)).not.toContain('From the organisers: “To no_team”. Lunch is in the courtyard today.');
    expect(await texts(owner)).toContain('From the organisers: “To mission_owners”. Lunch is in the courtyard today.');
    expect(await texts(starrer)).toContain('From the organisers: “To starred_part”. Lunch is in the courtyard today.');
    expect(await texts(loner)).not.toContain('From the organisers: “To starred_part”. Lunch is in the courtyard today.');

    const banners = await call<AnnouncementBanner[]>(starrer, 'get_my_announcements');
    expect(banners.data.map((banner) => banner.title)).toContain('To starred_part');
    const banner = banners.data.find((entry) => entry.title === 'To starred_part')!;
    expect(banner).toMatchObject({ body: 'Lunch is in the courtyard today.', link: '/agenda-schedule', urgent: false });
    expect((await call(starrer, 'dismiss_announcement', { p_announcement_id: banner.id })).error).toBeNull();
    expect((await call<AnnouncementBanner[]>(starrer, 'get_my_announcements')).data.map((entry) => entry.title)).not.toContain('To starred_part');
    // Someone else's announcement cannot be dismissed for them.
    const notMine = await call(loner, 'dismiss_announcement', { p_announcement_id: banner.id });
    expect(notMine.status).toBe(400);
    expect(notMine.error?.message).toBe(ANNOUNCEMENT_MESSAGES.notFound);

    const log = await call<AuditLogPage>(organiser, 'list_audit_log', { p_actor_id: organiser.user.id });
    expect(log.data.entries.filter((entry) => entry.kind === AUDIT_KINDS.announcementCreated)).toHaveLength(groups.length);
  });

  it('a scheduled announcement waits for its time (an injected clock) and then reaches its people once', async () => {
    const organiser = await signUpOrganiser(server());
    const inAnHour = new Date(Date.now() + 3600_000);
    const scheduled = await call<AnnouncementSummary>(
      organiser,
      'create_announcement',
      announcement({ p_title: 'Survey closes', p_send_at: inAnHour.toISOString() }),
    );
    expect(scheduled.error).toBeNull();
    expect(scheduled.data).toMatchObject({ sent_at: null, recipients: null });
    const told = async () =>
      Number((await server().db.query<{ n: number }>('select count(*)::int as n from notifications where announcement_id = $1', [scheduled.data.id]))[0]?.n);
    await deliverDueAnnouncements(server().db, new Date(inAnHour.getTime() - 60_000));
    expect(await told()).toBe(0);
    await deliverDueAnnouncements(server().db, new Date(inAnHour.getTime() + 1_000));
    const everyone = (await userIds(server(), 'true')).size;
    expect(await told()).toBe(everyone);
    await deliverDueAnnouncements(server().db, new Date(inAnHour.getTime() + 120_000));
    expect(await told()).toBe(everyone);
  });

  it('an urgent one is mailed at once to people with mail on, even once a day; a fourth urgent one in a day is refused', async () => {
    const organiser = await signUpOrganiser(server());
    const daily = await signUpUser(server());
    await saveSettings(daily, { email_digest: 'daily' });
    await server().db.query('update notification_settings set last_digest_at = now() where user_id = $1', [daily.user.id]);
    const [{ n: before } = { n: 0 }] = await server().db.query<{ n: number }>(
      "select count(*)::int as n from announcements where urgent and created_at > now() - interval '1 day'",
    );
    for (let index = before; index < 3; index += 1) {
      expect((await call(organiser, 'create_announcement', announcement({ p_title: `Urgent ${index}`, p_urgent: true }))).error).toBeNull();
    }
    await server().notifications.run();
    const mails = await server().db.query<{ body: string }>('select body from mail_outbox where recipient = $1', [daily.email.toLowerCase()]);
    expect(mails.map((mail) => mail.body).join('\n')).toContain('Lunch is in the courtyard today.');

    const countBefore = await announcementCount(server());
    const fourth = await call(organiser, 'create_announcement', announcement({ p_title: 'One too many', p_urgent: true }));
    expect(fourth.status).toBe(400);
    expect(fourth.error?.message).toBe(ANNOUNCEMENT_MESSAGES.urgentLimit);
    expect(await announcementCount(server())).toBe(countBefore);
  });

  it('refuses bad input in words and writes nothing', async () => {
    const organiser = await signUpOrganiser(server());
    const countBefore = await announcementCount(server());
    const cases: [Record<string, unknown>, string][] = [
      [{ p_audience: 'vip_lounge' }, ANNOUNCEMENT_MESSAGES.unknownGroup],
      [{ p_audience: 'starred_part', p_part_id: 'no-such-part' }, ANNOUNCEMENT_MESSAGES.unknownPart],
      [{ p_send_at: new Date(Date.now() - 3600_000).toISOString() }, ANNOUNCEMENT_MESSAGES.pastTime],
      [{ p_send_at: 'next tuesday' }, ANNOUNCEMENT_MESSAGES.badTime],
      [{ p_title: '   ' }, ANNOUNCEMENT_MESSAGES.titleEmpty],
      [{ p_body: 'x'.repeat(2001) }, ANNOUNCEMENT_MESSAGES.bodyTooLong],
      [{ p_link: 'https://elsewhere.example/phish' }, ANNOUNCEMENT_MESSAGES.badLink],
      [{ p_link: '//elsewhere.example' }, ANNOUNCEMENT_MESSAGES.badLink],
    ];
    for (const [overrides, message] of cases) {
      const refused = await call(organiser, 'create_announcement', announcement(overrides));
      expect(refused.status, message).toBe(400);
      expect(refused.error?.message).toBe(message);
    }
    expect((await call(organiser, 'list_announcement_recipients', { p_audience: 'vip_lounge', p_part_id: null })).error?.message).toBe(
      ANNOUNCEMENT_MESSAGES.unknownGroup,
    );
    const unknownGroup = await call(organiser, 'count_announcement_recipients', { p_audience: 'vip_lounge', p_part_id: null });
    expect(unknownGroup.error?.message).toBe(ANNOUNCEMENT_MESSAGES.unknownGroup);
    expect(await announcementCount(server())).toBe(countBefore);
    // Exactly 2,000 characters is allowed.
    expect((await call(organiser, 'create_announcement', announcement({ p_body: 'x'.repeat(2000) }))).error).toBeNull();
  });
});
