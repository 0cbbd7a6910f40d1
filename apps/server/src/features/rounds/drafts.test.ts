import { expect, it } from 'vitest';
import { describeEachDatabase, signUpUser } from '../../../test/harness.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { closeOpenRounds, createRound, finalists, openRound, roundParams } from './fixtures.ts';

/*
 * A draft round is the organisers' until they open it (docs/product.md#voting-rounds): the round
 * attendees and the projector follow is the open one, else the last one that was opened; a draft
 * changed since, and its shortlist, stay out of sight.
 */

describeEachDatabase('voting rounds: drafts', (server) => {
  it('get_current_vote_round never answers a round that was never opened, whatever was changed last', async () => {
    const organiser = await signUpOrganiser(server());
    const attendee = await signUpUser(server());
    await closeOpenRounds(server());

    // Only a draft: nothing to follow yet.
    const secret = await finalists(server(), 2, 'Secret finalist');
    await createRound(organiser, roundParams(secret.ids, { p_name: 'Closing panel' }));
    for (const person of [attendee, organiser]) {
      const { data, error } = await person.client.rpc('get_current_vote_round', {});
      expect(error).toBeNull();
      expect(data).toBeNull();
    }

    // A round that was opened and closed, then a draft changed after it: the closed round it is.
    const earlier = await finalists(server(), 2, 'Earlier finalist');
    const opened = await openRound(server(), organiser, roundParams(earlier.ids, { p_name: 'Warm-up' }));
    expect((await organiser.client.rpc('close_vote_round', { p_round_id: opened.round_id })).error).toBeNull();
    const draft = await createRound(organiser, roundParams(secret.ids, { p_name: 'Final' }));
    const { data: seen } = await attendee.client.rpc('get_current_vote_round', {});
    expect(seen?.round_id).toBe(opened.round_id);
    expect(JSON.stringify(seen)).not.toContain('Secret finalist');

    // Once opened, it is the one everyone follows.
    expect((await organiser.client.rpc('open_vote_round', { p_round_id: draft.round_id })).error).toBeNull();
    const { data: open } = await attendee.client.rpc('get_current_vote_round', {});
    expect(open?.round_id).toBe(draft.round_id);
  });
});
