import { expect, it } from 'vitest';
import { MISSION_MESSAGES, TEAM_MESSAGES, type NotificationItem } from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { createMission, missionParams, signUpLeader } from '../../../test/factories.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { bell, countStatements, follow, saveSettings, seedFollowers, texts } from '../../../test/notifications.ts';
import { pruneExpiredRows } from '../../auth/pruning.ts';

/** Adds `count` votes on the mission straight in SQL (people made in SQL too), in one statement, as a vote batch does. */
async function addVotes(server: TestServer, missionId: string, count: number): Promise<void> {
  const voters = await seedFollowers(server, missionId, count);
  await server.db.query('delete from mission_subscriptions where mission_id = $1 and user_id = any($2::uuid[])', [missionId, voters]);
  await server.db.query('insert into mission_votes (mission_id, user_id) select $1, id from unnest($2::uuid[]) as id', [missionId, voters]);
}

function only(list: { items: NotificationItem[] }): NotificationItem {
  expect(list.items).toHaveLength(1);
  return list.items[0]!;
}

describeEachDatabase(
  'notifications',
  (server) => {
    it("tells a mission's followers which fields changed, never the person who changed them, and not for a save that changed nothing", async () => {
      const { owner, mission } = await createMission(server(), { p_name: 'Clean Water' }, { firstName: 'Ada', lastName: 'Lovelace' });
      const follower = await signUpUser(server());
      const bystander = await signUpUser(server());
      await follow(follower, mission.mission_id);

      // The core message is sent as it already was: only the statement changed.
      const saved = await owner.client.rpc('update_mission', {
        p_mission_id: mission.mission_id,
        p_updated_by: owner.user.id,
        p_statement: 'We build better filters',
        p_core_message: mission.core_message,
      });
      expect(saved.error).toBeNull();

      const list = await bell(follower);
      expect(list.unread).toBe(1);
      const item = only(list);
      expect(item).toMatchObject({ kind: 'mission_changed', read: false, mission_id: mission.mission_id, can_leave: false });
      expect(item.text).toBe('Ada Lovelace changed the statement of “Clean Water”.');
      expect((await bell(owner)).items).toEqual([]);
      expect((await bell(bystander)).items).toEqual([]);

      // The same values again: nothing changed, nobody is told.
      await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_statement: 'We build better filters' });
      const renamed = await owner.client.rpc('update_mission', {
        p_mission_id: mission.mission_id,
        p_updated_by: owner.user.id,
        p_name: 'Cleaner Water',
        p_first_team_action: 'Test the wells',
      });
      expect(renamed.error).toBeNull();
      expect(await texts(follower)).toEqual([
        'Ada Lovelace changed the mission name and first team action of “Cleaner Water”.',
        'Ada Lovelace changed the statement of “Cleaner Water”.',
      ]);
    });

    it('tells the person added who added them, the team about its new member and followers about the team; the added person can leave from it', async () => {
      const member = await signUpUser(server(), { firstName: 'Grace', lastName: 'Hopper' });
      const { owner, mission } = await createMission(
        server(),
        { p_name: 'Library', p_member_ids: [member.user.id] },
        { firstName: 'Ada', lastName: 'Lovelace' },
      );
      const follower = await signUpUser(server());
      const newcomer = await signUpUser(server(), { firstName: 'Alan', lastName: 'Turing' });
      await follow(follower, mission.mission_id);
      // The first member was told at creation.
      expect(await texts(member)).toEqual(['Ada Lovelace added you to the team of “Library”.']);

      const added = await owner.client.rpc('add_mission_member', { p_mission_id: mission.mission_id, p_user_id: newcomer.user.id });
      expect(added.error).toBeNull();
      const told = only(await bell(newcomer));
      expect(told).toMatchObject({
        kind: 'added_to_team',
        text: 'Ada Lovelace added you to the team of “Library”.',
        mission_id: mission.mission_id,
        can_leave: true,
      });
      expect((await texts(member))[0]).toBe('Ada Lovelace added Alan Turing to your team “Library”.');
      expect(await texts(follower)).toEqual(['Alan Turing joined the team of “Library”.']);
      expect((await bell(owner)).items).toEqual([]);

      // Leaving, as the notification's button does: the button goes, followers are told, the team is not.
      const left = await newcomer.client.rpc('remove_mission_member', {
        p_mission_id: mission.mission_id,
        p_user_id: newcomer.user.id,
        p_removed_by: newcomer.user.id,
      });
      expect(left.data).toBe('member_deleted');
      expect(only(await bell(newcomer)).can_leave).toBe(false);
      expect((await texts(follower))[0]).toBe('Alan Turing left the team of “Library”.');
      expect(await texts(member)).toHaveLength(2);

      // Removed by an owner: the person is told who did it.
      const removed = await owner.client.rpc('remove_mission_member', {
        p_mission_id: mission.mission_id,
        p_user_id: member.user.id,
        p_removed_by: owner.user.id,
      });
      expect(removed.data).toBe('member_deleted');
      expect((await texts(member))[0]).toBe('Ada Lovelace removed you from the team of “Library”.');

      // Names only: nobody's e-mail address is in anything the bell answers.
      const everything = JSON.stringify([await bell(member), await bell(follower), await bell(newcomer)]);
      for (const person of [owner, member, follower, newcomer]) expect(everything).not.toContain(person.email);
    });

    it('announces each votes milestone (10, 25, 50, 100, …) to followers once, the highest one when a batch passes several', async () => {
      const { mission } = await createMission(server(), { p_name: 'Solar' });
      const follower = await signUpUser(server());
      await follow(follower, mission.mission_id);
      await addVotes(server(), mission.mission_id, 9);
      expect((await bell(follower)).items).toEqual([]);

      // The tenth vote, through the procedure.
      const voter = await signUpUser(server());
      expect((await voter.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id })).data).toBe('voted');
      expect(await texts(follower)).toEqual(['“Solar” passed 10 votes.']);
      expect(only(await bell(follower)).kind).toBe('votes_milestone');

      // Down to 9 and back to 10: no second announcement.
      expect((await voter.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id })).data).toBe('unvoted');
      expect((await voter.client.rpc('toggle_mission_vote', { p_mission_id: mission.mission_id })).data).toBe('voted');
      expect(await texts(follower)).toHaveLength(1);

      await addVotes(server(), mission.mission_id, 15);
      expect((await texts(follower))[0]).toBe('“Solar” passed 25 votes.');
      // 25 → 110 in one statement: 50 and 100 are both passed, only 100 is announced.
      await addVotes(server(), mission.mission_id, 85);
      expect(await texts(follower)).toEqual(['“Solar” passed 100 votes.', '“Solar” passed 25 votes.', '“Solar” passed 10 votes.']);
      const [next] = await server().db.query<{ next_vote_milestone: number }>('select next_vote_milestone from missions where mission_id = $1', [
        mission.mission_id,
      ]);
      expect(next?.next_vote_milestone).toBe(250);
    });

    it('tells the team when the organisers hide or unhide their mission, with the reason, and never names a hidden mission to anyone else', async () => {
      const member = await signUpUser(server());
      const { owner, mission } = await createMission(server(), { p_name: 'Secret Garden', p_member_ids: [member.user.id] });
      const follower = await signUpUser(server());
      await follow(follower, mission.mission_id);
      await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_core_message: 'Grow together' });
      expect(only(await bell(follower)).mission_id).toBe(mission.mission_id);

      const organiser = await signUpOrganiser(server());
      const hidden = await organiser.client.rpc('hide_mission', { p_mission_id: mission.mission_id, p_reason: 'Phone numbers in the statement' });
      expect(hidden.error).toBeNull();
      for (const person of [owner, member]) {
        const item = (await bell(person)).items[0];
        expect(item).toMatchObject({
          kind: 'mission_hidden',
          mission_id: mission.mission_id,
          text: 'The organisers hid your mission “Secret Garden”. Reason: Phone numbers in the statement',
        });
      }
      // The follower outside the team: not told, and the old notification no longer names it.
      const withheld = only(await bell(follower));
      expect(withheld).toMatchObject({ mission_id: null, text: 'Someone changed the core message of a mission you can no longer see.' });
      expect(JSON.stringify(await bell(follower))).not.toContain('Secret Garden');

      // A change to the hidden mission is not told to followers who may not see it.
      await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_statement: 'Now without numbers' });
      expect((await bell(follower)).items).toHaveLength(1);

      const shown = await organiser.client.rpc('unhide_mission', { p_mission_id: mission.mission_id });
      expect(shown.error).toBeNull();
      expect((await texts(member))[0]).toBe('The organisers unhid your mission “Secret Garden”: everyone can see it again.');
      expect(only(await bell(follower)).mission_id).toBe(mission.mission_id);
      // The organiser who acted is never named.
      expect(JSON.stringify(await bell(member))).not.toContain(organiser.email);
    });

    it('marks one notification read, then all of them, and only ever the caller’s own', async () => {
      const { owner, mission } = await createMission(server());
      const follower = await signUpUser(server());
      const other = await signUpUser(server());
      await follow(follower, mission.mission_id);
      await follow(other, mission.mission_id);
      for (const statement of ['One', 'Two', 'Three']) {
        await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_statement: statement });
      }
      const list = await bell(follower);
      expect(list.unread).toBe(3);
      const [newest, middle] = list.items;

      const one = await follower.client.rpc('mark_notifications_read', { p_notification_id: middle!.id });
      expect(one.data).toEqual({ unread: 2 });
      expect((await bell(follower)).items.map((item) => item.read)).toEqual([false, true, false]);
      // Someone else's id changes nothing for its owner.
      const foreign = await other.client.rpc('mark_notifications_read', { p_notification_id: newest!.id });
      expect(foreign.data).toEqual({ unread: 3 });
      expect((await bell(follower)).unread).toBe(2);

      const all = await follower.client.rpc('mark_notifications_read', {});
      expect(all.data).toEqual({ unread: 0 });
      expect((await bell(follower)).items.every((item) => item.read)).toBe(true);
      expect((await bell(other)).unread).toBe(3);

      const bad = await untyped(follower.client).rpc('mark_notifications_read', { p_notification_id: 'latest' });
      expect(bad.status).toBe(400);
      expect(bad.error?.message).toBe('Invalid parameter p_notification_id: must be a notification id');
    });

    it('"Others may add me to their team" is on by default; when off, adding the person is refused with a clear message and changes nothing', async () => {
      const person = await signUpUser(server());
      const defaults = await person.client.rpc('get_notification_settings', {});
      expect(defaults.data).toEqual({ email_digest: 'off', allow_team_additions: true });

      await saveSettings(person, { allow_team_additions: false });
      expect((await person.client.rpc('get_notification_settings', {})).data).toEqual({ email_digest: 'off', allow_team_additions: false });
      const { owner, mission } = await createMission(server());
      const refused = await owner.client.rpc('add_mission_member', { p_mission_id: mission.mission_id, p_user_id: person.user.id });
      expect(refused.status).toBe(400);
      expect(refused.error).toMatchObject({ code: 'P0001', message: TEAM_MESSAGES.additionsRefused });
      const team = await owner.client.rpc('get_mission_members', { p_mission_id: mission.mission_id });
      expect(team.data?.map((row) => row.user_id)).toEqual([owner.user.id]);
      expect((await bell(person)).items).toEqual([]);

      // create_mission's members are additions too.
      const founder = await signUpLeader(server());
      const founding = await founder.client.rpc('create_mission', missionParams(founder, { p_member_ids: [person.user.id] }));
      expect(founding.error).toMatchObject({ code: 'P0001', message: MISSION_MESSAGES.membersRefuse + person.user.id });
      expect(await server().db.query('select 1 from missions where created_by = $1', [founder.user.id])).toEqual([]);

      // Someone already on the team hears "already a member", not the refusal.
      await saveSettings(person, { allow_team_additions: true });
      expect((await owner.client.rpc('add_mission_member', { p_mission_id: mission.mission_id, p_user_id: person.user.id })).error).toBeNull();
      await saveSettings(person, { allow_team_additions: false });
      const again = await owner.client.rpc('add_mission_member', { p_mission_id: mission.mission_id, p_user_id: person.user.id });
      expect(again.error?.message).toBe(TEAM_MESSAGES.alreadyMember);

      const bad = await untyped(person.client).rpc('save_notification_settings', { p_email_digest: 'weekly', p_allow_team_additions: true });
      expect(bad.status).toBe(400);
      expect(bad.error?.message).toMatch(/^Invalid parameter p_email_digest/);
      expect((await person.client.rpc('get_notification_settings', {})).data).toEqual({ email_digest: 'off', allow_team_additions: false });
    });

    it('tells a person who chose to stay anonymous for the surveys like anyone else', async () => {
      const { owner, mission } = await createMission(server(), { p_name: 'Quiet' });
      const anonymous: TestUser = await signUpUser(server());
      const chosen = await anonymous.client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true, anonymous_guid: crypto.randomUUID() } });
      expect(chosen.error).toBeNull();
      await follow(anonymous, mission.mission_id);
      await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_core_message: 'Hush' });
      expect(await texts(anonymous)).toEqual(['Ada Lovelace changed the core message of “Quiet”.']);
    });

    it('records a change to a mission with 2,000 followers in the same number of statements as with one follower, and tells all 2,000', async () => {
      const { owner: small, mission: few } = await createMission(server());
      await seedFollowers(server(), few.mission_id, 1);
      const { owner: big, mission: many } = await createMission(server());
      const followers = await seedFollowers(server(), many.mission_id, 2_000);

      const change = (owner: TestUser, missionId: string) => async () => {
        const { error } = await owner.client.rpc('update_mission', {
          p_mission_id: missionId,
          p_updated_by: owner.user.id,
          p_statement: `Changed ${Date.now()}`,
        });
        expect(error).toBeNull();
      };
      await server().notifications.settled();
      const withOne = await countStatements(server(), change(small, few.mission_id));
      await server().notifications.settled();
      const withMany = await countStatements(server(), change(big, many.mission_id));
      expect(withMany).toBe(withOne);
      // Lock and read the mission, update it, record the change with its 2,000 notifications, read it
      // back (and what the request itself needs): a handful, counted where they leave the server.
      expect(withMany).toBeGreaterThanOrEqual(4);
      expect(withMany).toBeLessThanOrEqual(6);

      const [told] = await server().db.query<{ people: number }>(
        `select count(distinct n.user_id)::int as people from notifications n join mission_events e on e.id = n.event_id where e.mission_id = $1`,
        [many.mission_id],
      );
      expect(told?.people).toBe(2_000);
      const [events] = await server().db.query<{ n: number }>('select count(*)::int as n from mission_events where mission_id = $1', [many.mission_id]);
      expect(events?.n).toBe(1);
      expect(followers).toHaveLength(2_000);
    });

    it('prunes notifications older than the retention time (90 days by default) and keeps newer ones', async () => {
      const { owner, mission } = await createMission(server());
      const follower = await signUpUser(server());
      await follow(follower, mission.mission_id);
      for (const statement of ['Old', 'Recent']) {
        await owner.client.rpc('update_mission', { p_mission_id: mission.mission_id, p_updated_by: owner.user.id, p_statement: statement });
      }
      const [recent, old] = (await bell(follower)).items;
      await server().db.query(
        `update mission_events set created_at = now() - interval '91 days' where id = (select event_id from notifications where id = $1::bigint)`,
        [old!.id],
      );
      await server().db.query(
        `update mission_events set created_at = now() - interval '89 days' where id = (select event_id from notifications where id = $1::bigint)`,
        [recent!.id],
      );
      // The server's own pruning, with the retention it is configured with (NOTIFICATION_RETENTION_DAYS).
      const pruned = await pruneExpiredRows(server().db, { sessionIdleDays: 90, notificationRetentionDays: 90 });
      expect(pruned.mission_events).toBeGreaterThanOrEqual(1);
      expect((await bell(follower)).items.map((item) => item.id)).toEqual([recent!.id]);
      await pruneExpiredRows(server().db, { sessionIdleDays: 90, notificationRetentionDays: 30 });
      expect((await bell(follower)).items).toEqual([]);
    });
  },
  // The mail pass runs only when a test asks (or a change wakes it), never in the middle of a count.
  { MAIL_DIGEST_INTERVAL_SECONDS: '3600' },
);
