import { normaliseReceipt, ROUND_MESSAGES, type OrganiserRound, type ReceiptCheck, type RoundVoteAnswer } from '@mc/contract';
import type { Db } from '../../db/db.ts';
import { businessError, invalidParameter } from '../../http/errors.ts';
import { procedure, type CallContext } from '../../rpc/procedure.ts';
import { organiserProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { currentRoundId, findSettings, myVotes, organiserRounds, roundFor, roundResult, voteAnswer } from './queries.ts';
import { createRound, setCloseTime, updateRound } from './settings.ts';
import { advanceRounds, moveRound } from './state.ts';
import { castInBatch, castVote } from './vote-batches.ts';
import { withdrawVote } from './votes.ts';

/** Applies the schedule before a read, so whichever instance answers, it answers by the database's clock. */
async function advance(db: Db): Promise<void> {
  await advanceRounds(db);
}

async function organiserRound(ctx: CallContext, roundId: string): Promise<OrganiserRound> {
  const [round] = await organiserRounds(ctx.db, roundId);
  if (!round) throw businessError(ROUND_MESSAGES.notFound);
  return round;
}

async function attendeeVotes(ctx: CallContext, roundId: string): Promise<RoundVoteAnswer> {
  const answer = await voteAnswer(ctx.db, roundId, ctx.userId);
  if (!answer) throw businessError(ROUND_MESSAGES.notFound);
  return answer;
}

/** The round as the console shows it after a change (which declared its own effects, state.ts and settings.ts). */
async function changed(ctx: CallContext, roundId: string): Promise<OrganiserRound> {
  return organiserRound(ctx, roundId);
}

/** Voting rounds: the organisers' side (console) and the attendees' (/vote, /live). */
export const roundsProcedures = {
  create_vote_round: organiserProcedure('create_vote_round', async (params, ctx) => changed(ctx, await createRound(ctx.db, params, actorOf(ctx)))),

  update_vote_round: organiserProcedure('update_vote_round', async ({ p_round_id, ...settings }, ctx) => {
    await updateRound(ctx.db, p_round_id, settings, actorOf(ctx));
    return changed(ctx, p_round_id);
  }),

  set_vote_round_close: organiserProcedure('set_vote_round_close', async (params, ctx) => {
    await advance(ctx.db);
    await setCloseTime(ctx.db, params.p_round_id, params.p_closes_at, actorOf(ctx));
    return changed(ctx, params.p_round_id);
  }),

  open_vote_round: organiserProcedure('open_vote_round', async (params, ctx) => {
    await advance(ctx.db);
    await moveRound(ctx.db, params.p_round_id, 'open', actorOf(ctx));
    return changed(ctx, params.p_round_id);
  }),

  close_vote_round: organiserProcedure('close_vote_round', async (params, ctx) => {
    await advance(ctx.db);
    await moveRound(ctx.db, params.p_round_id, 'closed', actorOf(ctx));
    return changed(ctx, params.p_round_id);
  }),

  reveal_vote_round: organiserProcedure('reveal_vote_round', async (params, ctx) => {
    await advance(ctx.db);
    await moveRound(ctx.db, params.p_round_id, 'revealed', actorOf(ctx));
    return organiserRound(ctx, params.p_round_id);
  }),

  list_vote_rounds: organiserProcedure('list_vote_rounds', async (_params, ctx) => {
    await advance(ctx.db);
    return organiserRounds(ctx.db);
  }),

  get_current_vote_round: procedure('get_current_vote_round', async (_params, ctx) => {
    await advance(ctx.db);
    const roundId = await currentRoundId(ctx.db);
    return roundId ? roundFor(ctx.db, roundId, ctx.userId) : null;
  }),

  cast_round_vote: procedure('cast_round_vote', async (params, ctx) => {
    // Most votes are cast in a batch with the others arriving together, which also refuses a vote
    // the round's rules do not allow; one that lost a race is cast again alone.
    const cast = await castInBatch(ctx.db, params.p_round_id, params.p_mission_id, ctx.userId);
    if (cast) return cast;
    await castVote(ctx.db, params.p_round_id, params.p_mission_id, ctx.userId);
    return attendeeVotes(ctx, params.p_round_id);
  }),

  withdraw_round_vote: procedure('withdraw_round_vote', async (params, ctx) => {
    await withdrawVote(ctx.db, params.p_round_id, params.p_mission_id, ctx.userId);
    return attendeeVotes(ctx, params.p_round_id);
  }),

  get_my_round_votes: procedure('get_my_round_votes', async (params, ctx) => {
    if (!(await findSettings(ctx.db, params.p_round_id))) throw businessError(ROUND_MESSAGES.notFound);
    return myVotes(ctx.db, params.p_round_id, ctx.userId);
  }),

  /** Anyone signed in, once the round is revealed: the counts and the receipts of exactly the counted votes. */
  get_vote_round_result: procedure('get_vote_round_result', async (params, ctx) => {
    await advance(ctx.db);
    const settings = await findSettings(ctx.db, params.p_round_id);
    if (!settings) throw businessError(ROUND_MESSAGES.notFound);
    if (settings.state !== 'revealed') throw businessError(ROUND_MESSAGES.notRevealed);
    return roundResult(ctx.db, settings);
  }),

  check_vote_receipt: procedure('check_vote_receipt', async (params, ctx): Promise<ReceiptCheck> => {
    const receipt = normaliseReceipt(params.p_receipt);
    if (!receipt) throw invalidParameter(ROUND_MESSAGES.malformedReceipt);
    const settings = await findSettings(ctx.db, params.p_round_id);
    if (!settings) throw businessError(ROUND_MESSAGES.notFound);
    if (settings.state !== 'revealed') throw businessError(ROUND_MESSAGES.notRevealed);
    const [row] = await ctx.db.query<{ mission_id: string; name: string }>(
      `select m.mission_id, m.name from round_votes v join missions m on m.mission_id = v.mission_id
        where v.round_id = $1 and v.receipt = $2 and m.hidden_at is null`,
      [params.p_round_id, receipt],
    );
    return { counted: row !== undefined, mission_id: row?.mission_id ?? null, mission_name: row?.name ?? null };
  }),
};
