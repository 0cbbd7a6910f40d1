import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react';
import { toast } from 'sonner';
import { formatReceipt, type CurrentRound, type MyRoundVote, type RoundMission, type RoundVoteAnswer } from '@mc/contract';
import { Alert, Badge, Button, Card, Dialog } from '../../components/ui';
import { useAuth } from '../../lib/auth';
import { userMissionsQuery } from '../../lib/queries';
import { queryKeys } from '../../lib/queryKeys';
import { applyNewerState } from '../../lib/applyNewerState';
import { castRoundVote, withdrawRoundVote } from './roundsApi';
import { shownName } from '../../i18n/personNames';

/** A receipt code as the voter reads and compares it: monospace, in groups of four. */
export function ReceiptCode({ receipt }: { receipt: string }) {
  return <code className="font-mono text-sm break-all text-slate-100">{formatReceipt(receipt)}</code>;
}

function MissionText({ mission }: { mission: RoundMission }) {
  const { _ } = useLingui();
  return (
    <>
      <h3 className="text-lg font-semibold break-words text-slate-50">{mission.name}</h3>
      <p className="text-sm break-words text-slate-200">{mission.statement}</p>
      <p className="text-sm text-slate-300">
        {_('vote.card.team', { members: mission.team.length ? mission.team.map(shownName).join(', ') : _('vote.card.noMembers') })}
      </p>
    </>
  );
}

interface VoteActionsProps {
  mission: RoundMission;
  /** The person's votes for this mission (several only when the round allows it). */
  mine: MyRoundVote[];
  open: boolean;
  /** The person is on this mission's team and the round forbids voting for one's own mission. */
  ownTeam: boolean;
  canVoteAgain: boolean;
  noVotesLeft: boolean;
  withdrawing: boolean;
  onVote: () => void;
  onWithdraw: () => void;
}

/** Under one mission: the person's votes for it with their receipts, "Take back", and "Vote" (or "Vote again"). */
function VoteActions({ mission, mine, open, ownTeam, canVoteAgain, noVotesLeft, withdrawing, onVote, onWithdraw }: VoteActionsProps) {
  const { _ } = useLingui();
  const voted = mine.length > 0;
  return (
    <div className="mt-auto flex flex-col gap-2 pt-2">
      {voted ? (
        <>
          <Badge tone="success" className="self-start">
            {mine.length === 1 ? _('vote.card.votedOnce') : _('vote.card.votedMany', { count: mine.length })}
          </Badge>
          {mine.map((vote) => (
            <p key={vote.receipt} className="text-sm text-slate-300">
              <Trans id="vote.receipt" components={{ 0: <ReceiptCode receipt={vote.receipt} /> }} />
            </p>
          ))}
        </>
      ) : null}
      {open && ownTeam && !voted ? (
        // Never a "Vote" the server refuses after the confirmation (docs/product.md#vote-screen).
        <Badge tone="info" className="self-start">
          {_('vote.card.ownMission')}
        </Badge>
      ) : null}
      {open && !(ownTeam && !voted) ? (
        <div className="flex flex-wrap gap-2">
          {!voted || (canVoteAgain && !ownTeam) ? (
            <Button
              size={voted ? 'sm' : 'md'}
              disabled={!voted && noVotesLeft}
              onClick={onVote}
              aria-label={voted ? _('vote.card.voteAgainFor', { mission: mission.name }) : _('vote.card.voteFor', { mission: mission.name })}
            >
              {voted ? _('vote.card.voteAgain') : _('vote.card.vote')}
            </Button>
          ) : null}
          {voted ? (
            <Button
              variant="secondary"
              size="sm"
              busy={withdrawing}
              busyLabel={_('vote.card.takingBack')}
              onClick={onWithdraw}
              aria-label={mine.length === 1 ? _('vote.card.takeBackFor', { mission: mission.name }) : _('vote.card.takeBackOneFor', { mission: mission.name })}
            >
              {_('vote.card.takeBack')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

/** The round's missions; while it is open, each with "Vote" (confirmed first) or, once voted, its receipt and "Take back". */
export function VoteCards({ round }: { round: CurrentRound }) {
  const { _ } = useLingui();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<RoundMission | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const open = round.state === 'open';
  // The person's own teams: a round that forbids voting for one's own mission shows them without "Vote".
  const myMissions = useQuery({ ...userMissionsQuery(user?.id ?? null), enabled: !round.allow_own_mission && user !== null });
  const ownTeams = new Set(round.allow_own_mission ? [] : (myMissions.data ?? []).map((membership) => membership.mission_id));
  // A vote answers the person's votes only: the rest of the round stays as the screen has it.
  const settle = (answer: RoundVoteAnswer) =>
    applyNewerState<CurrentRound | null>(queryClient, queryKeys.currentRound(user?.id ?? null), (shown) =>
      shown && shown.round_id === answer.round_id ? { ...shown, state: answer.state, my_votes: answer.my_votes, votes_left: answer.votes_left } : shown,
    );
  const onError = (error: Error) => {
    setFailure(error.message);
    void queryClient.invalidateQueries({ queryKey: queryKeys.currentRound(user?.id ?? null) });
  };
  const castVote = useMutation({
    mutationFn: (mission: RoundMission) => castRoundVote(round.round_id, mission.mission_id),
    onMutate: () => setFailure(null),
    onSuccess: (answer, mission) => {
      settle(answer);
      setConfirming(null);
      toast.success(_('vote.toast.counted', { mission: mission.name }));
    },
    onError: (error) => {
      setConfirming(null);
      onError(error);
    },
  });
  const withdraw = useMutation({
    mutationFn: (mission: RoundMission) => withdrawRoundVote(round.round_id, mission.mission_id),
    onMutate: () => setFailure(null),
    onSuccess: (answer, mission) => {
      settle(answer);
      toast.success(_('vote.toast.takenBack', { mission: mission.name }));
    },
    onError,
  });

  return (
    <>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <h2 id="finalists-title" className="text-xl font-semibold text-slate-50">
        {_('vote.finalists')}
      </h2>
      <ul className="grid gap-4 md:grid-cols-2" aria-labelledby="finalists-title">
        {round.missions.map((mission) => (
          <li key={mission.mission_id}>
            <Card className="flex h-full flex-col gap-2" data-testid="round-mission">
              <MissionText mission={mission} />
              {mission.vote_count !== null ? (
                <p className="text-sm font-semibold text-sky-200">{_('mission.voteCount', { count: mission.vote_count })}</p>
              ) : null}
              <VoteActions
                mission={mission}
                mine={round.my_votes.filter((vote) => vote.mission_id === mission.mission_id)}
                open={open}
                ownTeam={ownTeams.has(mission.mission_id)}
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
        title={confirming ? _('vote.confirm.title', { mission: confirming.name }) : _('vote.card.vote')}
        description={_('vote.confirm.body', { left: round.votes_left, total: round.votes_per_person })}
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              {_('vote.confirm.cancel')}
            </Button>
            <Button busy={castVote.isPending} busyLabel={_('vote.confirm.voting')} onClick={() => confirming && castVote.mutate(confirming)}>
              {_('vote.confirm.submit')}
            </Button>
          </>
        }
      />
    </>
  );
}

/** The person's own votes with their receipts, for the closed round (and as a list to keep). */
export function MyVotes({ round }: { round: CurrentRound }) {
  const { _ } = useLingui();
  const names = new Map(round.missions.map((mission) => [mission.mission_id, mission.name]));
  return (
    <section aria-labelledby="my-votes-title" className="flex flex-col gap-3">
      <h2 id="my-votes-title" className="text-xl font-semibold text-slate-50">
        {_('vote.mine.title')}
      </h2>
      {round.my_votes.length === 0 ? (
        <p className="text-slate-300">{_('vote.mine.none')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {round.my_votes.map((vote) => (
            <li key={vote.receipt} className="rounded-xl border border-slate-700 p-3">
              <p className="font-semibold break-words text-slate-50">{names.get(vote.mission_id) ?? _('vote.mine.missionGone')}</p>
              <p className="text-sm text-slate-300">
                <Trans id="vote.receipt" components={{ 0: <ReceiptCode receipt={vote.receipt} /> }} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
