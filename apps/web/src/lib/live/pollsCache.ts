import type { QueryClient } from '@tanstack/react-query';
import type { PartPolls } from '@mc/contract/polls.ts';
import type { PollsLiveEvent } from '@mc/contract/pollsLive.ts';
import { screenKeys } from '../screenKeys';
import { applyNewerState } from '../applyNewerState';

/**
 * A part's live message on the screens that show its polls: what anyone may see (state, how many
 * answered, the results when they are shown) goes straight into every cached copy of the part's
 * polls, each keeping its viewer's own answers and, for a host, the drafts no message carries.
 * A room of phones follows the count without a read of its own.
 */
export function applyPollsEvent(queryClient: QueryClient, event: PollsLiveEvent): void {
  const sent = new Set(event.polls.map((poll) => poll.poll_id));
  applyNewerState<PartPolls>(queryClient, screenKeys.partPollsOfAnyViewer(event.part_id), (cached) => {
    const before = new Map(cached.polls.map((poll) => [poll.poll_id, poll]));
    const drafts = cached.polls.filter((poll) => poll.state === 'draft' && !sent.has(poll.poll_id));
    const polls = event.polls.map((poll) => ({ ...poll, my_answer: before.get(poll.poll_id)?.my_answer ?? null }));
    return { ...cached, polls: [...drafts, ...polls] };
  });
}
