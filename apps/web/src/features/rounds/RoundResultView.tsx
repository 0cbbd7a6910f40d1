import { useState, type FormEvent } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { normaliseReceipt, ROUND_MESSAGES, type CurrentRound, type ReceiptCheck } from '@mc/contract';
import { Alert, Button, PageSpinner, TextField, LoadError } from '../../components/ui';
import { callRpc } from '../../lib/rpc';
import { roundResultQuery } from './roundsApi';
import { ReceiptCode } from './VoteCards';

/** Checks any receipt code against the published list. */
function ReceiptCheckForm({ roundId }: { roundId: string }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (receipt: string): Promise<ReceiptCheck> => callRpc('check_vote_receipt', { p_round_id: roundId, p_receipt: receipt }),
    onError: (error) => setProblem(error.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    check.reset();
    if (!normaliseReceipt(code)) {
      setProblem(ROUND_MESSAGES.malformedReceipt);
      return;
    }
    setProblem(null);
    check.mutate(code);
  };
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3" aria-labelledby="receipt-check-title">
      <h2 id="receipt-check-title" className="text-xl font-semibold text-slate-50">
        Check a receipt
      </h2>
      <TextField
        label="Receipt code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="off"
        spellCheck={false}
        error={problem ?? undefined}
        hint="32 letters and digits; dashes and spaces are ignored."
      />
      <Button type="submit" className="self-start" busy={check.isPending} busyLabel="Checking...">
        Check receipt
      </Button>
      {check.data ? (
        check.data.counted ? (
          <Alert tone="success">Counted for {check.data.mission_name}.</Alert>
        ) : (
          <Alert tone="warning">This receipt is not among the counted votes.</Alert>
        )
      ) : null}
    </form>
  );
}

/** The revealed result: counts by rank, the receipts of each mission's counted votes, and the person's own check. */
export function RoundResultView({ round }: { round: CurrentRound }) {
  const result = useQuery(roundResultQuery(round.round_id));
  if (result.isPending) return <PageSpinner label="Loading the result..." />;
  if (result.isError) {
    return (
      <LoadError
        message="The result could not be loaded. Check the connection and try again."
        retrying={result.isFetching}
        onRetry={() => void result.refetch()}
      />
    );
  }
  const mine = new Set(round.my_votes.map((vote) => vote.receipt));
  const listed = new Map(result.data.missions.map((mission) => [mission.mission_id, new Set(mission.receipts)]));
  const allMineCounted = round.my_votes.every((vote) => listed.get(vote.mission_id)?.has(vote.receipt) === true);
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="result-title" className="flex flex-col gap-3">
        <h2 id="result-title" className="text-xl font-semibold text-slate-50">
          Result
        </h2>
        <p className="text-slate-300">
          {result.data.vote_count === 1 ? '1 vote' : `${result.data.vote_count} votes`} from{' '}
          {result.data.voter_count === 1 ? '1 person' : `${result.data.voter_count} people`}.
        </p>
        <ol className="flex flex-col gap-3">
          {result.data.missions.map((mission, index) => (
            <li key={mission.mission_id} className="rounded-xl border border-slate-700 p-4" data-testid="result-row">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="text-lg font-semibold break-words text-slate-50">
                  {index + 1}. {mission.name}
                </span>
                <span className="font-semibold text-sky-200">{mission.vote_count === 1 ? '1 vote' : `${mission.vote_count} votes`}</span>
              </p>
              {mission.receipts.length ? (
                <details className="mt-2">
                  <summary className="cursor-pointer text-sm text-slate-300">Receipts of its votes ({mission.receipts.length})</summary>
                  <ul className="mt-2 flex flex-col gap-1">
                    {mission.receipts.map((receipt) => (
                      <li key={receipt} className={mine.has(receipt) ? 'font-semibold' : undefined}>
                        <ReceiptCode receipt={receipt} />
                        {mine.has(receipt) ? <span className="ml-2 text-sm text-emerald-200">your vote</span> : null}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
      {round.my_votes.length > 0 ? (
        allMineCounted ? (
          <Alert tone="success">Each of your receipts is in the published list, under the mission you voted for.</Alert>
        ) : (
          <Alert tone="warning">Some of your receipts are not in the published list. Please tell the organisers.</Alert>
        )
      ) : null}
      <ReceiptCheckForm roundId={round.round_id} />
    </div>
  );
}
