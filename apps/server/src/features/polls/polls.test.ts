import { expect, it } from 'vitest';
import { HOST_MESSAGES, POLL_AUDIT_KINDS, POLL_MESSAGES, POLLS_TOPIC, type PartPolls, type PollsLiveEvent } from '@mc/contract';
import { describeEachDatabase, newClient, signUpUser, untyped, type TestUser } from '../../../test/harness.ts';
import { UNKNOWN_ID } from '../../../test/factories.ts';
import { LiveTestClient } from '../../../test/live-client.ts';
import { auditCount, signUpOrganiser } from '../../../test/organisers.ts';
import { answer, createPoll, openPoll, PART_A, PART_B, pollParams } from './fixtures.ts';

function pollIn(polls: PartPolls, pollId: string) {
  const poll = polls.polls.find((candidate) => candidate.poll_id === pollId);
  if (!poll) throw new Error('poll not listed');
  return poll;
}

async function refusal(user: TestUser, name: string, params: Record<string, unknown>): Promise<{ status: number; message: string | undefined }> {
  const { status, error, data } = await untyped(user.client).rpc(name, params);
  expect(data).toBeNull();
  return { status, message: error?.message };
}

describeEachDatabase('polls: each kind, open and close, one answer per person', (server) => {
  it('counts a single-choice poll, lets people change their answer while it is open, and refuses answers once closed', async () => {
    const host = await signUpOrganiser(server());
    const [ada, ben] = [await signUpUser(server()), await signUpUser(server())];
    const { pollId, polls } = await createPoll(host);
    expect(polls.can_host).toBe(true);
    expect(pollIn(polls, pollId)).toMatchObject({ state: 'draft', options: ['Tools', 'People', 'Money'], answer_count: 0 });
    // A draft is the host's: attendees see nothing of it, and cannot answer it.
    expect((await ada.client.rpc('get_part_polls', { p_part_id: PART_A })).data).toEqual({
      part_id: PART_A,
      part_title: 'Why Communities Need Missions, Not Just Meetings',
      can_host: false,
      polls: [],
    });
    expect(await refusal(ada, 'answer_poll', { p_poll_id: pollId, p_choices: [0] })).toEqual({ status: 400, message: POLL_MESSAGES.notYetOpen });

    await host.client.rpc('open_poll', { p_poll_id: pollId });
    await answer(ada, { p_choices: [0] }, pollId);
    const changed = await answer(ada, { p_choices: [2] }, pollId);
    expect(pollIn(changed, pollId)).toMatchObject({ answer_count: 1, results: { counts: [0, 0, 1] }, my_answer: { choices: [2], rating: null, text: null } });
    const both = await answer(ben, { p_choices: [2] }, pollId);
    expect(pollIn(both, pollId)).toMatchObject({ state: 'open', answer_count: 2, results: { counts: [0, 0, 2], average: null, top: [] } });

    const closed = (await host.client.rpc('close_poll', { p_poll_id: pollId })).data;
    expect(closed && pollIn(closed, pollId)).toMatchObject({ state: 'closed', results: { counts: [0, 0, 2] } });
    expect(await refusal(ben, 'answer_poll', { p_poll_id: pollId, p_choices: [1] })).toEqual({ status: 400, message: POLL_MESSAGES.closed });
    expect(await refusal(host, 'close_poll', { p_poll_id: pollId })).toEqual({ status: 400, message: POLL_MESSAGES.notOpen });
    expect(await refusal(host, 'open_poll', { p_poll_id: pollId })).toEqual({ status: 400, message: POLL_MESSAGES.alreadyOpened });
    const after = (await ben.client.rpc('get_part_polls', { p_part_id: PART_A })).data;
    expect(after && pollIn(after, pollId)).toMatchObject({ answer_count: 2, results: { counts: [0, 0, 2] }, my_answer: { choices: [2] } });
  });

  it('counts several choices, ratings 1–5 with their average, and open answers as the most given ones', async () => {
    const host = await signUpOrganiser(server());
    const people = [await signUpUser(server()), await signUpUser(server()), await signUpUser(server())];
    const several = await openPoll(host, { p_part_id: PART_B, p_kind: 'multiple', p_options: ['A', 'B', 'C', 'D'] });
    await answer(people[0]!, { p_choices: [0, 1, 1] }, several);
    const multi = await answer(people[1]!, { p_choices: [3, 1] }, several);
    expect(pollIn(multi, several)).toMatchObject({ answer_count: 2, results: { counts: [1, 2, 0, 1] }, my_answer: { choices: [1, 3] } });
    await host.client.rpc('close_poll', { p_poll_id: several });

    const rating = await openPoll(host, { p_part_id: PART_B, p_kind: 'rating', p_options: [] });
    for (const [index, value] of [5, 4, 4].entries()) await answer(people[index]!, { p_rating: value }, rating);
    const rated = (await people[0]!.client.rpc('get_part_polls', { p_part_id: PART_B })).data;
    expect(rated && pollIn(rated, rating)).toMatchObject({ kind: 'rating', answer_count: 3, results: { counts: [0, 0, 0, 2, 1], average: 4.33 } });
    await host.client.rpc('close_poll', { p_poll_id: rating });

    const open = await openPoll(host, { p_part_id: PART_B, p_kind: 'open', p_question: 'One word for today?', p_options: [] });
    await answer(people[0]!, { p_text: '  Hopeful ' }, open);
    await answer(people[1]!, { p_text: 'hopeful' }, open);
    const words = await answer(people[2]!, { p_text: 'Tired   but happy' }, open);
    expect(pollIn(words, open)).toMatchObject({
      answer_count: 3,
      results: {
        counts: [],
        average: null,
        top: [
          { text: 'Hopeful', count: 2 },
          { text: 'Tired but happy', count: 1 },
        ],
      },
      my_answer: { text: 'Tired but happy' },
    });
    // Newest first: the part's three polls.
    expect(words.polls.map((poll) => poll.kind)).toEqual(['open', 'rating', 'multiple']);
  });

  it('keeps results hidden until the close when the host chose so: on phones and on the live channel', async () => {
    const host = await signUpOrganiser(server());
    const watcher = await signUpUser(server());
    const voter = await signUpUser(server());
    const live = await LiveTestClient.follow(server().url, watcher.session.access_token, [POLLS_TOPIC]);
    try {
      const pollId = await openPoll(host, { p_part_id: 's3p1', p_hide_results: true });
      const mine = await answer(voter, { p_choices: [1] }, pollId);
      expect(pollIn(mine, pollId)).toMatchObject({ hide_results: true, answer_count: 1, results: null, my_answer: { choices: [1] } });
      const event = (data: unknown) => data as PollsLiveEvent;
      const counted = await live.waitFor(
        (m) => m.type === 'event' && m.topic === POLLS_TOPIC && event(m.data).part_id === 's3p1' && event(m.data).polls[0]?.answer_count === 1,
        10_000,
      );
      expect(counted.message.type === 'event' && event(counted.message.data).polls[0]?.results).toBeNull();
      await host.client.rpc('close_poll', { p_poll_id: pollId });
      const shown = await live.waitFor((m) => m.type === 'event' && event(m.data).part_id === 's3p1' && event(m.data).polls[0]?.state === 'closed', 10_000);
      expect(shown.message.type === 'event' && event(shown.message.data).polls[0]?.results).toEqual({ counts: [0, 1, 0], average: null, top: [] });
    } finally {
      live.close();
    }
  });

  it('sends a part’s answers on the live channel gathered: a burst of answers is a few messages', async () => {
    const host = await signUpOrganiser(server());
    const watcher = await signUpUser(server());
    const people = await Promise.all(Array.from({ length: 12 }, () => signUpUser(server())));
    const pollId = await openPoll(host, { p_part_id: 's4p1' });
    const live = await LiveTestClient.follow(server().url, watcher.session.access_token, [POLLS_TOPIC]);
    try {
      await Promise.all(people.map((person, index) => answer(person, { p_choices: [index % 3] }, pollId)));
      const event = (data: unknown) => data as PollsLiveEvent;
      await live.waitFor((m) => m.type === 'event' && event(m.data).part_id === 's4p1' && event(m.data).polls[0]?.answer_count === 12, 10_000);
      const messages = live.received.filter((r) => r.message.type === 'event' && event(r.message.data).part_id === 's4p1');
      expect(messages.length).toBeLessThan(12);
      const last = messages.at(-1)?.message;
      expect(last?.type === 'event' && event(last.data).polls[0]?.results?.counts).toEqual([4, 4, 4]);
    } finally {
      live.close();
    }
  });
});

describeEachDatabase('polls: who may host, and bad input', (server) => {
  it('lets the organisers and the part’s hosts create, open and close its polls, nobody else; audits what they did', async () => {
    const organiser = await signUpOrganiser(server());
    const host = await signUpUser(server());
    const attendee = await signUpUser(server());
    expect((await organiser.client.rpc('add_part_host', { p_part_id: PART_A, p_email: host.email })).error).toBeNull();
    const before = await auditCount(server());
    const refused = { status: 403, message: HOST_MESSAGES.hostsOnly };
    expect(await refusal(attendee, 'create_poll', pollParams())).toEqual(refused);
    // A host of part A is no host of part B.
    expect(await refusal(host, 'create_poll', pollParams({ p_part_id: PART_B }))).toEqual(refused);
    const { pollId: other } = await createPoll(organiser, { p_part_id: PART_B });
    expect(await refusal(host, 'open_poll', { p_poll_id: other })).toEqual(refused);
    expect((await host.client.rpc('get_part_polls', { p_part_id: PART_B })).data).toMatchObject({ can_host: false, polls: [] });

    const { pollId, polls } = await createPoll(host);
    expect(polls.can_host).toBe(true);
    expect(await refusal(attendee, 'open_poll', { p_poll_id: pollId })).toEqual(refused);
    expect((await host.client.rpc('open_poll', { p_poll_id: pollId })).error).toBeNull();
    expect(await refusal(attendee, 'close_poll', { p_poll_id: pollId })).toEqual(refused);
    expect((await organiser.client.rpc('close_poll', { p_poll_id: pollId })).error).toBeNull();
    // A poll that does not exist is refused as one of a part the caller does not host.
    expect(await refusal(attendee, 'open_poll', { p_poll_id: UNKNOWN_ID })).toEqual(refused);
    const signedOut = await untyped(newClient(server().url)).rpc('get_part_polls', { p_part_id: PART_A });
    expect(signedOut.status).toBe(401);
    expect(await auditCount(server())).toBe(before + 4);
    const audit = await server().db.query<{ kind: string; actor_label: string }>(
      `select kind, actor_label from audit_log where kind like 'poll.%' and subject = 'Which track next?' order by at`,
    );
    expect(audit).toEqual([
      { kind: POLL_AUDIT_KINDS.created, actor_label: organiser.email },
      { kind: POLL_AUDIT_KINDS.created, actor_label: host.email },
      { kind: POLL_AUDIT_KINDS.opened, actor_label: host.email },
      { kind: POLL_AUDIT_KINDS.closed, actor_label: organiser.email },
    ]);
  });

  it('answers bad input with a clear message and changes nothing', async () => {
    const host = await signUpOrganiser(server());
    const attendee = await signUpUser(server());
    const before = await auditCount(server());
    const cases: [Record<string, unknown>, string][] = [
      [pollParams({ p_part_id: 's5p1', p_options: [] }), POLL_MESSAGES.optionsNeeded],
      [pollParams({ p_options: ['Only one'] }), POLL_MESSAGES.optionsNeeded],
      [pollParams({ p_options: ['A', '  '] }), POLL_MESSAGES.optionsNeeded],
      [pollParams({ p_options: Array.from({ length: 11 }, (_, n) => `Option ${n}`) }), POLL_MESSAGES.tooManyOptions],
      [pollParams({ p_options: ['Same', 'same'] }), POLL_MESSAGES.optionsRepeat],
      [pollParams({ p_question: '   ' }), POLL_MESSAGES.questionRequired],
      [pollParams({ p_part_id: 's9p9' }), POLL_MESSAGES.partNotPublished],
    ];
    for (const [params, message] of cases) expect(await refusal(host, 'create_poll', params)).toEqual({ status: 400, message });
    expect(await refusal(attendee, 'get_part_polls', { p_part_id: 's9p9' })).toEqual({ status: 400, message: POLL_MESSAGES.partNotPublished });
    expect(await auditCount(server())).toBe(before);
    expect((await host.client.rpc('get_part_polls', { p_part_id: 's5p1' })).data?.polls).toEqual([]);

    const single = await openPoll(host);
    const rating = await openPoll(host, { p_part_id: PART_B, p_kind: 'rating', p_options: [] });
    const open = await openPoll(host, { p_part_id: 's3p1', p_kind: 'open', p_options: [] });
    const answers: [Record<string, unknown>, string][] = [
      [{ p_poll_id: single, p_choices: [] }, POLL_MESSAGES.chooseOne],
      [{ p_poll_id: single, p_choices: [0, 1] }, POLL_MESSAGES.chooseOne],
      [{ p_poll_id: single, p_choices: [3] }, POLL_MESSAGES.unknownOption],
      [{ p_poll_id: rating, p_rating: 0 }, POLL_MESSAGES.rating],
      [{ p_poll_id: rating, p_rating: 6 }, POLL_MESSAGES.rating],
      [{ p_poll_id: rating }, POLL_MESSAGES.rating],
      [{ p_poll_id: open, p_text: 'x'.repeat(61) }, POLL_MESSAGES.openAnswer],
      [{ p_poll_id: open, p_text: '   ' }, POLL_MESSAGES.openAnswer],
      [{ p_poll_id: UNKNOWN_ID, p_choices: [0] }, POLL_MESSAGES.notFound],
    ];
    for (const [params, message] of answers) expect(await refusal(attendee, 'answer_poll', params)).toEqual({ status: 400, message });
    // A second poll of the same part cannot open while one is.
    const { pollId: second } = await createPoll(host);
    expect(await refusal(host, 'open_poll', { p_poll_id: second })).toEqual({ status: 400, message: POLL_MESSAGES.anotherOpen });
    const [{ n } = { n: -1 }] = await server().db.query<{ n: number }>('select count(*)::int as n from poll_answers where poll_id = any($1::uuid[])', [
      [single, rating, open],
    ]);
    expect(n).toBe(0);
    // Exactly 60 characters are taken.
    expect(pollIn(await answer(attendee, { p_text: 'y'.repeat(60) }, open), open).my_answer?.text).toHaveLength(60);
  });
});
