import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MISSION_CHECKIN_MESSAGES, PROGRESS_MESSAGES, type Mission, type MissionCheckins, type MissionUpdate } from '@mc/contract';
import { newPrivateJwk } from '../../auth/keys.ts';
import { createMission, signUpLeader } from '../../../test/factories.ts';
import { checkinDayStart, runNotificationJobsAt, TestClock } from '../../../test/clock.ts';
import { createTestSchema, describeEachDatabase, signUpUser, startTestServer, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { bell, callAs, follow, saveSettings } from '../../../test/notifications.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';

/*
 * Check-ins after the conference (docs/product.md#check-ins), with the notification jobs' clock
 * set by the test: 30, 60 and 90 days after the programme's last day each mission's owners get one
 * bell and (with e-mails on) one e-mail, exactly once whichever pass or instance gets there; one
 * reminder a week later if nobody answered; nothing when switched off. The answer becomes an update.
 */

const DAY = 86_400_000;
const HOUR = 3_600_000;

async function checkinBells(user: TestUser): Promise<{ kind: string; text: string; mission_id: string | null; checkin_day?: number | null }[]> {
  return (await bell(user)).items.filter((item) => item.kind === 'mission_checkin' || item.kind === 'mission_checkin_reminder');
}

async function mailsTo(server: TestServer, email: string): Promise<{ subject: string; body: string }[]> {
  return server.db.query<{ subject: string; body: string }>('select subject, body from mail_outbox where recipient = $1 order by id', [email.toLowerCase()]);
}

/** A mission with an owner and a co-owner, both with e-mails on (immediately). */
async function missionWithOwners(server: TestServer, name: string): Promise<{ owner: TestUser; coOwner: TestUser; mission: Mission }> {
  const { owner, mission } = await createMission(server, { p_name: name }, { firstName: 'Olwethu', lastName: 'Owner' });
  const coOwner = await signUpLeader(server, { firstName: 'Thandi', lastName: 'Coowner' });
  await callAs(owner, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: coOwner.user.id });
  await server.db.query('update mission_members set is_co_owner = true where mission_id = $1 and user_id = $2', [mission.mission_id, coOwner.user.id]);
  await saveSettings(owner, { email_digest: 'immediate' });
  await saveSettings(coOwner, { email_digest: 'daily' });
  return { owner, coOwner, mission };
}

const clock = new TestClock();

describeEachDatabase(
  'check-ins after the conference',
  (server) => {
    it('day 29: nothing; day 30: one bell and one e-mail per owner, in their language, never a plain member; later passes: not again', async () => {
      const { owner, coOwner, mission } = await missionWithOwners(server(), `Reading Circle ${Date.now().toString(36)}`);
      const member = await signUpUser(server());
      await callAs(owner, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: member.user.id });
      await server().db.query(`update users set user_metadata = user_metadata || '{"language": "zu"}'::jsonb where id = $1`, [coOwner.user.id]);
      const day30 = await checkinDayStart(server(), 30);

      await runNotificationJobsAt(clock, day30 - HOUR, server());
      expect(await checkinBells(owner)).toEqual([]);
      expect(await mailsTo(server(), owner.email)).toEqual([]);

      // Two passes at once on one instance, and more later: still one of each.
      await runNotificationJobsAt(clock, day30 + HOUR, server(), server());
      await runNotificationJobsAt(clock, day30 + 2 * HOUR, server());
      await runNotificationJobsAt(clock, day30 + 3 * DAY, server());
      const bells = await checkinBells(owner);
      expect(bells).toHaveLength(1);
      expect(bells[0]).toMatchObject({ kind: 'mission_checkin', mission_id: mission.mission_id, checkin_day: 30 });
      expect(bells[0]?.text).toBe(
        `How is “${mission.name}” going? Answer the check-in: what happened, what you need now, and whether the team is still together.`,
      );
      expect(await checkinBells(coOwner)).toHaveLength(1);
      expect(await checkinBells(member)).toEqual([]);

      const mails = await mailsTo(server(), owner.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.subject).toBe(`How is “${mission.name}” going?`);
      expect(mails[0]?.body).toContain('It is 30 days since the conference.');
      expect(mails[0]?.body).toContain(`/mission/${mission.mission_id}/check-in/30`);
      // In isiZulu for the co-owner who chose it, e-mailed at once though they chose a daily digest.
      const zulu = await mailsTo(server(), coOwner.email);
      expect(zulu).toHaveLength(1);
      expect(zulu[0]?.subject).not.toBe(`How is “${mission.name}” going?`);
      expect(zulu[0]?.subject).toContain(mission.name);
      expect(await mailsTo(server(), member.email)).toEqual([]);
      // The digest does not mail the check-in's bell a second time.
      await runNotificationJobsAt(clock, day30 + 4 * DAY, server());
      expect(await mailsTo(server(), owner.email)).toHaveLength(1);
    });

    it('one reminder a week later, only if nobody answered; an answered one is not reminded', async () => {
      const quiet = await missionWithOwners(server(), `Solar Lights ${Date.now().toString(36)}`);
      const answered = await missionWithOwners(server(), `Clean Water ${Date.now().toString(36)}`);
      const day60 = await checkinDayStart(server(), 60);
      await runNotificationJobsAt(clock, day60 + HOUR, server());
      await callAs(answered.coOwner, 'answer_mission_checkin', {
        p_mission_id: answered.mission.mission_id,
        p_day: 60,
        p_happened: 'We fixed three lights.',
        p_needs: '',
        p_team_together: true,
        p_status: 'active',
      });

      await runNotificationJobsAt(clock, day60 + 6 * DAY, server());
      expect((await checkinBells(quiet.owner)).map((item) => item.kind)).toEqual(['mission_checkin']);
      await runNotificationJobsAt(clock, day60 + 7 * DAY + 2 * HOUR, server(), server());
      await runNotificationJobsAt(clock, day60 + 9 * DAY, server());
      const reminded = await checkinBells(quiet.owner);
      expect(reminded.map((item) => item.kind)).toEqual(['mission_checkin_reminder', 'mission_checkin']);
      expect(reminded[0]?.text).toBe(`Reminder: how is “${quiet.mission.name}” going? The check-in is still open.`);
      const mails = await mailsTo(server(), quiet.owner.email);
      expect(mails.map((mail) => mail.subject)).toEqual([`How is “${quiet.mission.name}” going?`, `Reminder: how is “${quiet.mission.name}” going?`]);
      expect((await checkinBells(answered.owner)).map((item) => item.kind)).toEqual(['mission_checkin']);
    });

    it('switched off: nothing; unsubscribed (e-mails off): the bell without an e-mail', async () => {
      const off = await missionWithOwners(server(), `Garden ${Date.now().toString(36)}`);
      const unsubscribed = await missionWithOwners(server(), `Library ${Date.now().toString(36)}`);
      const refused = await untyped((await signUpUser(server())).client).rpc('set_mission_checkins', { p_mission_id: off.mission.mission_id, p_on: false });
      expect(refused.status).toBe(403);
      const switched = (await callAs(off.coOwner, 'set_mission_checkins', { p_mission_id: off.mission.mission_id, p_on: false })) as MissionCheckins;
      expect(switched.on).toBe(false);
      await saveSettings(unsubscribed.owner, { email_digest: 'off' });

      const day90 = await checkinDayStart(server(), 90);
      await runNotificationJobsAt(clock, day90 + HOUR, server());
      await runNotificationJobsAt(clock, day90 + 8 * DAY, server());
      expect(await checkinBells(off.owner)).toEqual([]);
      expect(await mailsTo(server(), off.owner.email)).toEqual([]);
      const checkins = (await callAs(off.owner, 'get_mission_checkins', { p_mission_id: off.mission.mission_id })) as MissionCheckins;
      expect(checkins.checkins.map((checkin) => [checkin.day, checkin.sent_at])).toEqual([
        [30, null],
        [60, null],
        [90, null],
      ]);
      expect((await checkinBells(unsubscribed.owner)).map((item) => item.kind)).toEqual(['mission_checkin_reminder', 'mission_checkin']);
      expect(await mailsTo(server(), unsubscribed.owner.email)).toEqual([]);
      expect(await mailsTo(server(), unsubscribed.coOwner.email)).toHaveLength(2);
    });

    it('an owner answers the check-in: it becomes an update its followers hear of, and sets the status; others are refused', async () => {
      const { owner, coOwner, mission } = await missionWithOwners(server(), `Football ${Date.now().toString(36)}`);
      const follower = await signUpUser(server());
      const member = await signUpUser(server());
      await follow(follower, mission.mission_id);
      await callAs(owner, 'add_mission_member', { p_mission_id: mission.mission_id, p_user_id: member.user.id });
      const answer = {
        p_mission_id: mission.mission_id,
        p_day: 30,
        p_happened: 'We met the ward councillor.',
        p_needs: 'A place to store the balls.',
        p_team_together: true,
        p_status: 'paused',
        p_reason: 'Waiting for the field',
      };
      const early = await untyped(owner.client).rpc('answer_mission_checkin', answer);
      expect(early.error?.message).toBe(MISSION_CHECKIN_MESSAGES.notSent);
      await runNotificationJobsAt(clock, (await checkinDayStart(server(), 30)) + HOUR, server());

      for (const outsider of [member, follower]) {
        const refused = await untyped(outsider.client).rpc('answer_mission_checkin', answer);
        expect(refused.status).toBe(403);
        expect(refused.error?.message).toBe(PROGRESS_MESSAGES.ownersOnly);
        expect((await untyped(outsider.client).rpc('get_mission_checkins', { p_mission_id: mission.mission_id })).status).toBe(403);
      }
      const empty = await untyped(owner.client).rpc('answer_mission_checkin', { ...answer, p_happened: '  ' });
      expect(empty.error?.message).toBe(MISSION_CHECKIN_MESSAGES.happenedRequired);
      const noReason = await untyped(owner.client).rpc('answer_mission_checkin', { ...answer, p_reason: null });
      expect(noReason.error?.message).toBe(PROGRESS_MESSAGES.reasonRequired);

      const update = (await callAs(coOwner, 'answer_mission_checkin', answer)) as MissionUpdate;
      expect(update.title).toBe('Check-in after 30 days');
      expect(update.text).toBe('What happened: We met the ward councillor.\n\nWhat we need now: A place to store the balls.\n\nThe team is still together.');
      const again = await untyped(owner.client).rpc('answer_mission_checkin', answer);
      expect(again.error?.message).toBe(MISSION_CHECKIN_MESSAGES.alreadyAnswered);

      const seen = await follower.client.rpc('get_mission_updates', { p_mission_id: mission.mission_id });
      expect(seen.data?.map((item) => item.title)).toEqual(['Check-in after 30 days']);
      expect((await bell(follower)).items.map((item) => item.kind)).toContain('mission_update');
      const [row] = await server().db.query<{ status: string; status_reason: string }>('select status, status_reason from missions where mission_id = $1', [
        mission.mission_id,
      ]);
      expect(row).toEqual({ status: 'paused', status_reason: 'Waiting for the field' });
      const checkins = (await callAs(owner, 'get_mission_checkins', { p_mission_id: mission.mission_id })) as MissionCheckins;
      expect(checkins.checkins[0]).toMatchObject({ day: 30, update_id: update.update_id });
      expect(checkins.checkins[0]?.answered_at).not.toBeNull();
    });

    it('hiding an update (moderation) tells nobody: no bell, no e-mail', async () => {
      // The organiser's authenticator codes are made by the real time.
      clock.advance(Date.now() - clock.now());
      const organiser = await signUpOrganiser(server());
      const { owner, mission } = await missionWithOwners(server(), `Quiet Moderation ${Date.now().toString(36)}`);
      const follower = await signUpUser(server());
      await follow(follower, mission.mission_id);
      await saveSettings(follower, { email_digest: 'immediate' });
      const posted = (await callAs(owner, 'post_mission_update', {
        p_mission_id: mission.mission_id,
        p_title: 'Call me',
        p_text: '082 000 0000',
      })) as MissionUpdate;
      // The post's own news is mailed first (the follower chose e-mails at once).
      await server().notifications.run();
      await server().notifications.settled();
      const concerned = [owner.user.id, follower.user.id];
      const counts = async () => {
        const [bells] = await server().db.query<{ n: number }>('select count(*)::int as n from notifications where user_id = any($1::uuid[])', [concerned]);
        const [mails] = await server().db.query<{ n: number }>('select count(*)::int as n from mail_outbox where recipient = any($1::text[])', [
          [owner.email.toLowerCase(), follower.email.toLowerCase()],
        ]);
        return { bells: bells?.n, mails: mails?.n };
      };
      const before = await counts();
      expect(before).toEqual({ bells: 1, mails: 1 });
      await callAs(organiser, 'hide_mission_update', { p_update_id: posted.update_id, p_reason: 'A phone number' });
      await server().notifications.run();
      await server().notifications.settled();
      expect(await counts()).toEqual(before);
    });
  },
  {},
  { clock },
);

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('check-ins on two instances of one PostgreSQL, and after a restart [postgres]', () => {
  const shared = new TestClock();
  let env: Record<string, string>;
  let a: TestServer;
  let b: TestServer;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const schema = await createTestSchema();
    drop = () => schema.drop();
    env = { DATABASE_URL: schema.url, JWT_PRIVATE_KEY: JSON.stringify(await newPrivateJwk()) };
    a = await startTestServer('pglite', env, { clock: shared });
    b = await startTestServer('pglite', env, { clock: shared });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await drop?.();
  });

  /** The check-in bells of a person, read in the database (their client may point at an instance that was stopped). */
  async function kindsOf(server: TestServer, user: TestUser): Promise<string[]> {
    const rows = await server.db.query<{ kind: string }>(
      `select kind from notifications where user_id = $1 and kind in ('mission_checkin', 'mission_checkin_reminder') order by id desc`,
      [user.user.id],
    );
    return rows.map((row) => row.kind);
  }

  it('both instances ticking at day 30 ask each owner exactly once; a restarted instance does not ask again', async () => {
    expect(a.db.kind).toBe('postgres');
    const missions = await Promise.all(Array.from({ length: 6 }, (_, i) => missionWithOwners(i % 2 ? a : b, `Twin ${i} ${Date.now().toString(36)}`)));
    const day30 = await checkinDayStart(a, 30);
    await runNotificationJobsAt(shared, day30 + HOUR, a, b, a, b);
    for (const { owner, coOwner } of missions) {
      expect(await kindsOf(b, owner)).toEqual(['mission_checkin']);
      expect(await kindsOf(b, coOwner)).toEqual(['mission_checkin']);
      expect(await mailsTo(b, owner.email)).toHaveLength(1);
    }
    await a.close();
    a = await startTestServer('pglite', env, { clock: shared });
    await runNotificationJobsAt(shared, day30 + 2 * HOUR, a, b);
    for (const { owner } of missions) {
      expect(await kindsOf(a, owner)).toEqual(['mission_checkin']);
      expect(await mailsTo(a, owner.email)).toHaveLength(1);
    }
    // The reminder, a week later, once too.
    await runNotificationJobsAt(shared, day30 + 7 * DAY + 2 * HOUR, a, b, a, b);
    for (const { owner } of missions) {
      expect(await kindsOf(a, owner)).toEqual(['mission_checkin_reminder', 'mission_checkin']);
      expect(await mailsTo(a, owner.email)).toHaveLength(2);
    }
  });
});
