import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  HOST_MESSAGES,
  OPEN_QUESTIONS_PER_PART,
  QUESTION_AUDIT_KINDS,
  QUESTION_MAX,
  QUESTION_MESSAGES,
  questionsTopic,
  type LiveServerMessage,
  type PartQuestions,
  type QuestionsLiveEvent,
} from '@mc/contract';
import { TestClock } from '../../../test/clock.ts';
import { describeEachDatabase, newClient, signUpUser, untyped, type TestUser } from '../../../test/harness.ts';
import { LiveTestClient } from '../../../test/live-client.ts';
import { signUpOrganiser, type TestOrganiser } from '../../../test/organisers.ts';

/*
 * Questions on every part (docs/product.md#questions): asking within the window (the server's
 * clock, set here), the limits and their messages, upvotes counted by the database, anonymity,
 * the hosts' moderation and pre-moderation, and the live topic of a part.
 */

const clock = new TestClock();
const MINUTE = 60_000;

async function data<T>(promise: PromiseLike<{ data: T | null; error: { message: string } | null }>): Promise<T> {
  const { data: value, error } = await promise;
  expect(error).toBeNull();
  if (value === null) throw new Error('no answer');
  return value;
}

async function refusal(
  promise: PromiseLike<{ error: { message: string; code?: string } | null; status: number }>,
): Promise<{ message: string; status: number; code?: string }> {
  const { error, status } = await promise;
  if (!error) throw new Error('expected a refusal');
  return { message: error.message, status, code: error.code };
}

const ask = (user: TestUser, part: string, body: string, anonymous = false) =>
  user.client.rpc('ask_question', { p_part_id: part, p_body: body, p_anonymous: anonymous });
const read = (user: TestUser, part: string, sort: 'votes' | 'newest' = 'votes') =>
  data(user.client.rpc('get_part_questions', { p_part_id: part, p_sort: sort }));
const idOf = (questions: PartQuestions, body: string) => {
  const found = questions.questions.find((question) => question.body === body);
  if (!found) throw new Error(`no question "${body}"`);
  return found.question_id;
};

describeEachDatabase(
  'questions on every part',
  (server) => {
    let organiser: TestOrganiser;
    const opened = new Set<string>();
    const live: LiveTestClient[] = [];
    afterAll(() => live.forEach((client) => client.close()));
    // Enrolled before any test moves the clock: the authenticator's codes follow the server's clock.
    beforeAll(async () => {
      // Each database's suite starts at the real time (the clock is shared by both).
      clock.advance(Date.now() - clock.now());
      organiser = await signUpOrganiser(server());
    });

    /** The part with asking opened by hand (one organiser for the suite). */
    async function openPart(part: string, premoderated = false): Promise<void> {
      await data(organiser.client.rpc('set_part_questions', { p_part_id: part, p_asking: 'open', p_premoderated: premoderated }));
      opened.add(part);
    }

    it('asking opens 15 minutes before the part and closes 30 minutes after it, by the server clock; hosts open and close it by hand', async () => {
      const attendee = await signUpUser(server());
      const before = await read(attendee, 's1p1');
      expect(before.asking).toBe('auto');
      const opensAt = Date.parse(before.opens_at ?? '');
      const closesAt = Date.parse(before.closes_at ?? '');
      // s1p1 runs 09:00–09:30 on the first day.
      expect(closesAt - opensAt).toBe((15 + 30 + 30) * MINUTE);

      clock.advance(opensAt - MINUTE - clock.now());
      expect((await read(attendee, 's1p1')).asking_open).toBe(false);
      expect((await refusal(ask(attendee, 's1p1', 'Too early?'))).message).toBe(QUESTION_MESSAGES.notOpen);
      clock.advance(MINUTE);
      expect((await read(attendee, 's1p1')).asking_open).toBe(true);
      expect((await ask(attendee, 's1p1', 'Right on time?')).error).toBeNull();
      clock.advance(closesAt - 1 - clock.now());
      expect((await ask(attendee, 's1p1', 'Just in time?')).error).toBeNull();
      clock.advance(1);
      expect((await refusal(ask(attendee, 's1p1', 'Too late?'))).message).toBe(QUESTION_MESSAGES.notOpen);

      // A host opens it again by hand, then closes it; 'auto' goes back to the window.
      const host = await signUpUser(server());
      await data(organiser.client.rpc('add_part_host', { p_part_id: 's1p1', p_email: host.email }));
      expect((await data(host.client.rpc('set_part_questions', { p_part_id: 's1p1', p_asking: 'open', p_premoderated: false }))).is_host).toBe(true);
      expect((await ask(attendee, 's1p1', 'Opened by hand?')).error).toBeNull();
      await data(host.client.rpc('set_part_questions', { p_part_id: 's1p1', p_asking: 'closed', p_premoderated: false }));
      clock.advance(opensAt + 5 * MINUTE - clock.now());
      expect((await refusal(ask(attendee, 's1p1', 'Closed by hand?'))).message).toBe(QUESTION_MESSAGES.notOpen);
      await data(host.client.rpc('set_part_questions', { p_part_id: 's1p1', p_asking: 'auto', p_premoderated: false }));
      expect((await ask(attendee, 's1p1', 'Back to the window?')).error).toBeNull();
      // An attendee may not open it.
      const refused = await refusal(attendee.client.rpc('set_part_questions', { p_part_id: 's1p1', p_asking: 'open', p_premoderated: false }));
      expect(refused).toMatchObject({ status: 403, code: '42501', message: HOST_MESSAGES.hostsOnly });
    });

    it('refuses empty, whitespace-only and too long questions, unpublished parts and bad parameters, each with its message', async () => {
      await openPart('s2p1');
      const attendee = await signUpUser(server());
      expect((await refusal(ask(attendee, 's2p1', ''))).message).toBe(QUESTION_MESSAGES.empty);
      expect((await refusal(ask(attendee, 's2p1', ' \n\t  '))).message).toBe(QUESTION_MESSAGES.empty);
      expect((await refusal(ask(attendee, 's2p1', 'x'.repeat(QUESTION_MAX + 1)))).message).toBe(QUESTION_MESSAGES.tooLong);
      // 280 characters after trimming are fine (emoji count as one each).
      const longest = `  ${'🙂'.repeat(QUESTION_MAX)}  `;
      const asked = await data(ask(attendee, 's2p1', longest));
      expect(asked.questions.find((question) => question.mine)?.body).toBe('🙂'.repeat(QUESTION_MAX));
      expect((await refusal(ask(attendee, 'not-in-programme', 'Anyone?'))).message).toBe(QUESTION_MESSAGES.notPublished);
      expect((await refusal(attendee.client.rpc('get_part_questions', { p_part_id: 'not-in-programme' }))).message).toBe(QUESTION_MESSAGES.notPublished);
      const badPart = await refusal(untyped(attendee.client).rpc('ask_question', { p_part_id: 'S2 P1', p_body: 'Hello?' }));
      expect(badPart).toMatchObject({ status: 400, code: '22023' });
      const badVote = await refusal(untyped(attendee.client).rpc('vote_question', { p_question_id: 'nope', p_up: true }));
      expect(badVote).toMatchObject({ status: 400, code: '22023' });
      expect((await refusal(attendee.client.rpc('vote_question', { p_question_id: '00000000-0000-4000-8000-000000000000', p_up: true }))).message).toBe(
        QUESTION_MESSAGES.notFound,
      );
      expect((await untyped(newClient(server().url)).rpc('get_part_questions', { p_part_id: 's2p1' })).status).toBe(401);
    });

    it(`lets a person have ${OPEN_QUESTIONS_PER_PART} open questions on a part; one answered or hidden makes room`, async () => {
      await openPart('s2p2');
      const attendee = await signUpUser(server());
      for (let n = 1; n <= OPEN_QUESTIONS_PER_PART; n += 1) expect((await ask(attendee, 's2p2', `Question ${n}?`)).error).toBeNull();
      expect((await refusal(ask(attendee, 's2p2', 'One more?'))).message).toBe(QUESTION_MESSAGES.tooMany);
      // Another part is another count.
      await openPart('s2p1');
      expect((await ask(attendee, 's2p1', 'Elsewhere?')).error).toBeNull();
      const mine = await read(attendee, 's2p2');
      expect(mine.my_open_count).toBe(OPEN_QUESTIONS_PER_PART);
      await data(organiser.client.rpc('moderate_question', { p_question_id: idOf(mine, 'Question 1?'), p_action: 'answer' }));
      expect((await ask(attendee, 's2p2', 'Now there is room?')).error).toBeNull();
    });

    it('upvotes: one per person, a second press takes it back, none for one’s own question; sorted by votes or newest; each sees what they asked and upvoted', async () => {
      await openPart('s3p1');
      const [asker, voter, another] = [await signUpUser(server()), await signUpUser(server()), await signUpUser(server())];
      const first = idOf(await data(ask(asker, 's3p1', 'First question?')), 'First question?');
      const second = idOf(await data(ask(another, 's3p1', 'Second question?')), 'Second question?');

      expect((await refusal(asker.client.rpc('vote_question', { p_question_id: first, p_up: true }))).message).toBe(QUESTION_MESSAGES.ownQuestion);
      expect(await data(voter.client.rpc('vote_question', { p_question_id: first, p_up: true }))).toEqual({ question_id: first, voted: true, vote_count: 1 });
      // Pressing "up" again (a retry) changes nothing; "down" takes it back.
      expect(await data(voter.client.rpc('vote_question', { p_question_id: first, p_up: true }))).toMatchObject({ vote_count: 1 });
      expect(await data(voter.client.rpc('vote_question', { p_question_id: first, p_up: false }))).toEqual({ question_id: first, voted: false, vote_count: 0 });
      await data(voter.client.rpc('vote_question', { p_question_id: first, p_up: true }));
      await data(another.client.rpc('vote_question', { p_question_id: first, p_up: true }));

      const byVotes = await read(voter, 's3p1', 'votes');
      expect(byVotes.questions.map((question) => [question.body, question.vote_count, question.voted, question.mine])).toEqual([
        ['First question?', 2, true, false],
        ['Second question?', 0, false, false],
      ]);
      expect((await read(voter, 's3p1', 'newest')).questions.map((question) => question.question_id)).toEqual([second, first]);
      expect((await read(asker, 's3p1')).questions.map((question) => question.mine)).toEqual([true, false]);
    });

    it('2,000 upvotes at once would lose none and count none twice: 40 people pressing twice at the same moment count 40', async () => {
      await openPart('s3p2');
      const asker = await signUpUser(server());
      const question = idOf(await data(ask(asker, 's3p2', 'Who agrees?')), 'Who agrees?');
      const people = await Promise.all(Array.from({ length: 40 }, () => signUpUser(server())));
      const answers = await Promise.all(
        people.flatMap((person) => [1, 2].map(() => person.client.rpc('vote_question', { p_question_id: question, p_up: true }))),
      );
      expect(answers.filter((answer) => answer.error !== null)).toEqual([]);
      const [row] = await server().db.query<{ n: number }>('select count(*)::int as n from question_votes where question_id = $1', [question]);
      expect(row?.n).toBe(40);
      expect((await read(asker, 's3p2')).questions[0]?.vote_count).toBe(40);
    });

    it('names askers only through people_shown: "Ask anonymously" and a person who stays anonymous are named to nobody, hosts included; organisers see who asked', async () => {
      await openPart('s3p3');
      const named = await signUpUser(server(), { firstName: 'Thandeka', lastName: 'Visible' });
      const ticking = await signUpUser(server(), { firstName: 'Sipho', lastName: 'Tickedbox' });
      const hidden = await signUpUser(server(), { firstName: 'Quietly', lastName: 'Chosen' });
      expect((await hidden.client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true } })).error).toBeNull();
      const host = await signUpUser(server());
      await data(organiser.client.rpc('add_part_host', { p_part_id: 's3p3', p_email: host.email }));
      await data(ask(named, 's3p3', 'Named?'));
      await data(ask(ticking, 's3p3', 'Ticked?', true));
      await data(ask(hidden, 's3p3', 'Chosen?'));

      for (const viewer of [host, named]) {
        const seen = await read(viewer, 's3p3', 'newest');
        expect(seen.questions.map((question) => [question.body, question.asker_name])).toEqual([
          ['Chosen?', null],
          ['Ticked?', null],
          ['Named?', 'Thandeka Visible'],
        ]);
        expect(JSON.stringify(seen)).not.toMatch(/Sipho|Tickedbox|Quietly|Chosen\b(?!\?)|${ticking.user.id}|${hidden.user.id}/);
      }
      const forOrganisers = await data(organiser.client.rpc('list_part_questions_for_organisers', { p_part_id: 's3p3' }));
      expect(forOrganisers.map((question) => [question.body, question.asker_real_name, question.asked_anonymously])).toEqual([
        ['Named?', 'Thandeka Visible', false],
        ['Ticked?', 'Sipho Tickedbox', true],
        ['Chosen?', 'Quietly Chosen', false],
      ]);
      expect((await refusal(host.client.rpc('list_part_questions_for_organisers', { p_part_id: 's3p3' }))).status).toBe(403);
    });

    it('hosts pin, answer, hide with a reason, show and approve, every step audited; a host of another part and attendees may not', async () => {
      await openPart('s4p1');
      const [host, otherHost, asker, onlooker] = [
        await signUpUser(server()),
        await signUpUser(server()),
        await signUpUser(server()),
        await signUpUser(server()),
      ];
      await data(organiser.client.rpc('add_part_host', { p_part_id: 's4p1', p_email: host.email }));
      await data(organiser.client.rpc('add_part_host', { p_part_id: 's4p2', p_email: otherHost.email }));
      const asked = await data(ask(asker, 's4p1', 'Will you pin me?'));
      const question = idOf(asked, 'Will you pin me?');
      const other = idOf(await data(ask(onlooker, 's4p1', 'And me?')), 'And me?');
      const moderate = (who: TestUser, action: string, reason?: string) =>
        untyped(who.client).rpc('moderate_question', { p_question_id: question, p_action: action, ...(reason === undefined ? {} : { p_reason: reason }) });

      for (const outsider of [otherHost, asker, onlooker]) {
        expect(await refusal(moderate(outsider, 'pin'))).toMatchObject({ status: 403, code: '42501', message: HOST_MESSAGES.hostsOnly });
      }
      // An unknown question is refused as a part one does not host: nobody learns what exists.
      const unknown = await refusal(host.client.rpc('moderate_question', { p_question_id: '00000000-0000-4000-8000-000000000000', p_action: 'pin' }));
      expect(unknown).toMatchObject({ status: 403, message: HOST_MESSAGES.hostsOnly });

      expect(((await moderate(host, 'pin')).data as PartQuestions).pinned_question_id).toBe(question);
      expect((await read(onlooker, 's4p1')).pinned_question_id).toBe(question);
      // Answering unpins it and sorts it below the open ones.
      const answered = (await moderate(host, 'answer')).data as PartQuestions;
      expect(answered.pinned_question_id).toBeNull();
      expect(answered.questions.map((entry) => [entry.question_id, entry.answered])).toEqual([
        [other, false],
        [question, true],
      ]);
      await moderate(host, 'reopen');
      expect((await refusal(moderate(host, 'hide', '   '))).message).toBe(QUESTION_MESSAGES.reasonRequired);
      expect((await moderate(host, 'hide', 'Off topic for this talk')).error).toBeNull();
      expect((await refusal(moderate(host, 'pin'))).message).toBe(QUESTION_MESSAGES.pinVisibleOnly);
      // The asker sees it hidden with the reason; everyone else no longer sees it, nor can vote on it.
      const askerSees = (await read(asker, 's4p1')).questions.find((entry) => entry.question_id === question);
      expect(askerSees).toMatchObject({ state: 'hidden', hidden_reason: 'Off topic for this talk', mine: true });
      expect((await read(onlooker, 's4p1')).questions.map((entry) => entry.question_id)).toEqual([other]);
      expect((await refusal(onlooker.client.rpc('vote_question', { p_question_id: question, p_up: true }))).message).toBe(QUESTION_MESSAGES.notVisible);
      expect((await read(host, 's4p1')).questions.find((entry) => entry.question_id === question)?.hidden_reason).toBe('Off topic for this talk');
      await moderate(host, 'show');
      expect((await read(onlooker, 's4p1')).questions.map((entry) => entry.question_id).sort()).toEqual([question, other].sort());

      const log = await data(organiser.client.rpc('list_audit_log', { p_actor_id: host.user.id }));
      expect(log.entries.map((entry) => entry.kind)).toEqual([
        QUESTION_AUDIT_KINDS.shown,
        QUESTION_AUDIT_KINDS.hidden,
        QUESTION_AUDIT_KINDS.reopened,
        QUESTION_AUDIT_KINDS.answered,
        QUESTION_AUDIT_KINDS.pinned,
      ]);
      expect(log.entries[1]).toMatchObject({ subject: `question ${question} on s4p1`, after: { state: 'hidden', hidden_reason: 'Off topic for this talk' } });
    });

    it('pre-moderated: a question reaches only the hosts and the asker until a host approves it', async () => {
      await openPart('s4p2', true);
      const [host, asker, onlooker] = [await signUpUser(server()), await signUpUser(server()), await signUpUser(server())];
      await data(organiser.client.rpc('add_part_host', { p_part_id: 's4p2', p_email: host.email }));
      const asked = await data(ask(asker, 's4p2', 'Waiting for approval?'));
      const question = idOf(asked, 'Waiting for approval?');
      expect(asked.questions.find((entry) => entry.question_id === question)?.state).toBe('pending');
      expect((await read(onlooker, 's4p2')).questions).toEqual([]);
      expect((await refusal(onlooker.client.rpc('vote_question', { p_question_id: question, p_up: true }))).message).toBe(QUESTION_MESSAGES.notVisible);
      expect((await read(host, 's4p2')).questions.map((entry) => [entry.question_id, entry.state])).toEqual([[question, 'pending']]);
      await data(host.client.rpc('moderate_question', { p_question_id: question, p_action: 'approve' }));
      expect((await read(onlooker, 's4p2')).questions.map((entry) => [entry.question_id, entry.state])).toEqual([[question, 'visible']]);
    });

    it('the live topic of a part carries what anyone may see, coalesced: counts, and a hidden question gone', async () => {
      await openPart('s5p1');
      const [asker, voter, host] = [await signUpUser(server()), await signUpUser(server()), await signUpUser(server())];
      await data(organiser.client.rpc('add_part_host', { p_part_id: 's5p1', p_email: host.email }));
      const watcher = await LiveTestClient.follow(server().url, voter.session.access_token, [questionsTopic('s5p1')]);
      live.push(watcher);
      const question = idOf(await data(ask(asker, 's5p1', 'Live?', true)), 'Live?');
      const isPart = (message: LiveServerMessage) => message.type === 'event' && message.topic === questionsTopic('s5p1');
      const eventOf = (message: LiveServerMessage) => (message.type === 'event' ? (message.data as QuestionsLiveEvent) : null);
      await data(voter.client.rpc('vote_question', { p_question_id: question, p_up: true }));
      const counted = await watcher.waitFor((message) => isPart(message) && eventOf(message)?.questions[0]?.vote_count === 1);
      const event = eventOf(counted.message);
      expect(event?.questions[0]).toEqual({
        question_id: question,
        body: 'Live?',
        asker_name: null,
        vote_count: 1,
        answered: false,
        asked_at: expect.any(String),
      });
      expect(JSON.stringify(event)).not.toContain(asker.user.id);
      await data(host.client.rpc('moderate_question', { p_question_id: question, p_action: 'hide', p_reason: 'Duplicate' }));
      await watcher.waitFor((message) => isPart(message) && eventOf(message)?.questions.length === 0);
      // Browsers may not follow the bus topic itself.
      const sneaky = await LiveTestClient.open(server().url);
      live.push(sneaky);
      sneaky.send({ type: 'auth', token: voter.session.access_token });
      await sneaky.waitFor((message) => message.type === 'ready');
      sneaky.send({ type: 'subscribe', topics: ['questions'] });
      const answer = await sneaky.waitFor((message) => message.type === 'subscribed' || message.type === 'error');
      expect(answer.message.type === 'subscribed' ? answer.message.topics : []).toEqual([]);
    });
  },
  {},
  { clock },
);
