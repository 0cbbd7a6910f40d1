import { expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { FEEDBACK_AUDIT_KINDS, FEEDBACK_EXPORT_PATH, FEEDBACK_MESSAGES, venueInstant, type PartFeedbackSummary, type ProgrammeResponse } from '@mc/contract';
import { describeEachDatabase, signUpUser, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { runNotificationJobsAt, TestClock } from '../../../test/clock.ts';
import { bell } from '../../../test/notifications.ts';
import { auditCount, expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';

/*
 * Feedback after each part (docs/product.md#feedback), with the notification jobs' clock set by
 * the test: "How was …?" comes once per person when a part ends, to the people who took part.
 */

const clock = new TestClock();
const S1P2 = 'Why Communities Need Missions, Not Just Meetings';

async function endOf(server: TestServer, endTime: string): Promise<number> {
  const { programme } = (await (await fetch(`${server.url}/content/v1/programme`)).json()) as ProgrammeResponse;
  return venueInstant(programme.settings.startDate, endTime, programme.settings.timeZone).getTime();
}

async function asked(user: TestUser): Promise<string[]> {
  return (await bell(user)).items.filter((item) => item.kind === 'feedback_requested').map((item) => item.text);
}

async function refusal(user: TestUser, name: string, params: Record<string, unknown>): Promise<string | undefined> {
  const { error, data, status } = await untyped(user.client).rpc(name, params);
  expect(data).toBeNull();
  expect(status).toBe(400);
  return error?.message;
}

describeEachDatabase(
  'feedback after each part',
  (server) => {
    it('asks the people who took part once, when the part ends, whichever pass gets there; never someone who did not', async () => {
      const host = await signUpOrganiser(server());
      const [starrer, answerer, both, asker, upvoter, bystander] = await Promise.all([
        signUpUser(server()),
        signUpUser(server()),
        signUpUser(server()),
        signUpUser(server()),
        signUpUser(server()),
        signUpUser(server()),
      ]);
      await starrer.client.rpc('set_agenda_favourite', { p_part_id: 's1p2', p_starred: true });
      await both.client.rpc('set_agenda_favourite', { p_part_id: 's1p2', p_starred: true });
      const created = await host.client.rpc('create_poll', { p_part_id: 's1p2', p_kind: 'rating', p_question: 'So far?' });
      const pollId = created.data?.polls[0]?.poll_id ?? '';
      await host.client.rpc('open_poll', { p_poll_id: pollId });
      for (const person of [answerer, both]) expect((await person.client.rpc('answer_poll', { p_poll_id: pollId, p_rating: 4 })).error).toBeNull();
      // A question and an upvote, as the questions feature writes them.
      const [question] = await server().db.query<{ question_id: string }>(
        `insert into questions (part_id, asked_by, body) values ('s1p2', $1, 'Why missions?') returning question_id`,
        [asker.user.id],
      );
      await server().db.query('insert into question_votes (question_id, user_id) values ($1, $2)', [question?.question_id, upvoter.user.id]);

      const ends = await endOf(server(), '10:15');
      await runNotificationJobsAt(clock, ends - 60_000, server());
      expect(await asked(starrer)).toEqual([]);
      await runNotificationJobsAt(clock, ends + 60_000, server());
      const text = `How was “${S1P2}”? Rate it from 1 to 5 and, if you like, leave a comment for its speakers. Only the organisers read it, never with your name.`;
      for (const person of [starrer, answerer, both, asker, upvoter]) expect(await asked(person)).toEqual([text]);
      expect(await asked(bystander)).toEqual([]);
      expect(await asked(host)).toEqual([]);
      const [item] = (await bell(both)).items.filter((entry) => entry.kind === 'feedback_requested');
      expect(item?.part_id).toBe('s1p2');
      // A later pass, another instance's or one after a restart, asks nobody again.
      await runNotificationJobsAt(clock, ends + 5 * 60_000, server());
      await runNotificationJobsAt(clock, ends + 11 * 3600_000, server());
      for (const person of [starrer, both]) expect(await asked(person)).toHaveLength(1);
      const [claims] = await server().db.query<{ n: number }>(`select count(*)::int as n from part_feedback_asked where part_id = 's1p2'`);
      expect(claims?.n).toBe(1);
    });

    it('takes one rating and comment per person, anonymously; organisers read them, switch them off, and export them', async () => {
      const organiser = await signUpOrganiser(server());
      const [ada, ben, late] = await Promise.all([signUpUser(server()), signUpUser(server()), signUpUser(server())]);
      expect((await ada.client.rpc('get_my_part_feedback', { p_part_id: 's3p1' })).data).toEqual({
        part_id: 's3p1',
        open: true,
        switched_off: false,
        rating: null,
        comment: null,
      });
      await ada.client.rpc('give_part_feedback', { p_part_id: 's3p1', p_rating: 2, p_comment: 'Too fast' });
      const changed = await ada.client.rpc('give_part_feedback', { p_part_id: 's3p1', p_rating: 4, p_comment: '  Clear, =SUM(1) and kind  ' });
      expect(changed.data).toMatchObject({ rating: 4, comment: 'Clear, =SUM(1) and kind' });
      await ben.client.rpc('give_part_feedback', { p_part_id: 's3p1', p_rating: 5 });

      expect(await refusal(ada, 'give_part_feedback', { p_part_id: 's3p1', p_rating: 0 })).toBe(FEEDBACK_MESSAGES.rating);
      expect(await refusal(ada, 'give_part_feedback', { p_part_id: 's3p1', p_rating: 6 })).toBe(FEEDBACK_MESSAGES.rating);
      expect(await refusal(ada, 'give_part_feedback', { p_part_id: 's3p1', p_rating: 3, p_comment: 'x'.repeat(1001) })).toBe(FEEDBACK_MESSAGES.comment);
      expect(await refusal(ada, 'give_part_feedback', { p_part_id: 's9p9', p_rating: 3 })).toBe(FEEDBACK_MESSAGES.unknownPart);

      await expectOrganiserOnly(server(), 'list_part_feedback', {});
      await expectOrganiserOnly(server(), 'set_part_feedback_off', { p_part_id: 's3p1', p_off: true });
      const listed = (await organiser.client.rpc('list_part_feedback', {})).data ?? [];
      const s3p1 = listed.find((part: PartFeedbackSummary) => part.part_id === 's3p1');
      expect(s3p1).toEqual({
        part_id: 's3p1',
        title: 'Health Starts in the Neighbourhood',
        switched_off: false,
        count: 2,
        average: 4.5,
        distribution: [0, 0, 0, 1, 1],
        comments: ['Clear, =SUM(1) and kind'],
      });
      // Nobody is named, not even by id.
      for (const person of [ada, ben]) expect(JSON.stringify(listed)).not.toContain(person.user.id);

      const before = await auditCount(server());
      const off = (await organiser.client.rpc('set_part_feedback_off', { p_part_id: 's3p1', p_off: true })).data ?? [];
      expect(off.find((part: PartFeedbackSummary) => part.part_id === 's3p1')?.switched_off).toBe(true);
      expect(await auditCount(server())).toBe(before + 1);
      expect(await refusal(late, 'give_part_feedback', { p_part_id: 's3p1', p_rating: 3 })).toBe(FEEDBACK_MESSAGES.switchedOff);
      expect((await late.client.rpc('get_my_part_feedback', { p_part_id: 's3p1' })).data).toMatchObject({ open: false, switched_off: true });
      // A part switched off when it ends asks nobody.
      await late.client.rpc('set_agenda_favourite', { p_part_id: 's3p1', p_starred: true });
      await runNotificationJobsAt(clock, (await endOf(server(), '15:15')) + 60_000, server());
      expect(await asked(late)).toEqual([]);
      await organiser.client.rpc('set_part_feedback_off', { p_part_id: 's3p1', p_off: false });
      expect(await auditCount(server())).toBe(before + 2);

      const denied = await fetch(server().url + FEEDBACK_EXPORT_PATH, { headers: { authorization: `Bearer ${ada.session.access_token}` } });
      expect(denied.status).toBe(403);
      const response = await fetch(server().url + FEEDBACK_EXPORT_PATH, { headers: { authorization: `Bearer ${organiser.session.access_token}` } });
      expect(response.status).toBe(200);
      const text = (await response.text()).replace(/^\uFEFF/, '');
      const rows = parse(text, { record_delimiter: '\r\n' }) as string[][];
      expect(rows[0]).toEqual(['Part', 'Title', 'Rating', 'Comment', 'Given at']);
      expect(rows.filter((row) => row[0] === 's3p1').map((row) => [row[2], row[3]])).toEqual([
        ['4', 'Clear, =SUM(1) and kind'],
        ['5', ''],
      ]);
      for (const person of [ada, ben]) {
        expect(text).not.toContain(person.user.id);
        expect(text).not.toContain(person.email);
      }
      const [audit] = await server().db.query<{ kind: string }>(`select kind from audit_log where kind = $1`, [FEEDBACK_AUDIT_KINDS.exported]);
      expect(audit?.kind).toBe(FEEDBACK_AUDIT_KINDS.exported);
    });
  },
  {},
  { clock },
);
