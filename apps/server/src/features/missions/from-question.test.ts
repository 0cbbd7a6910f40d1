import { afterAll, expect, it } from 'vitest';
import {
  MISSION_FROM_QUESTION_VOTES,
  QUESTION_MESSAGES,
  questionsTopic,
  type LiveServerMessage,
  type PartQuestions,
  type QuestionsLiveEvent,
} from '@mc/contract';
import { describeEachDatabase, signUpUser, type TestServer, type TestUser } from '../../../test/harness.ts';
import { missionParams, signUpLeader } from '../../../test/factories.ts';
import { LiveTestClient } from '../../../test/live-client.ts';
import { bell, saveSettings } from '../../../test/notifications.ts';

/*
 * A mission started from a question (docs/product.md#missions-from-questions): who may start one
 * (the asker; anyone once the question has 10 upvotes; nobody from a question not everyone sees),
 * the link kept, the part's "Missions started here" on its screens and its live topic, and the
 * bell of the asker and the upvoters, once each, never naming an anonymous asker.
 */

async function data<T>(promise: PromiseLike<{ data: T | null; error: { message: string } | null }>): Promise<T> {
  const { data: value, error } = await promise;
  expect(error).toBeNull();
  if (value === null) throw new Error('no answer');
  return value;
}

async function openAsking(server: TestServer, part: string): Promise<void> {
  await server.db.query(`insert into part_question_settings (part_id, asking) values ($1, 'open') on conflict (part_id) do update set asking = 'open'`, [part]);
}

async function askAs(user: TestUser, part: string, body: string, anonymous = false): Promise<string> {
  const asked: PartQuestions = await data(user.client.rpc('ask_question', { p_part_id: part, p_body: body, p_anonymous: anonymous }));
  const question = asked.questions.find((entry) => entry.body === body);
  if (!question) throw new Error(`no question "${body}"`);
  return question.question_id;
}

async function upvote(user: TestUser, questionId: string): Promise<void> {
  await data(user.client.rpc('vote_question', { p_question_id: questionId, p_up: true }));
}

const start = (user: TestUser, questionId: string, name = `From the room ${Math.random().toString(36).slice(2, 8)}`) =>
  user.client.rpc('create_mission', missionParams(user, { p_name: name, p_source_question_id: questionId }));

async function becameMission(user: TestUser): Promise<string[]> {
  return (await bell(user)).items.filter((item) => item.kind === 'question_became_mission').map((item) => item.text);
}

describeEachDatabase('missions started from a question', (server) => {
  const live: LiveTestClient[] = [];
  afterAll(() => live.forEach((client) => client.close()));

  it('the asker starts one: the mission is linked to the question, the part counts it live, and the upvoters are told once each', async () => {
    await openAsking(server(), 's3p1');
    const asker = await signUpLeader(server(), { firstName: 'Asha', lastName: 'Asker' });
    const [first, second] = [await signUpUser(server()), await signUpUser(server())];
    await saveSettings(second, { email_digest: 'immediate' });
    const questionId = await askAs(asker, 's3p1', 'How do we keep the river clean?');
    await upvote(first, questionId);
    await upvote(second, questionId);
    const watcher = await LiveTestClient.follow(server().url, first.session.access_token, [questionsTopic('s3p1')]);
    live.push(watcher);

    const [mission] = await data(start(asker, questionId, 'River Keepers'));
    if (!mission) throw new Error('no mission');
    const links = await server().db.query<{ question_id: string; part_id: string; started_by: string }>(
      'select question_id, part_id, started_by from question_missions where mission_id = $1',
      [mission.mission_id],
    );
    expect(links).toEqual([{ question_id: questionId, part_id: 's3p1', started_by: asker.user.id }]);

    const counted = await watcher.waitFor(
      (message: LiveServerMessage) => message.type === 'event' && (message.data as QuestionsLiveEvent).missions_started === 1,
    );
    expect(counted.message.type).toBe('event');
    expect((await data(first.client.rpc('get_part_questions', { p_part_id: 's3p1' }))).missions_started).toBe(1);

    expect(await becameMission(first)).toEqual([
      'Asha Asker started the mission “River Keepers” from a question you upvoted: “How do we keep the river clean?”.',
    ]);
    expect(await becameMission(second)).toHaveLength(1);
    // Whoever started it is not told of their own mission.
    expect(await becameMission(asker)).toEqual([]);
    const [item] = (await bell(first)).items.filter((entry) => entry.kind === 'question_became_mission');
    expect(item?.mission_id).toBe(mission.mission_id);
    // Mail as every bell kind: only for whoever switched it on (here, at once), never for the others.
    const mailTo = (user: TestUser) =>
      server()
        .db.query<{ body: string }>('select body from mail_outbox where recipient = $1', [user.email])
        .then((rows) => rows.filter((row) => row.body.includes('River Keepers')).length);
    await expect.poll(() => mailTo(second), { timeout: 10_000 }).toBe(1);
    expect(await mailTo(first)).toBe(0);
  });

  it('anyone else only once the question has 10 upvotes, with a clear refusal before; the asker and every upvoter are told, the starter not', async () => {
    await openAsking(server(), 's3p2');
    const asker = await signUpUser(server(), { firstName: 'Quiet', lastName: 'Asker' });
    const starter = await signUpLeader(server(), { firstName: 'Sam', lastName: 'Starter' });
    const questionId = await askAs(asker, 's3p2', 'Who fixes the potholes?');
    const voters = await Promise.all(Array.from({ length: MISSION_FROM_QUESTION_VOTES - 1 }, () => signUpUser(server())));
    for (const voter of voters) await upvote(voter, questionId);

    const early = await start(starter, questionId);
    expect(early.error?.message).toBe(QUESTION_MESSAGES.missionNotAllowed);
    expect(early.status).toBe(400);
    // Nothing was created or linked.
    const [none] = await server().db.query<{ n: number }>('select count(*)::int as n from missions where created_by = $1', [starter.user.id]);
    expect(none?.n).toBe(0);

    await upvote(starter, questionId);
    const [mission] = await data(start(starter, questionId, 'Pothole Patrol'));
    expect(mission?.problem_being_solved).toBe('Unsafe drinking water');
    expect(await becameMission(asker)).toEqual(['Sam Starter started the mission “Pothole Patrol” from your question “Who fixes the potholes?”.']);
    for (const voter of voters) expect(await becameMission(voter)).toHaveLength(1);
    expect(await becameMission(starter)).toEqual([]);
    const [told] = await server().db.query<{ n: number; people: number }>(
      `select count(*)::int as n, count(distinct user_id)::int as people from notifications where kind = 'question_became_mission'
          and event_id in (select id from mission_events where mission_id = $1)`,
      [mission?.mission_id],
    );
    expect(told).toEqual({ n: MISSION_FROM_QUESTION_VOTES, people: MISSION_FROM_QUESTION_VOTES });
    expect((await data(asker.client.rpc('get_part_questions', { p_part_id: 's3p2' }))).missions_started).toBe(1);
  });

  it('an anonymous asker is named to nobody: the upvoters’ bell and the part’s questions leave them unnamed', async () => {
    await openAsking(server(), 's3p3');
    const asker = await signUpLeader(server(), { firstName: 'Hidden', lastName: 'Person' });
    const voter = await signUpUser(server());
    const questionId = await askAs(asker, 's3p3', 'Can we share tools?', true);
    await upvote(voter, questionId);
    await data(start(asker, questionId, 'Tool Library'));
    // The one who started it is the asker who asked anonymously: the bell does not tie them to the question.
    expect(await becameMission(voter)).toEqual(['Someone started the mission “Tool Library” from a question you upvoted: “Can we share tools?”.']);
    const seen = await data(voter.client.rpc('get_part_questions', { p_part_id: 's3p3' }));
    expect(seen.questions.find((question) => question.question_id === questionId)?.asker_name).toBeNull();

    // A person who stays anonymous everywhere is "Anonymous attendee" as the actor too.
    const shy = await signUpLeader(server(), { firstName: 'Shy', lastName: 'Starter' });
    expect((await shy.client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true } })).error).toBeNull();
    const ownQuestion = await askAs(shy, 's3p3', 'Who repairs bikes?');
    const bikeVoter = await signUpUser(server());
    await upvote(bikeVoter, ownQuestion);
    await data(start(shy, ownQuestion, 'Bike Kitchen'));
    const [bikeText] = await becameMission(bikeVoter);
    expect(bikeText).not.toContain('Shy');
    expect(bikeText).toContain('Bike Kitchen');
  });

  it('a hidden or pending question seeds no mission, even for its asker', async () => {
    await openAsking(server(), 's4p1');
    const asker = await signUpLeader(server());
    const questionId = await askAs(asker, 's4p1', 'Something rude');
    await server().db.query(`update questions set state = 'hidden', hidden_reason = 'Rude' where question_id = $1`, [questionId]);
    const refused = await start(asker, questionId);
    expect(refused.error?.message).toBe(QUESTION_MESSAGES.missionNotVisible);
    await server().db.query(`update questions set state = 'pending', hidden_reason = null where question_id = $1`, [questionId]);
    expect((await start(asker, questionId)).error?.message).toBe(QUESTION_MESSAGES.missionNotVisible);
    const [none] = await server().db.query<{ n: number }>('select count(*)::int as n from question_missions where question_id = $1', [questionId]);
    expect(none?.n).toBe(0);
    // An unknown question is refused too; a mission without one is made as always.
    expect((await start(asker, '00000000-0000-4000-8000-000000000000')).error?.message).toBe(QUESTION_MESSAGES.notFound);
    const plain = await data(asker.client.rpc('create_mission', missionParams(asker, { p_name: 'Plain' })));
    expect(plain[0]?.name).toBe('Plain');
  });
});
