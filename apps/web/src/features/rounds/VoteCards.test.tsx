import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUND_MESSAGES, type CurrentRound, type RoundVoteAnswer } from '@mc/contract';
import { fakeServer, newQueryClient, renderScreen, ServerRefusal } from '../../../test/screen';
import { queryKeys } from '../../lib/queryKeys';
import { VoteCards } from './VoteCards';

const RECEIPT = '0123456789abcdef0123456789abcdef';

const round: CurrentRound = {
  round_id: 'round-1',
  name: 'Closing panel',
  state: 'open',
  votes_per_person: 2,
  allow_own_mission: true, // a round that forbids it also reads the person's teams: the last test
  show_counts_while_open: false,
  allow_repeat_votes: false,
  checked_in_only: false,
  all_missions: false,
  opens_at: null,
  closes_at: null,
  opened_at: '2026-12-06T14:00:00Z',
  closed_at: null,
  revealed_at: null,
  missions: [
    { mission_id: 'm-water', name: 'Clean Water', statement: 'Wells for every village.', team: ['Ada Lovelace', 'Anonymous attendee'], vote_count: null },
    { mission_id: 'm-seeds', name: 'Seed Bank', statement: 'Keep the old seeds.', team: [], vote_count: null },
  ],
  voter_count: 3,
  my_votes: [],
  votes_left: 2,
  server_time: '2026-12-06T14:05:00Z',
};

const counted: RoundVoteAnswer = {
  round_id: 'round-1',
  state: 'open',
  votes_per_person: 2,
  my_votes: [{ mission_id: 'm-water', slot: 1, receipt: RECEIPT, cast_at: '2026-12-06T14:06:00Z' }],
  votes_left: 1,
};

/** The round as the vote screen holds it (VoteCards settles a vote's answer into this cache entry). */
async function showRound(shown: CurrentRound) {
  const queryClient = newQueryClient();
  queryClient.setQueryData(queryKeys.currentRound('user-1'), shown);
  const Shown = () => <VoteCards round={queryClient.getQueryData<CurrentRound>(queryKeys.currentRound('user-1')) ?? shown} />;
  return { queryClient, ...(await renderScreen(<Shown />, { queryClient })) };
}

describe('the vote cards', () => {
  it('show each finalist with its team, and say so when a team has no members', async () => {
    await showRound(round);
    const cards = screen.getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading', { name: 'Clean Water' })).toBeTruthy();
    expect(within(cards[0]!).getByText('Team: Ada Lovelace, Anonymous attendee')).toBeTruthy();
    expect(within(cards[1]!).getByText('Team: no members')).toBeTruthy();
  });

  it("show the person's own team's finalist without a Vote button when the round forbids voting for it", async () => {
    fakeServer({ get_user_related_missions: () => [{ mission_id: 'm-water', role_in_team: 'member', is_co_owner: false, added_at: '2026-11-01T00:00:00Z' }] });
    await showRound({ ...round, allow_own_mission: false });

    const [own, other] = screen.getAllByRole('listitem');
    expect(await within(own!).findByText('Your team’s mission')).toBeTruthy();
    expect(within(own!).queryByRole('button', { name: 'Vote for Clean Water' })).toBeNull();
    expect(within(other!).getByRole('button', { name: 'Vote for Seed Bank' })).toBeTruthy();
  });

  it('ask to confirm a vote, with the votes left, and send nothing when it is cancelled', async () => {
    const server = fakeServer({ cast_round_vote: () => counted });
    await showRound(round);
    await userEvent.click(screen.getByRole('button', { name: 'Vote for Clean Water' }));

    const dialog = await screen.findByRole('dialog', { name: 'Vote for Clean Water?' });
    expect(within(dialog).getByText('You have 2 of 2 votes left. You can take a vote back while voting is open.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.calls).toEqual([]);
  });

  it('count a confirmed vote: the toast says so and the card shows its receipt', async () => {
    const server = fakeServer({ cast_round_vote: () => counted });
    const { rerender, queryClient } = await showRound(round);
    await userEvent.click(screen.getByRole('button', { name: 'Vote for Clean Water' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm vote' }));

    expect(await screen.findByText('Your vote for Clean Water is counted.')).toBeTruthy();
    expect(server.calls).toEqual([{ name: 'cast_round_vote', params: { p_round_id: 'round-1', p_mission_id: 'm-water' } }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<VoteCards round={queryClient.getQueryData<CurrentRound>(queryKeys.currentRound('user-1')) ?? round} />);
    const card = screen.getAllByRole('listitem')[0]!;
    expect(within(card).getByText('You voted for this')).toBeTruthy();
    expect(within(card).getByText('0123-4567-89ab-cdef-0123-4567-89ab-cdef')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Take back your vote for Clean Water' })).toBeTruthy();
  });

  it("show the server's refusal of a vote above the cards", async () => {
    fakeServer({ cast_round_vote: () => new ServerRefusal(ROUND_MESSAGES.closed), get_current_vote_round: () => round });
    await showRound(round);
    await userEvent.click(screen.getByRole('button', { name: 'Vote for Seed Bank' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm vote' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Voting has closed');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offer no Vote button once the person has no votes left', async () => {
    await showRound({ ...round, votes_left: 0 });
    for (const name of ['Vote for Clean Water', 'Vote for Seed Bank']) expect((screen.getByRole('button', { name }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('say that a vote needs a connection when the network is gone, and send nothing', async () => {
    const server = fakeServer({ cast_round_vote: () => counted });
    await showRound(round);
    server.goOffline();
    await userEvent.click(screen.getByRole('button', { name: 'Vote for Clean Water' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm vote' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'You are offline: this needs a connection, and nothing was sent or saved. Try again when you are back online.',
    );
    expect(server.calls).toEqual([]);
  });
});
