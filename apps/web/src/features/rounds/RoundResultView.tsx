import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { normaliseReceipt, type CurrentRound, type ReceiptCheck } from '@mc/contract';
import { Alert, Button, PageSpinner, TextField, LoadError } from '../../components/ui';
import { checkVoteReceipt, roundResultQuery } from './roundsApi';
import { ReceiptCode } from './VoteCards';
import { RankedPlaces } from './RankedPlaces';

/** Checks any receipt code against the published list. */
function ReceiptCheckForm({ roundId }: { roundId: string }) {
  const { _ } = useLingui();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (receipt: string): Promise<ReceiptCheck> => checkVoteReceipt(roundId, receipt),
    onError: (error) => setProblem(error.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    check.reset();
    if (!normaliseReceipt(code)) {
      setProblem(_('rounds.receipt.malformed'));
      return;
    }
    setProblem(null);
    check.mutate(code);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby="receipt-check-title">
      <h2 id="receipt-check-title" className="text-xl font-semibold text-slate-50">
        {_('vote.receiptCheck.title')}
      </h2>
      <TextField
        label={_('vote.receiptCheck.label')}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        error={problem ?? undefined}
        hint={_('vote.receiptCheck.hint')}
      />
      <Button type="submit" className="self-start" busy={check.isPending} busyLabel={_('vote.receiptCheck.checking')}>
        {_('vote.receiptCheck.submit')}
      </Button>
      {check.data ? (
        check.data.counted ? (
          <Alert tone="success">{_('vote.receiptCheck.counted', { mission: check.data.mission_name })}</Alert>
        ) : (
          <Alert tone="warning">{_('vote.receiptCheck.notCounted')}</Alert>
        )
      ) : null}
    </form>
  );
}

/** The revealed result as the projector shows it (RankedPlaces): places, bars and counts, the receipts of each mission's counted votes, and the person's own check. */
export function RoundResultView({ round }: { round: CurrentRound }) {
  const { _ } = useLingui();
  const result = useQuery(roundResultQuery(round.round_id));
  if (result.isPending) return <PageSpinner label={_('rounds.result.loading')} />;
  if (result.isError) {
    return <LoadError message={_('rounds.result.loadFailed')} retrying={result.isFetching} onRetry={() => void result.refetch()} />;
  }
  const mine = new Set(round.my_votes.map((vote) => vote.receipt));
  const listed = new Map(result.data.missions.map((mission) => [mission.mission_id, new Set(mission.receipts)]));
  const allMineCounted = round.my_votes.every((vote) => listed.get(vote.mission_id)?.has(vote.receipt) === true);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="result-title" className="flex flex-col gap-3">
        <h2 id="result-title" className="text-xl font-semibold text-slate-50">
          {_('vote.result.title')}
        </h2>
        <p className="text-slate-300">{_('vote.result.summary', { votes: result.data.vote_count, voters: result.data.voter_count })}</p>
        <RankedPlaces
          places={result.data.missions}
          label={_('vote.result.title')}
          size="screen"
          below={(mission) =>
            mission.receipts.length ? (
              <details className="px-4 pb-3">
                <summary className="cursor-pointer text-sm text-slate-300">{_('vote.result.receipts', { count: mission.receipts.length })}</summary>
                <ul className="mt-2 flex flex-col gap-1">
                  {mission.receipts.map((receipt) => (
                    <li key={receipt} className={mine.has(receipt) ? 'font-semibold' : undefined}>
                      <ReceiptCode receipt={receipt} />
                      {mine.has(receipt) ? <span className="ml-2 text-sm text-emerald-200">{_('vote.result.yourVote')}</span> : null}
                    </li>
                  ))}
                </ul>
              </details>
            ) : null
          }
        />
      </section>
      {round.my_votes.length > 0 ? (
        allMineCounted ? (
          <Alert tone="success">{_('vote.result.allCounted')}</Alert>
        ) : (
          <Alert tone="warning">{_('vote.result.someMissing')}</Alert>
        )
      ) : null}
      <ReceiptCheckForm roundId={round.round_id} />
    </div>
  );
}
