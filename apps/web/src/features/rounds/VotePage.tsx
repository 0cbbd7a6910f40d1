import { useQuery } from '@tanstack/react-query';
import { Alert, LoadError, PageSpinner, cn, pageClasses } from '../../components/ui';
import { appConfig } from '../../lib/appConfig';
import { useAuth } from '../../lib/auth';
import { currentRoundQuery, venueTime, votesLeftLabel } from './roundsApi';
import { RoundResultView } from './RoundResultView';
import { MyVotes, VoteCards } from './VoteCards';

/** The closing panel's vote: the finalists, the person's votes left and receipts, then the closed state and the result. */
export default function VotePage() {
  const { user } = useAuth();
  const current = useQuery(currentRoundQuery(user?.id ?? null));
  const round = current.data ?? null;
  return (
    <section className={cn(pageClasses, 'flex flex-col gap-6')}>
      <title>{`Vote · ${appConfig.productName}`}</title>
      <header>
        <p className="mb-1 text-sm font-semibold text-sky-300">{appConfig.programmeName}</p>
        <h1 className="text-2xl font-bold break-words text-slate-50 sm:text-3xl">{round ? round.name : 'Vote'}</h1>
      </header>
      {current.isPending ? (
        <PageSpinner label="Loading the vote..." />
      ) : current.isError ? (
        <LoadError message="The vote could not be loaded. Check the connection and try again." onRetry={() => void current.refetch()} />
      ) : !round ? (
        <p className="text-slate-300">There is no vote at the moment.</p>
      ) : round.state === 'draft' ? (
        <>
          <Alert tone="info" title="Voting has not opened yet">
            {round.opens_at ? `It opens ${venueTime(round.opens_at)}.` : 'The organisers will open it soon.'}
          </Alert>
          <VoteCards round={round} />
        </>
      ) : round.state === 'open' ? (
        <>
          <div className="flex flex-col gap-1" role="status">
            <p className="text-xl font-semibold text-slate-50" data-testid="votes-left">
              {votesLeftLabel(round)}
            </p>
            {round.closes_at ? <p className="text-sm text-slate-300">Voting closes {venueTime(round.closes_at)}.</p> : null}
          </div>
          <VoteCards round={round} />
        </>
      ) : round.state === 'closed' ? (
        <>
          <Alert tone="info" title="Voting has closed">
            The result will be revealed on the big screen.
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
