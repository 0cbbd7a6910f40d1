import { expect, it } from 'vitest';
import { ROUND_MESSAGES } from '@mc/contract';
import { describeEachDatabase, signUpUser, type TestServer } from '../../../test/harness.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { bell, follow, saveSettings } from '../../../test/notifications.ts';
import { cast, finalists, openRound, roundParams, roundVoteRows } from './fixtures.ts';

async function mailBodiesTo(server: TestServer, email: string): Promise<string[]> {
  const rows = await server.db.query<{ body: string }>('select body from mail_outbox where recipient = $1 order by id', [email.toLowerCase()]);
  return rows.map((row) => row.body);
}

describeEachDatabase('voting rounds: several votes for one mission when the round allows it', (server) => {
  it('lets a person give all their votes to one mission, concurrently, and never more than they have', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 2, 'Repeat');
    const round = await openRound(server(), organiser, roundParams(ids, { p_votes_per_person: 3, p_allow_repeat_votes: true }));
    expect(round.allow_repeat_votes).toBe(true);
    const voter = await signUpUser(server());
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => voter.client.rpc('cast_round_vote', { p_round_id: round.round_id, p_mission_id: ids[0] ?? '' })),
    );
    expect(answers.filter((answer) => answer.error === null)).toHaveLength(3);
    expect(new Set(answers.filter((answer) => answer.error).map((answer) => answer.error?.message))).toEqual(new Set([ROUND_MESSAGES.noVotesLeft]));
    const rows = await roundVoteRows(server(), round.round_id);
    expect(rows.map((row) => row.mission_id)).toEqual([ids[0], ids[0], ids[0]]);
    expect(new Set(rows.map((row) => row.receipt)).size).toBe(3);

    // Taking back takes one vote back (the last), not all three.
    const back = await voter.client.rpc('withdraw_round_vote', { p_round_id: round.round_id, p_mission_id: ids[0] ?? '' });
    expect(back.error).toBeNull();
    expect(back.data?.my_votes.map((vote) => vote.slot)).toEqual([1, 2]);
    expect(back.data?.votes_left).toBe(1);
    const again = await cast(voter, round.round_id, ids[1] ?? '');
    expect(again.my_votes.map((vote) => vote.mission_id)).toEqual([ids[0], ids[0], ids[1]]);
  });

  it('keeps one vote per mission in the database for rounds that do not allow more, whatever the code sends', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 1, 'Single');
    const round = await openRound(server(), organiser, roundParams(ids, { p_votes_per_person: 3 }));
    const voter = await signUpUser(server());
    await cast(voter, round.round_id, ids[0] ?? '');
    // A vote written around the procedure, claiming the round allows repeats: the round's rule wins.
    const forged = server().db.query(
      `insert into round_votes (round_id, mission_id, user_id, slot, receipt, repeat_allowed) values ($1, $2, $3, 2, $4, true)`,
      [round.round_id, ids[0], voter.user.id, 'ab'.repeat(16)],
    );
    await expect(forged).rejects.toThrow(/round_votes_round_rule_fkey/);
    const plain = server().db.query(`insert into round_votes (round_id, mission_id, user_id, slot, receipt) values ($1, $2, $3, 2, $4)`, [
      round.round_id,
      ids[0],
      voter.user.id,
      'cd'.repeat(16),
    ]);
    await expect(plain).rejects.toThrow(/round_votes_one_per_mission/);
    expect(await roundVoteRows(server(), round.round_id)).toHaveLength(1);
  });
});

describeEachDatabase('voting rounds: the reveal is news under the bell', (server) => {
  it('tells each voter and each follower of a finalist once, by the bell and their e-mails, and nobody else', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 2, 'News');
    const outsider = await finalists(server(), 1, 'Not in the round');
    const round = await openRound(server(), organiser, roundParams(ids, { p_name: 'News panel', p_votes_per_person: 2 }));
    const [voter, follower, bystander, elsewhere] = await Promise.all([signUpUser(server()), signUpUser(server()), signUpUser(server()), signUpUser(server())]);
    if (!voter || !follower || !bystander || !elsewhere) throw new Error('fixtures');
    await saveSettings(voter, { email_digest: 'immediate' });
    await follow(follower, ids[1] ?? '');
    await follow(voter, ids[0] ?? '');
    await follow(elsewhere, outsider.ids[0] ?? '');
    await cast(voter, round.round_id, ids[0] ?? '');
    await cast(voter, round.round_id, ids[1] ?? '');
    await cast(organiser, round.round_id, ids[0] ?? '');
    const revealedNews = async (user: typeof voter) => (await bell(user)).items.filter((item) => item.kind === 'round_revealed');

    expect((await organiser.client.rpc('close_vote_round', { p_round_id: round.round_id })).error).toBeNull();
    expect(await revealedNews(voter)).toEqual([]);
    expect((await organiser.client.rpc('reveal_vote_round', { p_round_id: round.round_id })).error).toBeNull();

    const text = 'The result of “News panel” is revealed. See the ranking and check your receipts.';
    for (const told of [voter, follower]) {
      const news = await revealedNews(told);
      expect(news).toHaveLength(1);
      expect(news[0]).toMatchObject({ text, round_id: round.round_id, mission_id: null, read: false });
    }
    // The organiser revealed it (and voted): they are not told what they did.
    for (const untold of [organiser, bystander, elsewhere]) expect(await revealedNews(untold)).toEqual([]);

    // The reveal woke the mail pass: the voter, who wants mail at once, gets the same sentence.
    await server().notifications.settled();
    await server().notifications.run();
    const bodies = await mailBodiesTo(server(), voter.email);
    expect(bodies.some((body) => body.includes(`- ${text}`))).toBe(true);
    expect(await mailBodiesTo(server(), follower.email)).toEqual([]);
  });
});
