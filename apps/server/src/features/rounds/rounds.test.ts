import { describe, expect, it, beforeAll, afterAll } from 'vitest';
import { formatReceipt, ROUND_AUDIT_KINDS, ROUND_MESSAGES, type CurrentRound } from '@mc/contract';
import { describeEachDatabase, signUpUser, startTwoInstances, untyped, type TestServer, type TestUser } from '../../../test/harness.ts';
import { UNKNOWN_ID } from '../../../test/factories.ts';
import { auditCount, expectOrganiserOnly, signUpOrganiser } from '../../../test/organisers.ts';
import { cast, closeOpenRounds, createRound, finalists, openRound, refusedCast, roundParams, roundVoteRows } from './fixtures.ts';

async function roundCount(server: TestServer): Promise<number> {
  const [row] = await server.db.query<{ n: number }>('select count(*)::int as n from vote_rounds');
  return row?.n ?? 0;
}

describeEachDatabase('voting rounds: organisers run them', (server) => {
  it('refuses every organiser procedure to the signed out and to attendees, writing nothing', async () => {
    const organiser = await signUpOrganiser(server());
    const round = await createRound(organiser, roundParams(null));
    const calls: [string, Record<string, unknown>][] = [
      ['create_vote_round', roundParams(null)],
      ['update_vote_round', { p_round_id: round.round_id, ...roundParams(null) }],
      ['set_vote_round_close', { p_round_id: round.round_id, p_closes_at: null }],
      ['open_vote_round', { p_round_id: round.round_id }],
      ['close_vote_round', { p_round_id: round.round_id }],
      ['reveal_vote_round', { p_round_id: round.round_id }],
      ['list_vote_rounds', {}],
    ];
    const rounds = await roundCount(server());
    for (const [name, params] of calls) await expectOrganiserOnly(server(), name, params);
    expect(await roundCount(server())).toBe(rounds);
    const [row] = await server().db.query<{ state: string }>('select state from vote_rounds where round_id = $1', [round.round_id]);
    expect(row?.state).toBe('draft');
  });

  it('creates, opens, closes and reveals a round, each step in the audit log', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 2, 'Audited');
    await closeOpenRounds(server());
    const since = new Date(Date.now() - 1000).toISOString();
    const round = await createRound(organiser, roundParams(ids, { p_name: 'Audited panel' }));
    expect(round).toMatchObject({ name: 'Audited panel', state: 'draft', votes_per_person: 3, allow_own_mission: false, show_counts_while_open: false });
    expect(round.missions.map((m) => m.name)).toEqual(['Audited 1', 'Audited 2']);
    const updated = await organiser.client.rpc('update_vote_round', {
      p_round_id: round.round_id,
      ...roundParams(ids, { p_name: 'Audited panel', p_votes_per_person: 2 }),
    });
    expect(updated.data?.votes_per_person).toBe(2);
    for (const step of ['open_vote_round', 'close_vote_round', 'reveal_vote_round'] as const) {
      const { data, error } = await organiser.client.rpc(step, { p_round_id: round.round_id });
      expect(error).toBeNull();
      expect(data?.state).toBe({ open_vote_round: 'open', close_vote_round: 'closed', reveal_vote_round: 'revealed' }[step]);
    }
    const entries = await server().db.query<{ kind: string; actor_label: string; before: unknown; after: unknown }>(
      `select kind, actor_label, before, after from audit_log where subject = 'Audited panel' and at >= $1 order by at, id`,
      [since],
    );
    expect(entries.map((e) => e.kind)).toEqual([
      ROUND_AUDIT_KINDS.created,
      ROUND_AUDIT_KINDS.updated,
      ROUND_AUDIT_KINDS.opened,
      ROUND_AUDIT_KINDS.closed,
      ROUND_AUDIT_KINDS.revealed,
    ]);
    expect(entries.every((e) => e.actor_label === organiser.email)).toBe(true);
    expect(entries[2]).toMatchObject({ before: { state: 'draft' }, after: { state: 'open' } });
  });

  it('answers bad input with a 4xx and a clear message, changing nothing', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 1, 'Bad input');
    const attendee = await signUpUser(server());
    await closeOpenRounds(server());
    const draft = await createRound(organiser, roundParams(ids, { p_name: 'Not yet' }));
    const open = await openRound(server(), organiser, roundParams(ids, { p_name: 'Open one' }));
    const rounds = await roundCount(server());
    const audit = await auditCount(server());

    for (const votes of [0, 10_000, 2.5]) {
      const { error, status } = await untyped(organiser.client).rpc('create_vote_round', roundParams(ids, { p_votes_per_person: votes }));
      expect(status).toBe(400);
      expect(error?.message).toBe(`Invalid parameter p_votes_per_person: ${ROUND_MESSAGES.votesPerPerson}`);
    }
    const expectRefused = async (name: string, params: Record<string, unknown>, message: string, as: TestUser = organiser) => {
      const { data, error, status } = await untyped(as.client).rpc(name, params);
      expect({ status, message: error?.message, data }).toEqual({ status: 400, message, data: null });
    };
    await expectRefused('create_vote_round', roundParams(ids, { p_name: '  ' }), ROUND_MESSAGES.nameRequired);
    await expectRefused('create_vote_round', roundParams([]), ROUND_MESSAGES.shortlistEmpty);
    await expectRefused('create_vote_round', roundParams([UNKNOWN_ID]), ROUND_MESSAGES.shortlistUnknown);
    const opensAt = new Date(Date.now() + 3_600_000).toISOString();
    await expectRefused('create_vote_round', roundParams(ids, { p_opens_at: opensAt, p_closes_at: opensAt }), ROUND_MESSAGES.closeBeforeOpen);
    await expectRefused('create_vote_round', roundParams(ids, { p_closes_at: new Date(Date.now() - 60_000).toISOString() }), ROUND_MESSAGES.closeInPast);
    await expectRefused('close_vote_round', { p_round_id: draft.round_id }, ROUND_MESSAGES.notOpenedYet);
    await expectRefused('reveal_vote_round', { p_round_id: draft.round_id }, ROUND_MESSAGES.revealNeedsClose);
    await expectRefused('open_vote_round', { p_round_id: draft.round_id }, ROUND_MESSAGES.anotherOpen);
    await expectRefused('open_vote_round', { p_round_id: open.round_id }, ROUND_MESSAGES.alreadyOpened);
    await expectRefused('update_vote_round', { p_round_id: open.round_id, ...roundParams(ids) }, ROUND_MESSAGES.notDraft);
    await expectRefused('open_vote_round', { p_round_id: UNKNOWN_ID }, ROUND_MESSAGES.notFound);
    await expectRefused('cast_round_vote', { p_round_id: UNKNOWN_ID, p_mission_id: ids[0] }, ROUND_MESSAGES.notFound, attendee);
    await expectRefused('cast_round_vote', { p_round_id: draft.round_id, p_mission_id: ids[0] }, ROUND_MESSAGES.notYetOpen, attendee);
    await expectRefused('withdraw_round_vote', { p_round_id: open.round_id, p_mission_id: ids[0] }, ROUND_MESSAGES.notYourVote, attendee);

    const malformed = await untyped(attendee.client).rpc('check_vote_receipt', { p_round_id: open.round_id, p_receipt: 'not-a-receipt' });
    expect(malformed.status).toBe(400);
    expect(malformed.error?.message).toBe(ROUND_MESSAGES.malformedReceipt);
    const badId = await untyped(attendee.client).rpc('cast_round_vote', { p_round_id: 'nope', p_mission_id: ids[0] });
    expect(badId.status).toBe(400);
    expect(badId.error?.message).toMatch(/^Invalid parameter p_round_id/);

    expect(await roundCount(server())).toBe(rounds);
    expect(await auditCount(server())).toBe(audit);
    expect(await roundVoteRows(server(), open.round_id)).toEqual([]);

    await organiser.client.rpc('close_vote_round', { p_round_id: open.round_id });
    await expectRefused('cast_round_vote', { p_round_id: open.round_id, p_mission_id: ids[0] }, ROUND_MESSAGES.closed, attendee);
    await expectRefused('close_vote_round', { p_round_id: open.round_id }, ROUND_MESSAGES.alreadyClosed);
    expect(await roundVoteRows(server(), open.round_id)).toEqual([]);
  });
});

describeEachDatabase('voting rounds: the limits hold', (server) => {
  it('gives each person their votes, one per mission, never their own mission unless allowed, never a hidden one', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids, owners } = await finalists(server(), 4, 'Limit');
    const [outside] = (await finalists(server(), 1, 'Outside')).ids;
    const round = await openRound(server(), organiser, roundParams(ids.slice(0, 3), { p_votes_per_person: 2 }));
    const voter = owners[3];
    if (!voter || !outside) throw new Error('fixtures');
    const first = await cast(voter, round.round_id, ids[0] ?? '');
    expect(first.votes_left).toBe(1);
    expect(await refusedCast(voter, round.round_id, ids[0] ?? '')).toEqual({ status: 400, message: ROUND_MESSAGES.alreadyVoted });
    expect(await refusedCast(voter, round.round_id, outside)).toEqual({ status: 400, message: ROUND_MESSAGES.notInRound });
    expect(await refusedCast(voter, round.round_id, ids[3] ?? '')).toEqual({ status: 400, message: ROUND_MESSAGES.notInRound });
    const owner = owners[1];
    if (!owner) throw new Error('fixtures');
    expect(await refusedCast(owner, round.round_id, ids[1] ?? '')).toEqual({ status: 400, message: ROUND_MESSAGES.ownMission });
    const second = await cast(voter, round.round_id, ids[1] ?? '');
    expect(second.votes_left).toBe(0);
    expect(await refusedCast(voter, round.round_id, ids[2] ?? '')).toEqual({ status: 400, message: ROUND_MESSAGES.noVotesLeft });
    // Taking one back frees the vote.
    const { data: back } = await voter.client.rpc('withdraw_round_vote', { p_round_id: round.round_id, p_mission_id: ids[0] ?? '' });
    expect(back?.votes_left).toBe(1);
    await cast(voter, round.round_id, ids[2] ?? '');

    // A mission hidden while the round is open can no longer be voted for.
    await server().db.query(`update missions set hidden_at = now(), hidden_reason = 'Spam' where mission_id = $1`, [ids[0]]);
    const other = await signUpUser(server());
    expect(await refusedCast(other, round.round_id, ids[0] ?? '')).toEqual({ status: 400, message: ROUND_MESSAGES.notInRound });
    const { data: current } = await other.client.rpc('get_current_vote_round', {});
    expect(current?.missions.map((m) => m.mission_id)).toEqual([ids[1], ids[2]]);
    await server().db.query(`update missions set hidden_at = null, hidden_reason = null where mission_id = $1`, [ids[0]]);

    // A shortlist cannot hold a hidden mission either.
    await server().db.query(`update missions set hidden_at = now(), hidden_reason = 'Spam' where mission_id = $1`, [outside]);
    const hiddenShortlist = await organiser.client.rpc('create_vote_round', roundParams([outside]));
    expect(hiddenShortlist.error?.message).toBe(ROUND_MESSAGES.shortlistUnknown);
    const allRound = await openRound(server(), organiser, roundParams(null, { p_name: 'Everyone' }));
    expect(allRound.missions.some((m) => m.mission_id === outside)).toBe(false);
    expect(await refusedCast(other, allRound.round_id, outside)).toEqual({ status: 400, message: ROUND_MESSAGES.notInRound });
  });

  it('lets a person vote for their own mission when the round allows it', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids, owners } = await finalists(server(), 1, 'Own');
    const round = await openRound(server(), organiser, roundParams(ids, { p_allow_own_mission: true }));
    const mine = await cast(owners[0] ?? organiser, round.round_id, ids[0] ?? '');
    expect(mine.my_votes.map((v) => v.mission_id)).toEqual(ids);
  });

  it('holds under concurrent requests: never more votes than allowed, never two for one mission', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 6, 'Race');
    const round = await openRound(server(), organiser, roundParams(ids, { p_votes_per_person: 3 }));
    const voter = await signUpUser(server());
    const spread = await Promise.all(ids.map((id) => voter.client.rpc('cast_round_vote', { p_round_id: round.round_id, p_mission_id: id })));
    expect(spread.filter((r) => r.error === null)).toHaveLength(3);
    expect(new Set(spread.filter((r) => r.error).map((r) => r.error?.message))).toEqual(new Set([ROUND_MESSAGES.noVotesLeft]));

    const second = await signUpUser(server());
    const same = await Promise.all(
      Array.from({ length: 6 }, () => second.client.rpc('cast_round_vote', { p_round_id: round.round_id, p_mission_id: ids[0] ?? '' })),
    );
    expect(same.filter((r) => r.error === null)).toHaveLength(1);
    expect(new Set(same.filter((r) => r.error).map((r) => r.error?.message))).toEqual(new Set([ROUND_MESSAGES.alreadyVoted]));

    const rows = await roundVoteRows(server(), round.round_id);
    expect(rows.filter((r) => r.user_id === voter.user.id)).toHaveLength(3);
    expect(rows.filter((r) => r.user_id === second.user.id)).toHaveLength(1);
  });

  it('answers each of many votes arriving together with its own voter’s votes, and refuses the wrong ones with their reason', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids, owners } = await finalists(server(), 3, 'Together');
    const round = await openRound(server(), organiser, roundParams(ids, { p_votes_per_person: 2 }));
    const voters = await Promise.all(Array.from({ length: 10 }, () => signUpUser(server())));
    const owner = owners[0];
    if (!owner) throw new Error('fixtures');
    const ask = (user: TestUser, missionId: string) => user.client.rpc('cast_round_vote', { p_round_id: round.round_id, p_mission_id: missionId });
    const [answers, ownAnswer, outsideAnswer] = await Promise.all([
      Promise.all(voters.flatMap((voter, i) => [ask(voter, ids[i % 3] ?? ''), ask(voter, ids[(i + 1) % 3] ?? '')])),
      ask(owner, ids[0] ?? ''),
      ask(voters[0] ?? organiser, UNKNOWN_ID),
    ]);
    expect(answers.map((a) => a.error)).toEqual(answers.map(() => null));
    expect(ownAnswer.error?.message).toBe(ROUND_MESSAGES.ownMission);
    expect(outsideAnswer.error?.message).toBe(ROUND_MESSAGES.notInRound);
    const rows = await roundVoteRows(server(), round.round_id);
    expect(rows).toHaveLength(20);
    voters.forEach((voter, i) => {
      const mine = rows.filter((row) => row.user_id === voter.user.id);
      expect(new Set(mine.map((row) => row.mission_id))).toEqual(new Set([ids[i % 3], ids[(i + 1) % 3]]));
      // Each answer shows the voter's votes as they stood after it: its own vote, with the receipt the row holds.
      for (const [k, answer] of [answers[2 * i], answers[2 * i + 1]].entries()) {
        const asked = ids[(i + k) % 3];
        const shown = answer?.data?.my_votes.find((vote) => vote.mission_id === asked);
        expect(shown?.receipt).toBe(mine.find((row) => row.mission_id === asked)?.receipt);
        expect(answer?.data?.votes_left).toBe(2 - (answer?.data?.my_votes.length ?? 0));
        expect(answer?.data?.state).toBe('open');
        for (const vote of answer?.data?.my_votes ?? []) expect(mine.map((row) => row.receipt)).toContain(vote.receipt);
      }
    });
  });

  it('opens only one round when two are opened at once', async () => {
    const organiser = await signUpOrganiser(server());
    await closeOpenRounds(server());
    const a = await createRound(organiser, roundParams(null, { p_name: 'Race A' }));
    const b = await createRound(organiser, roundParams(null, { p_name: 'Race B' }));
    const answers = await Promise.all([a, b].map((round) => organiser.client.rpc('open_vote_round', { p_round_id: round.round_id })));
    expect(answers.filter((r) => r.error === null)).toHaveLength(1);
    expect(answers.find((r) => r.error)?.error?.message).toBe(ROUND_MESSAGES.anotherOpen);
    const [open] = await server().db.query<{ n: number }>(`select count(*)::int as n from vote_rounds where state = 'open'`);
    expect(open?.n).toBe(1);
  });

  it('keeps exactly the acknowledged votes when the close comes in the middle of them', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 3, 'Close race');
    const round = await openRound(server(), organiser, roundParams(ids, { p_votes_per_person: 3 }));
    const voters = await Promise.all(Array.from({ length: 8 }, () => signUpUser(server())));
    const votes = voters.flatMap((voter) => ids.map((id) => voter.client.rpc('cast_round_vote', { p_round_id: round.round_id, p_mission_id: id })));
    const close = organiser.client.rpc('close_vote_round', { p_round_id: round.round_id });
    const answers = await Promise.all(votes);
    expect((await close).error).toBeNull();
    const accepted = answers.filter((r) => r.error === null).length;
    for (const refused of answers.filter((r) => r.error)) expect(refused.error?.message).toBe(ROUND_MESSAGES.closed);
    expect(await roundVoteRows(server(), round.round_id)).toHaveLength(accepted);
    const late = voters[0];
    if (!late) throw new Error('fixtures');
    const after = await late.client.rpc('withdraw_round_vote', { p_round_id: round.round_id, p_mission_id: ids[0] ?? '' });
    expect(after.error?.message).toBe(ROUND_MESSAGES.closed);
    expect(await roundVoteRows(server(), round.round_id)).toHaveLength(accepted);
  });
});

describeEachDatabase("voting rounds: the server's clock decides", (server) => {
  it('refuses a vote after the closing time, before anything flipped the state, and then shows the round closed', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 2, 'Clock');
    const round = await openRound(server(), organiser, roundParams(ids));
    const voter = await signUpUser(server());
    await cast(voter, round.round_id, ids[0] ?? '');
    const since = new Date(Date.now() - 1000).toISOString();
    // The closing time passes on the database's clock; the state column still says open.
    await server().db.query(`update vote_rounds set closes_at = now() - interval '1 millisecond' where round_id = $1`, [round.round_id]);
    expect(await refusedCast(voter, round.round_id, ids[1] ?? '')).toEqual({ status: 400, message: ROUND_MESSAGES.closed });
    const { data } = await voter.client.rpc('get_current_vote_round', {});
    expect(data?.state).toBe('closed');
    expect(data?.my_votes).toHaveLength(1);
    const [entry] = await server().db.query<{ kind: string; actor_label: string }>(
      `select kind, actor_label from audit_log where subject = 'Closing panel' and at >= $1 order by at desc limit 1`,
      [since],
    );
    expect(entry).toEqual({ kind: ROUND_AUDIT_KINDS.closed, actor_label: 'schedule' });
  });

  it('opens a scheduled round by itself, without anyone asking', async () => {
    const organiser = await signUpOrganiser(server());
    await closeOpenRounds(server());
    const round = await createRound(organiser, roundParams(null, { p_opens_at: new Date(Date.now() + 3_600_000).toISOString() }));
    await server().db.query(`update vote_rounds set opens_at = now() where round_id = $1`, [round.round_id]);
    // The background step of every instance applies the schedule about once a second.
    await expect
      .poll(async () => (await server().db.query<{ state: string }>('select state from vote_rounds where round_id = $1', [round.round_id]))[0]?.state, {
        timeout: 10_000,
      })
      .toBe('open');
  });

  it('keeps the set closing time of an open round and refuses one in the past', async () => {
    const organiser = await signUpOrganiser(server());
    const round = await openRound(server(), organiser, roundParams(null));
    const closesAt = new Date(Date.now() + 600_000).toISOString();
    const { data } = await organiser.client.rpc('set_vote_round_close', { p_round_id: round.round_id, p_closes_at: closesAt });
    expect(data?.closes_at).toBe(closesAt);
    const past = await organiser.client.rpc('set_vote_round_close', { p_round_id: round.round_id, p_closes_at: new Date(Date.now() - 1000).toISOString() });
    expect(past.error?.message).toBe(ROUND_MESSAGES.closeInPast);
    const attendee = await signUpUser(server());
    const { data: seen } = await attendee.client.rpc('get_current_vote_round', {});
    expect(seen?.closes_at).toBe(closesAt);
    expect(Date.parse(seen?.server_time ?? '')).toBeLessThan(Date.parse(closesAt));
  });
});

describeEachDatabase('voting rounds: hidden counts and receipts', (server) => {
  it('shows counts to no attendee before the reveal, to organisers always, and publishes exactly the counted receipts', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 3, 'Counted');
    const round = await openRound(server(), organiser, roundParams(ids, { p_votes_per_person: 2 }));
    const voters = await Promise.all(Array.from({ length: 4 }, () => signUpUser(server())));
    const receipts = new Map<string, string[]>();
    for (const [index, voter] of voters.entries()) {
      for (const id of [ids[0], ids[index % 2 === 0 ? 1 : 2]]) {
        const answer = await cast(voter, round.round_id, id ?? '');
        const receipt = answer.my_votes.find((v) => v.mission_id === id)?.receipt ?? '';
        expect(receipt).toMatch(/^[0-9a-f]{32}$/);
        receipts.set(id ?? '', [...(receipts.get(id ?? '') ?? []), receipt]);
      }
    }
    // A vote taken back leaves no receipt behind.
    const taker = voters[0];
    if (!taker) throw new Error('fixtures');
    const before = (await taker.client.rpc('get_my_round_votes', { p_round_id: round.round_id })).data ?? [];
    const withdrawn = before.find((v) => v.mission_id === ids[1])?.receipt ?? '';
    await taker.client.rpc('withdraw_round_vote', { p_round_id: round.round_id, p_mission_id: ids[1] ?? '' });
    receipts.set(
      ids[1] ?? '',
      (receipts.get(ids[1] ?? '') ?? []).filter((r) => r !== withdrawn),
    );

    const hidden = (current: CurrentRound | null) => current?.missions.every((m) => m.vote_count === null);
    expect(hidden((await voters[1]?.client.rpc('get_current_vote_round', {}))?.data ?? null)).toBe(true);
    expect((await organiser.client.rpc('get_current_vote_round', {})).data?.missions.every((m) => m.vote_count === null)).toBe(true);
    expect((await voters[1]?.client.rpc('get_vote_round_result', { p_round_id: round.round_id }))?.error?.message).toBe(ROUND_MESSAGES.notRevealed);
    const receiptOf = receipts.get(ids[0] ?? '')?.[0] ?? '';
    expect((await voters[1]?.client.rpc('check_vote_receipt', { p_round_id: round.round_id, p_receipt: receiptOf }))?.error?.message).toBe(
      ROUND_MESSAGES.notRevealed,
    );
    const { data: listed } = await organiser.client.rpc('list_vote_rounds', {});
    const inConsole = listed?.find((r) => r.round_id === round.round_id);
    expect(inConsole?.missions.map((m) => m.vote_count)).toEqual([4, 1, 2]);
    expect(inConsole?.voter_count).toBe(4);

    await organiser.client.rpc('close_vote_round', { p_round_id: round.round_id });
    expect(hidden((await voters[1]?.client.rpc('get_current_vote_round', {}))?.data ?? null)).toBe(true);
    await organiser.client.rpc('reveal_vote_round', { p_round_id: round.round_id });
    const { data: current } = (await voters[1]?.client.rpc('get_current_vote_round', {})) ?? { data: null };
    expect(current?.missions.map((m) => m.vote_count)).toEqual([4, 1, 2]);

    const { data: result, error } = (await voters[2]?.client.rpc('get_vote_round_result', { p_round_id: round.round_id })) ?? { data: null, error: null };
    expect(error).toBeNull();
    expect(result?.missions.map((m) => [m.name, m.vote_count])).toEqual([
      ['Counted 1', 4],
      ['Counted 3', 2],
      ['Counted 2', 1],
    ]);
    for (const mission of result?.missions ?? []) {
      expect(mission.receipts).toEqual([...(receipts.get(mission.mission_id) ?? [])].sort());
      expect(mission.receipts).toHaveLength(mission.vote_count);
    }
    const published = (result?.missions ?? []).flatMap((m) => m.receipts);
    const rows = await roundVoteRows(server(), round.round_id);
    expect(published.sort()).toEqual(rows.map((r) => r.receipt).sort());
    expect(new Set(published).size).toBe(published.length);
    expect(result).toMatchObject({ vote_count: 7, voter_count: 4 });
    expect(JSON.stringify(result)).not.toContain(voters[0]?.user.id);

    const check = await voters[3]?.client.rpc('check_vote_receipt', { p_round_id: round.round_id, p_receipt: formatReceipt(receiptOf).toUpperCase() });
    expect(check?.data).toEqual({ counted: true, mission_id: ids[0], mission_name: 'Counted 1' });
    const gone = await voters[3]?.client.rpc('check_vote_receipt', { p_round_id: round.round_id, p_receipt: withdrawn });
    expect(gone?.data).toEqual({ counted: false, mission_id: null, mission_name: null });
  });

  it('shows the counts while open when the round says so', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 1, 'Shown');
    const round = await openRound(server(), organiser, roundParams(ids, { p_show_counts_while_open: true }));
    const voter = await signUpUser(server());
    await cast(voter, round.round_id, ids[0] ?? '');
    const { data: seen } = await voter.client.rpc('get_current_vote_round', {});
    expect(seen?.missions[0]?.vote_count).toBe(1);
    expect(seen?.voter_count).toBe(1);
  });
});

describe.runIf(Boolean(process.env.TEST_DATABASE_URL))('voting rounds on two instances of one PostgreSQL [postgres]', () => {
  let a: TestServer;
  let b: TestServer;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ a, b, close } = await startTwoInstances());
  });
  afterAll(async () => {
    await close?.();
  });

  it('refuses on B a vote sent after A closed the round', async () => {
    expect(b.db.kind).toBe('postgres');
    const organiser = await signUpOrganiser(a);
    const { ids } = await finalists(a, 2, 'Two');
    const round = await openRound(a, organiser, roundParams(ids));
    const voter = await signUpUser(b);
    await cast(voter, round.round_id, ids[0] ?? '');
    expect((await organiser.client.rpc('close_vote_round', { p_round_id: round.round_id })).error).toBeNull();
    expect(await refusedCast(voter, round.round_id, ids[1] ?? '')).toEqual({ status: 400, message: ROUND_MESSAGES.closed });
    const { data } = await voter.client.rpc('get_current_vote_round', {});
    expect(data?.state).toBe('closed');
  });
});
