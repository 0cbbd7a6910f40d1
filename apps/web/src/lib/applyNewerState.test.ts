import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { MyPollAnswer, PartPolls, PublicPoll } from '@mc/contract/polls.ts';
import { screenKeys } from './screenKeys';
import { applyPollsEvent } from './live/pollsCache';
import { applyNewerState } from './applyNewerState';

/** A read whose answer the test gives when it likes. */
function heldRead<T>() {
  let answer: (value: T) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { queryFn: () => promise, answer, fail };
}

function poll(state: PublicPoll['state'], answerCount: number): PublicPoll {
  return {
    poll_id: 'poll-1',
    part_id: 's2p3',
    kind: 'rating',
    question: 'How useful was this so far?',
    options: [],
    state,
    hide_results: false,
    checked_in_only: false,
    answer_count: answerCount,
    results: { counts: [0, 0, 0, answerCount, 0], average: 4, top: [] },
    opened_at: '2026-11-30T10:00:00.000Z',
    closed_at: state === 'closed' ? '2026-11-30T10:05:00.000Z' : null,
  };
}

const FOUR: MyPollAnswer = { choices: null, rating: 4, text: null };

function partPolls(state: PublicPoll['state'], answerCount: number): PartPolls {
  return { part_id: 's2p3', part_title: 'Knowledge as a Public Good', can_host: false, polls: [{ ...poll(state, answerCount), my_answer: FOUR }] };
}

const ANN = screenKeys.partPolls('s2p3', 'ann');
const BOB = screenKeys.partPolls('s2p3', 'bob');
const ANY_VIEWER = screenKeys.partPollsOfAnyViewer('s2p3');
const closed = (polls: PartPolls): PartPolls => ({ ...polls, polls: polls.polls.map((one) => ({ ...one, state: 'closed' })) });
const stateShown = (client: QueryClient, key: typeof ANN) => client.getQueryData<PartPolls>(key)?.polls[0]?.state;

describe('applyNewerState', () => {
  it('changes every cached copy under the key, and makes none where nothing was read', () => {
    const client = new QueryClient();
    client.setQueryData(ANN, partPolls('open', 1));
    client.setQueryData(BOB, partPolls('open', 1));
    applyNewerState<PartPolls>(client, ANY_VIEWER, closed);
    expect([stateShown(client, ANN), stateShown(client, BOB)]).toEqual(['closed', 'closed']);
    applyNewerState<PartPolls>(client, screenKeys.partPollsOfAnyViewer('s1p1'), closed);
    expect(client.getQueryCache().findAll({ queryKey: screenKeys.partPollsOfAnyViewer('s1p1') })).toHaveLength(0);
  });

  it('applies a message again to a read that was under way when it came, so the read’s older answer does not stay', async () => {
    const client = new QueryClient();
    client.setQueryData(ANN, partPolls('open', 1));
    const read = heldRead<PartPolls>();
    const landed = client.fetchQuery({ queryKey: ANN, queryFn: read.queryFn, staleTime: 0 });
    applyNewerState<PartPolls>(client, ANY_VIEWER, closed);
    expect(stateShown(client, ANN)).toBe('closed');
    // The read was answered before the close: it says "open".
    read.answer(partPolls('open', 1));
    await landed;
    expect(stateShown(client, ANN)).toBe('closed');
    // Once applied again, the message is done with: the next read's answer stands.
    await client.fetchQuery({ queryKey: ANN, queryFn: () => Promise.resolve(partPolls('draft', 0)), staleTime: 0 });
    expect(stateShown(client, ANN)).toBe('draft');
  });

  it('keeps the person’s own answer when a read that was under way before they answered lands after it', async () => {
    const client = new QueryClient();
    client.setQueryData(ANN, { ...partPolls('open', 0), polls: [{ ...poll('open', 0), my_answer: null }] });
    const read = heldRead<PartPolls>();
    const landed = client.fetchQuery({ queryKey: ANN, queryFn: read.queryFn, staleTime: 0 });
    const answered = partPolls('open', 1);
    applyNewerState<PartPolls>(client, ANN, () => answered);
    read.answer({ ...partPolls('open', 0), polls: [{ ...poll('open', 0), my_answer: null }] });
    await landed;
    expect(client.getQueryData<PartPolls>(ANN)?.polls[0]).toMatchObject({ answer_count: 1, my_answer: FOUR });
  });

  it('stops watching a read that fails, so a later read’s answer is not overwritten', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(ANN, partPolls('open', 1));
    const read = heldRead<PartPolls>();
    const failed = client.fetchQuery({ queryKey: ANN, queryFn: read.queryFn, staleTime: 0 });
    applyNewerState<PartPolls>(client, ANY_VIEWER, closed);
    read.fail(new Error('offline'));
    await expect(failed).rejects.toThrow('offline');
    await client.fetchQuery({ queryKey: ANN, queryFn: () => Promise.resolve(partPolls('draft', 0)), staleTime: 0 });
    expect(stateShown(client, ANN)).toBe('draft');
  });
});

describe('applyPollsEvent', () => {
  it('keeps a poll’s close when a fresh read answered before the close lands after it, with the person’s own answer', async () => {
    const client = new QueryClient();
    client.setQueryData(ANN, partPolls('open', 1));
    // A reconnection reads the part's polls again; the host closes the poll meanwhile.
    const read = heldRead<PartPolls>();
    const landed = client.fetchQuery({ queryKey: ANN, queryFn: read.queryFn, staleTime: 0 });
    applyPollsEvent(client, { part_id: 's2p3', polls: [poll('closed', 1)] });
    read.answer(partPolls('open', 1));
    await landed;
    const shown = client.getQueryData<PartPolls>(ANN);
    expect(shown?.polls[0]).toMatchObject({ state: 'closed', answer_count: 1, my_answer: FOUR });
  });
});
