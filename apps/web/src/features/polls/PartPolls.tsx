import { Link } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { MonitorPlay } from 'lucide-react';
import type { PartPoll, PartPolls as PartPollsAnswer } from '@mc/contract';
import { Alert, Badge, Button, buttonClasses } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { useReachable } from '../../lib/network';
import { paths } from '../../lib/paths';
import { screenKeys } from '../../lib/screenKeys';
import { applyNewerState } from '../../lib/applyNewerState';
import { PollAnswerForm } from './PollAnswerForm';
import { PollCreateForm } from './PollCreateForm';
import { PollResults } from './PollResults';
import { closePoll, openPoll, partPollsQuery } from './pollsApi';

/** The host's Open or Close of one poll. */
function HostActions({ poll }: { poll: PartPoll }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const reachable = useReachable();
  const move = useMutation({
    mutationFn: () => (poll.state === 'draft' ? openPoll(poll.poll_id) : closePoll(poll.poll_id)),
    onSuccess: (answer: PartPollsAnswer) => applyNewerState<PartPollsAnswer>(queryClient, screenKeys.partPolls(poll.part_id, user?.id ?? null), () => answer),
  });
  if (poll.state === 'closed') return null;
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        size="sm"
        variant={poll.state === 'draft' ? 'primary' : 'secondary'}
        className="self-start"
        disabled={!reachable}
        aria-busy={move.isPending || undefined}
        onClick={() => move.mutate()}
      >
        {poll.state === 'draft' ? _('polls.host.open') : _('polls.host.close')}
      </Button>
      {move.error ? <Alert tone="error">{move.error.message}</Alert> : null}
    </div>
  );
}

function StateBadge({ poll }: { poll: PartPoll }) {
  const { _ } = useLingui();
  if (poll.state === 'open')
    return (
      <Badge tone="success" className="self-start">
        {_('polls.state.open')}
      </Badge>
    );
  if (poll.state === 'closed') return <Badge className="self-start">{_('polls.state.closed')}</Badge>;
  return (
    <Badge tone="warning" className="self-start">
      {_('polls.state.draft')}
    </Badge>
  );
}

function PollItem({ poll, host }: { poll: PartPoll; host: boolean }) {
  const { _ } = useLingui();
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-700/70 bg-slate-900/40 p-3" data-testid="poll">
      <StateBadge poll={poll} />
      {poll.checked_in_only ? <p className="text-sm text-slate-300">{_('polls.checkedInOnly')}</p> : null}
      {poll.state === 'open' ? <PollAnswerForm key={poll.poll_id} poll={poll} /> : <p className="text-base font-semibold text-slate-50">{poll.question}</p>}
      {poll.state !== 'draft' ? <PollResults poll={poll} /> : null}
      {host ? <HostActions poll={poll} /> : null}
    </li>
  );
}

/**
 * A part's live polls in its details (the agenda, My agenda, Now and Next lead there): attendees
 * answer the open one and watch the results move; a host also creates, opens and closes them and
 * opens the projector screen. Nothing is shown for a part without polls, except to its hosts.
 */
export default function PartPolls({ partId }: { partId: string }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const query = useQuery(partPollsQuery(partId, user?.id ?? null));
  const answer = query.data;
  if (!answer || (answer.polls.length === 0 && !answer.can_host)) return null;
  return (
    <section aria-labelledby={`polls-${partId}`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`polls-${partId}`} className="text-sm font-semibold text-slate-100">
          {_('polls.heading')}
        </h3>
        {answer.can_host ? (
          <Link to={paths.livePolls(partId)} className={buttonClasses('secondary', 'sm')}>
            <MonitorPlay aria-hidden="true" className="size-4" />
            {_('polls.host.projector')}
          </Link>
        ) : null}
      </div>
      {answer.polls.length > 0 ? (
        <ul className="flex flex-col gap-3">
          {answer.polls.map((poll) => (
            <PollItem key={poll.poll_id} poll={poll} host={answer.can_host} />
          ))}
        </ul>
      ) : null}
      {answer.can_host ? <PollCreateForm partId={partId} /> : null}
    </section>
  );
}
