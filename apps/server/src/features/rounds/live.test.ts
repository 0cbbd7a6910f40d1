import { expect, it } from 'vitest';
import { ROUNDS_TOPIC, type RoundLiveEvent } from '@mc/contract';
import { describeEachDatabase, signUpUser } from '../../../test/harness.ts';
import { LiveTestClient } from '../../../test/live-client.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { cast, finalists, openRound, roundParams } from './fixtures.ts';

function roundEvent(data: unknown): RoundLiveEvent {
  return data as RoundLiveEvent;
}

describeEachDatabase('voting rounds: the live channel', (server) => {
  it('tells followers who has voted and when the round closes, with counts only once they are public', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 2, 'Live');
    const watcher = await signUpUser(server());
    const live = await LiveTestClient.follow(server().url, watcher.session.access_token, [ROUNDS_TOPIC]);
    try {
      const round = await openRound(server(), organiser, roundParams(ids));
      const voters = await Promise.all([signUpUser(server()), signUpUser(server())]);
      await cast(voters[0], round.round_id, ids[0] ?? '');
      await cast(voters[1], round.round_id, ids[1] ?? '');
      const isRound = (data: unknown, match: (event: RoundLiveEvent) => boolean) => roundEvent(data).round_id === round.round_id && match(roundEvent(data));
      const voted = await live.waitFor((m) => m.type === 'event' && m.topic === ROUNDS_TOPIC && isRound(m.data, (e) => e.voter_count === 2), 10_000);
      expect(voted.message.type === 'event' && roundEvent(voted.message.data)).toMatchObject({ state: 'open', counts: null });

      await organiser.client.rpc('close_vote_round', { p_round_id: round.round_id });
      await live.waitFor((m) => m.type === 'event' && isRound(m.data, (e) => e.state === 'closed'), 10_000);
      await organiser.client.rpc('reveal_vote_round', { p_round_id: round.round_id });
      const revealed = await live.waitFor((m) => m.type === 'event' && isRound(m.data, (e) => e.state === 'revealed'), 10_000);
      const counts = revealed.message.type === 'event' ? roundEvent(revealed.message.data).counts : null;
      expect(counts?.map((c) => c.vote_count).sort()).toEqual([1, 1]);
      // Before the reveal, no message carried a count.
      const before = live.received.filter(
        (r) => r.message.type === 'event' && r.message.topic === ROUNDS_TOPIC && roundEvent(r.message.data).state !== 'revealed',
      );
      expect(before.length).toBeGreaterThan(0);
      for (const r of before) expect(r.message.type === 'event' && roundEvent(r.message.data).counts).toBeNull();
    } finally {
      live.close();
    }
  });

  it('says a scheduled round closed at its closing time, without anyone asking', async () => {
    const organiser = await signUpOrganiser(server());
    const { ids } = await finalists(server(), 1, 'Scheduled close');
    const watcher = await signUpUser(server());
    const live = await LiveTestClient.follow(server().url, watcher.session.access_token, [ROUNDS_TOPIC]);
    try {
      const round = await openRound(server(), organiser, roundParams(ids));
      const closesAt = new Date(Date.now() + 1_500).toISOString();
      const set = await organiser.client.rpc('set_vote_round_close', { p_round_id: round.round_id, p_closes_at: closesAt });
      expect(set.error).toBeNull();
      const closed = await live.waitFor(
        (m) => m.type === 'event' && m.topic === ROUNDS_TOPIC && roundEvent(m.data).round_id === round.round_id && roundEvent(m.data).state === 'closed',
        10_000,
      );
      expect(closed.message.type === 'event' && roundEvent(closed.message.data).counts).toBeNull();
      const [row] = await server().db.query<{ state: string; closed_at: string }>('select state, closed_at::text from vote_rounds where round_id = $1', [
        round.round_id,
      ]);
      expect(row?.state).toBe('closed');
    } finally {
      live.close();
    }
  });
});
