import { afterAll, expect, it } from 'vitest';
import { venueInstant, type NotificationKind, type ProgrammeDocument, type ProgrammeResponse, type UserLiveEvent } from '@mc/contract';
import { describeEachDatabase, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';
import { runNotificationJobsAt, TestClock } from '../../../test/clock.ts';
import { callAs } from '../../../test/notifications.ts';
import { LiveTestClient } from '../../../test/live-client.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { publishNow } from '../../../test/programme.ts';

/**
 * Notifications without a mission event (a programme publication's alerts, an announcement, a
 * session reminder) reach the bell of a person whose app is open at once, through their own live
 * topic, as mission news does; nobody else's.
 */

const clock = new TestClock();
const openClients: LiveTestClient[] = [];

afterAll(() => {
  for (const client of openClients) client.close();
});

/** Two people with the app open, following their own topics: one the news is for, one it is not. */
async function twoOpenApps(server: TestServer): Promise<{ concerned: TestUser; other: TestUser; concernedLive: LiveTestClient; otherLive: LiveTestClient }> {
  const concerned = await signUpUser(server);
  const other = await signUpUser(server);
  const concernedLive = await LiveTestClient.follow(server.url, concerned.session.access_token, [`user:${concerned.user.id}`]);
  const otherLive = await LiveTestClient.follow(server.url, other.session.access_token, [`user:${other.user.id}`]);
  openClients.push(concernedLive, otherLive);
  return { concerned, other, concernedLive, otherLive };
}

/** The concerned person's open app receives its bell with the news; the other, in the same pass, hears nothing. */
async function onlyConcernedHears(
  apps: { concerned: TestUser; concernedLive: LiveTestClient; otherLive: LiveTestClient },
  kind: NotificationKind,
): Promise<void> {
  const topic = `user:${apps.concerned.user.id}`;
  const { message } = await apps.concernedLive.waitFor((received) => received.type === 'event' && received.topic === topic);
  const { list } = (message as { data: UserLiveEvent }).data;
  // The same list the bell would read for itself.
  expect(list).toEqual(await callAs(apps.concerned, 'get_my_notifications'));
  expect(list.items.map((item) => item.kind)).toContain(kind);
  expect(list.unread).toBeGreaterThan(0);
  // The feed sends every word of one pass together, before the concerned reader's arrived: once
  // the other's connection has made a round trip after that, any word for them would be in.
  await apps.otherLive.roundTrip();
  expect(apps.otherLive.received.map((entry) => entry.message.type)).toEqual(['ready', 'subscribed']);
}

describeEachDatabase(
  'notifications without a mission event reach open apps at once',
  (server) => {
    it('a publication that changes a starred part', async () => {
      const organiser = await signUpOrganiser(server());
      const apps = await twoOpenApps(server());
      await callAs(apps.concerned, 'set_agenda_favourite', { p_part_id: 's2p1', p_starred: true });
      const draft = ((await callAs(organiser, 'get_programme_draft')) as ProgrammeResponse).programme;
      const renamed: ProgrammeDocument = {
        ...draft,
        agenda: draft.agenda.map((session) => ({
          ...session,
          parts: session.parts.map((part) => (part.id === 's2p1' ? { ...part, title: 'A new title' } : part)),
        })),
      };
      await callAs(organiser, 'import_programme', { p_programme: renamed });
      const { result } = await publishNow(organiser, 'Session 2 opens under a new title');
      expect(result.notified).toBe(1);
      await onlyConcernedHears(apps, 'programme_changed');
    });

    it('an announcement sent now to the people who starred a part', async () => {
      const organiser = await signUpOrganiser(server());
      const apps = await twoOpenApps(server());
      await callAs(apps.concerned, 'set_agenda_favourite', { p_part_id: 's5p1', p_starred: true });
      const sent = (await callAs(organiser, 'create_announcement', {
        p_title: 'Bring a laptop',
        p_body: 'The workshop needs one laptop per pair.',
        p_link: null,
        p_audience: 'starred_part',
        p_part_id: 's5p1',
        p_urgent: false,
        p_send_at: null,
      })) as { recipients: number };
      expect(sent.recipients).toBe(1);
      await onlyConcernedHears(apps, 'announcement');
    });

    it('a session reminder, when the notification job finds it due by its clock', async () => {
      const apps = await twoOpenApps(server());
      await callAs(apps.concerned, 'set_session_reminders', { p_on: true });
      await callAs(apps.concerned, 'set_agenda_favourite', { p_part_id: 's1p2', p_starred: true });
      // The sample programme: s1p2 starts at 09:30 on the first day, venue time; it is due ten minutes before.
      const { programme } = (await (await fetch(`${server().url}/content/v1/programme`)).json()) as ProgrammeResponse;
      const due = venueInstant(programme.settings.startDate, '09:30', programme.settings.timeZone).getTime() - 10 * 60_000;
      // The clock goes back afterwards: the other database's suite signs organisers in by it.
      await runNotificationJobsAt(clock, due, server());
      await onlyConcernedHears(apps, 'session_reminder');
    });
  },
  {},
  { clock },
);
