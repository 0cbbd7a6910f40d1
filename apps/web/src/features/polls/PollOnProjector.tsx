import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import type { PartPoll } from '@mc/contract';
import { useAuth } from '../../lib/auth';
import { PollResults } from './PollResults';
import { partPollsQuery } from './pollsApi';

/** The poll a room looks at: the open one, else the one that closed last. */
export function pollOnScreen(polls: readonly PartPoll[]): PartPoll | null {
  return polls.find((poll) => poll.state === 'open') ?? polls.find((poll) => poll.state === 'closed') ?? null;
}

/**
 * A part's current poll for the projector, on its own: it reads the part's polls and follows the
 * live channel like any screen, and shows the question, the choices' bars or the most given
 * answers, how many answered, and whether it is still open, large enough for the back of the room
 * at 1920×1080. The part's projector screen shows it, and so may any other screen of that part:
 * `beside` draws it smaller, in a panel beside the questions of the part's questions projector.
 */
export function PollOnProjector({ partId, beside = false }: { partId: string; beside?: boolean }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const query = useQuery(partPollsQuery(partId, user?.id ?? null));
  const poll = query.data ? pollOnScreen(query.data.polls) : null;
  // Beside the questions (their projector), a part without a poll shows nothing in its place.
  if (beside && !poll) return null;
  if (query.isError && !query.data) return <p className="text-3xl text-rose-200">{_('polls.projector.error')}</p>;
  if (!poll) return <p className="text-3xl text-slate-300">{query.data ? _('polls.projector.none') : _('polls.projector.loading')}</p>;
  return (
    <section
      aria-labelledby="poll-on-projector"
      className={beside ? 'flex flex-col gap-4 rounded-2xl bg-slate-900 p-5 lg:w-[28rem]' : 'flex flex-col gap-8'}
      data-testid="poll-on-projector"
    >
      <div className="flex flex-col gap-3">
        <p
          className={beside ? 'text-lg font-semibold tracking-widest text-sky-300 uppercase' : 'text-2xl font-semibold tracking-widest text-sky-300 uppercase'}
        >
          {poll.state === 'open' ? _('polls.projector.open') : _('polls.projector.closed')}
        </p>
        <h2
          id="poll-on-projector"
          className={beside ? 'text-3xl leading-tight font-bold break-words text-white' : 'text-5xl leading-tight font-bold break-words text-white lg:text-6xl'}
        >
          {poll.question}
        </h2>
      </div>
      <div aria-live="polite">
        <PollResults poll={poll} size="projector" />
      </div>
    </section>
  );
}
