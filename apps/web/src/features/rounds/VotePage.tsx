import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { Alert, LoadError, PageSpinner, cn, pageClasses } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { currentRoundQuery, venueTime, votesLeftLabel } from './roundsApi';
import { RoundResultView } from './RoundResultView';
import { MyVotes, VoteCards } from './VoteCards';

/** The closing panel's vote: the finalists, the person's votes left and receipts, then the closed state and the result. */
export default function VotePage() {
  const { _ } = useLingui();
  const { user } = useAuth();
  const current = useQuery(currentRoundQuery(user?.id ?? null));
  const round = current.data ?? null;
  return (
    <section className={cn(pageClasses, 'flex flex-col gap-6')}>
      <title>{`${_('vote.title')} · ${appConfig.productName}`}</title>
      <header>
        <p className="mb-1 text-sm font-semibold text-sky-300">{appConfig.programmeName}</p>
        <h1 className="text-2xl font-bold break-words text-slate-50 sm:text-3xl">{round ? round.name : _('vote.title')}</h1>
      </header>
      {current.isPending ? (
        <PageSpinner label={_('vote.loading')} />
      ) : current.isError ? (
        <LoadError message={_('vote.loadFailed')} onRetry={() => void current.refetch()} />
      ) : !round ? (
        <p className="text-slate-300">{_('vote.none')}</p>
      ) : round.state === 'draft' ? (
        <>
          <Alert tone="info" title={_('vote.notOpen.title')}>
            {round.opens_at ? _('vote.notOpen.opensAt', { time: venueTime(round.opens_at) }) : _('vote.notOpen.soon')}
          </Alert>
          <VoteCards round={round} />
        </>
      ) : round.state === 'open' ? (
        <>
          <div className="flex flex-col gap-1" role="status">
            <p className="text-xl font-semibold text-slate-50" data-testid="votes-left">
              {votesLeftLabel(round)}
            </p>
            {round.closes_at ? <p className="text-sm text-slate-300">{_('vote.closesAt', { time: venueTime(round.closes_at) })}</p> : null}
          </div>
          <VoteCards round={round} />
        </>
      ) : round.state === 'closed' ? (
        <>
          <Alert tone="info" title={_('vote.closed.title')}>
            {_('vote.closed.body')}
          </Alert>
          <MyVotes round={round} />
        </>
      ) : (
        <>
          <RoundResultView round={round} />
          <MyVotes round={round} />
        </>
      )}
    </section>
  );
}
