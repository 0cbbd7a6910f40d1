import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { formatReceipt, type CurrentRound, type MyRoundVote, type RoundMission, type RoundVoteAnswer } from '@mc/contract';
import { Alert, Badge, Button, Card, Dialog } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { queryKeys } from '../../lib/queryKeys';
import { callRpc } from '../../lib/rpc';

/** A receipt code as the voter reads and compares it: monospace, in groups of four. */
export function ReceiptCode({ receipt }: { receipt: string }) {
  return <code className="font-mono text-sm break-all text-slate-100">{formatReceipt(receipt)}</code>;
}

function MissionText({ mission }: { mission: RoundMission }) {
  return (
    <>
      <h3 className="text-lg font-semibold break-words text-slate-50">{mission.name}</h3>
      <p className="text-sm break-words text-slate-200">{mission.statement}</p>
      <p className="text-sm text-slate-300">Team: {mission.team.length ? mission.team.join(', ') : 'no members'}</p>
    </>
  );
}

interface VoteActionsProps {
  mission: RoundMission;
  /** The person's votes for this mission (several only when the round allows it). */
  mine: MyRoundVote[];
  open: boolean;
  canVoteAgain: boolean;
  noVotesLeft: boolean;
  withdrawing: boolean;
  onVote: () => void;
  onWithdraw: () => void;
}

/** Under one mission: the person's votes for it with their receipts, "Take back", and "Vote" (or "Vote again"). */
function VoteActions({ mission, mine, open, canVoteAgain, noVotesLeft, withdrawing, onVote, onWithdraw }: VoteActionsProps) {
  const voted = mine.length > 0;
  return (
    <div className="mt-auto flex flex-col gap-2 pt-2">
      {voted ? (
        <>
          <Badge tone="success" className="self-start">
            {mine.length === 1 ? 'You voted for this' : `You gave this ${mine.length} votes`}
          </Badge>
          {mine.map((vote) => (
            <p key={vote.receipt} className="text-sm text-slate-300">
              Receipt: <ReceiptCode receipt={vote.receipt} />
            </p>
          ))}
        </>
      ) : null}
      {open ? (
        <div className="flex flex-wrap gap-2">
          {!voted || canVoteAgain ? (
            <Button
              size={voted ? 'sm' : 'md'}
              disabled={!voted && noVotesLeft}
              onClick={onVote}
              aria-label={voted ? `Vote again for ${mission.name}` : `Vote for ${mission.name}`}
            >
              {voted ? 'Vote again' : 'Vote'}
            </Button>
          ) : null}
          {voted ? (
            <Button
              variant="secondary"
              size="sm"
              busy={withdrawing}
              busyLabel="Taking back..."
              onClick={onWithdraw}
              aria-label={mine.length === 1 ? `Take back your vote for ${mission.name}` : `Take back one of your votes for ${mission.name}`}
            >
              Take back
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The round's missions; while it is open, each with "Vote" (confirmed first) or, once voted, its receipt and "Take back". */
export function VoteCards({ round }: { round: CurrentRound }) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<RoundMission | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const open = round.state === 'open';
  // A vote answers the person's votes only: the rest of the round stays as the screen has it.
  const settle = (answer: RoundVoteAnswer) =>
    queryClient.setQueryData<CurrentRound | null>(queryKeys.currentRound(user?.id ?? null), (shown) =>
      shown && shown.round_id === answer.round_id ? { ...shown, state: answer.state, my_votes: answer.my_votes, votes_left: answer.votes_left } : shown,
    );
  const onError = (error: Error) => {
    setFailure(error.message);
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentRound(user?.id ?? null) });
  };
  const castVote = useMutation({
    mutationFn: (mission: RoundMission) => callRpc('cast_round_vote', { p_round_id: round.round_id, p_mission_id: mission.mission_id }),
    onMutate: () => setFailure(null),
    onSuccess: (answer, mission) => {
      settle(answer);
      setConfirming(null);
      toast.success(`Your vote for ${mission.name} is counted.`);
    },
    onError: (error) => {
      setConfirming(null);
      onError(error);
    },
  });
  const withdraw = useMutation({
    mutationFn: (mission: RoundMission) => callRpc('withdraw_round_vote', { p_round_id: round.round_id, p_mission_id: mission.mission_id }),
    onMutate: () => setFailure(null),
    onSuccess: (answer, mission) => {
      settle(answer);
      toast.success(`Your vote for ${mission.name} is taken back.`);
    },
    onError,
  });

  return (
    <>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <h2 id="finalists-title" className="text-xl font-semibold text-slate-50">
        Finalists
      </h2>
      <ul className="grid gap-4 md:grid-cols-2" aria-labelledby="finalists-title">
        {round.missions.map((mission) => (
          <li key={mission.mission_id}>
            <Card className="flex h-full flex-col gap-2" data-testid="round-mission">
              <MissionText mission={mission} />
              {mission.vote_count !== null ? (
                <p className="text-sm font-semibold text-sky-200">{mission.vote_count === 1 ? '1 vote' : `${mission.vote_count} votes`}</p>
              ) : null}
              <VoteActions
                mission={mission}
                mine={round.my_votes.filter((vote) => vote.mission_id === mission.mission_id)}
                open={open}
                canVoteAgain={round.allow_repeat_votes && round.votes_left > 0}
                noVotesLeft={round.votes_left === 0}
                withdrawing={withdraw.isPending && withdraw.variables?.mission_id === mission.mission_id}
                onVote={() => setConfirming(mission)}
                onWithdraw={() => withdraw.mutate(mission)}
              />
            </Card>
          </li>
        ))}
      </ul>
      <Dialog
        open={confirming !== null}
        onOpenChange={(next) => {
          if (!next) setConfirming(null);
        }}
        title={confirming ? `Vote for ${confirming.name}?` : 'Vote'}
        description={`You have ${round.votes_left} of ${round.votes_per_person} votes left. You can take a vote back while voting is open.`}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            <Button busy={castVote.isPending} busyLabel="Voting..." onClick={() => confirming && castVote.mutate(confirming)}>
              Confirm vote
            </Button>
          </>
        }
      />
    </>
  );
}

/** The person's own votes with their receipts, for the closed round (and as a list to keep). */
export function MyVotes({ round }: { round: CurrentRound }) {
  const names = new Map(round.missions.map((mission) => [mission.mission_id, mission.name]));
  return (
    <section aria-labelledby="my-votes-title" className="flex flex-col gap-3">
      <h2 id="my-votes-title" className="text-xl font-semibold text-slate-50">
        Your votes
      </h2>
      {round.my_votes.length === 0 ? (
        <p className="text-slate-300">You did not vote in this round.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {round.my_votes.map((vote) => (
            <li key={vote.receipt} className="rounded-xl border border-slate-700 p-3">
              <p className="font-semibold break-words text-slate-50">{names.get(vote.mission_id) ?? 'A mission no longer shown'}</p>
              <p className="text-sm text-slate-300">
                Receipt: <ReceiptCode receipt={vote.receipt} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
