import { expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { AFTER_EVENT_AUDIT_KINDS, AFTER_EVENT_EXPORT_PATH, type AfterEventOverview } from '@mc/contract';
import { createMission } from '../../../test/factories.ts';
import { checkinDayStart, runNotificationJobsAt, TestClock } from '../../../test/clock.ts';
import { describeEachDatabase, signUpUser, untyped, type TestServer } from '../../../test/harness.ts';
import { callAs } from '../../../test/notifications.ts';
import { auditCount, expectOrganiserOnly, signUpOrganiser, signUpOrganiserWithoutFactor } from '../../../test/organisers.ts';

/*
 * The organisers' "After the event" (docs/product.md#after-the-event): every mission with its
 * status, last update and check-in answers, "no news for 30 days", the figures, and the CSV;
 * organisers only, with their second factor; the export is audited.
 */

const clock = new TestClock();

/** The notification jobs' pass an hour into check-in day `day`. */
async function passAtDay(server: TestServer, day: number): Promise<void> {
  await runNotificationJobsAt(clock, (await checkinDayStart(server, day)) + 3_600_000, server);
}

describeEachDatabase(
  'the organisers’ After the event',
  (server) => {
    it('lists every mission with its status, last update and check-in answers, filters those without news for 30 days, and counts', async () => {
      clock.advance(Date.now() - clock.now());
      const quiet = await createMission(server(), { p_name: 'Aloe Garden' });
      const busy = await createMission(server(), { p_name: 'Bright Lights' });
      const old = await createMission(server(), { p_name: 'Clean Streams' });
      await callAs(busy.owner, 'post_mission_update', { p_mission_id: busy.mission.mission_id, p_title: 'Ten lights up', p_text: 'In Gugulethu.' });
      await callAs(old.owner, 'post_mission_update', { p_mission_id: old.mission.mission_id, p_title: 'Long ago', p_text: '' });
      await server().db.query(`update mission_updates set created_at = now() - interval '40 days' where mission_id = $1`, [old.mission.mission_id]);
      await passAtDay(server(), 30);
      await callAs(busy.owner, 'answer_mission_checkin', {
        p_mission_id: busy.mission.mission_id,
        p_day: 30,
        p_happened: 'Ten lights up.',
        p_needs: 'Batteries',
        p_team_together: false,
        p_status: 'paused',
        p_reason: 'Rainy season',
      });
      await callAs(quiet.owner, 'set_mission_checkins', { p_mission_id: quiet.mission.mission_id, p_on: false });

      await expectOrganiserOnly(server(), 'get_after_event_overview', { p_no_news_only: false });
      const withoutFactor = await untyped((await signUpOrganiserWithoutFactor(server())).client).rpc('get_after_event_overview', { p_no_news_only: false });
      expect(withoutFactor.status).toBe(403);

      const organiser = await signUpOrganiser(server());
      const overview = (await callAs(organiser, 'get_after_event_overview', { p_no_news_only: false })) as AfterEventOverview;
      expect(overview.missions.map((mission) => [mission.name, mission.status, mission.no_news, mission.checkins_on])).toEqual([
        ['Aloe Garden', 'active', true, false],
        ['Bright Lights', 'paused', false, true],
        ['Clean Streams', 'active', true, true],
      ]);
      const bright = overview.missions[1]!;
      expect(bright.last_update_title).toBe('Check-in after 30 days');
      expect(bright.answers).toEqual([
        expect.objectContaining({ day: 30, happened: 'Ten lights up.', needs: 'Batteries', team_together: false, status: 'paused' }),
      ]);
      expect(overview.missions[2]?.last_update_title).toBe('Long ago');
      expect(overview.figures).toEqual({
        missions: 3,
        active: 2,
        paused: 1,
        completed: 0,
        stopped: 0,
        // The server's clock is months after the programme: every check-in day has passed. Two of
        // the three missions posted after day 30 (the old update is 40 days old, still after day 90
        // of a programme that ended a year ago, so it counts too).
        updated_after: [
          { day: 30, share: 2 / 3 },
          { day: 60, share: 2 / 3 },
          { day: 90, share: 2 / 3 },
        ],
      });

      const quietOnly = (await callAs(organiser, 'get_after_event_overview', { p_no_news_only: true })) as AfterEventOverview;
      expect(quietOnly.missions.map((mission) => mission.name)).toEqual(['Aloe Garden', 'Clean Streams']);
      expect(quietOnly.figures.missions).toBe(3);
    });

    it('exports the same as CSV for organisers only, audited', async () => {
      clock.advance(Date.now() - clock.now());
      const organiser = await signUpOrganiser(server());
      const attendee = await signUpUser(server());
      const url = server().url + AFTER_EVENT_EXPORT_PATH;
      expect((await fetch(url)).status).toBe(401);
      expect((await fetch(url, { headers: { authorization: `Bearer ${attendee.session.access_token}` } })).status).toBe(403);
      const before = await auditCount(server());
      const response = await fetch(`${url}?no_news=1`, { headers: { authorization: `Bearer ${organiser.session.access_token}` } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      const rows = parse((await response.text()).replace(/^\uFEFF/, ''), { record_delimiter: '\r\n' }) as string[][];
      expect(rows[0]?.slice(0, 8)).toEqual([
        'Mission',
        'Status',
        'Status reason',
        'Hidden',
        'Check-ins',
        'Last update',
        'Last update at',
        'No news for 30 days',
      ]);
      expect(rows[0]).toContain('Day 30: what happened');
      expect(rows.slice(1).map((row) => row[0])).toEqual(['Aloe Garden', 'Clean Streams']);
      const all = parse((await (await fetch(url, { headers: { authorization: `Bearer ${organiser.session.access_token}` } })).text()).replace(/^\uFEFF/, ''), {
        record_delimiter: '\r\n',
      }) as string[][];
      const bright = all.find((row) => row[0] === 'Bright Lights');
      expect(bright?.slice(1, 3)).toEqual(['paused', 'Rainy season']);
      expect(bright).toContain('Ten lights up.');
      expect(bright).toContain('Batteries');
      expect(await auditCount(server())).toBe(before + 2);
      const [audit] = await server().db.query<{ kind: string; subject: string }>('select kind, subject from audit_log order by id desc limit 1');
      expect(audit).toEqual({ kind: AFTER_EVENT_AUDIT_KINDS.exported, subject: 'after-the-event.csv' });
    });
  },
  {},
  { clock },
);
