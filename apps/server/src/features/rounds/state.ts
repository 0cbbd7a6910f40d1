import { ROUND_AUDIT_KINDS, ROUND_MESSAGES, type RoundState } from '@mc/contract';
import { sqlState, type Db, type Queryable } from '../../db/db.ts';
import { businessError } from '../../http/errors.ts';
import { recordAudit, type Actor } from '../../kernel/audit.ts';
import { transaction } from '../../kernel/effects.ts';

/** Who the audit log names for what the schedule did: the database's clock, not a person. */
export const SCHEDULE_ACTOR: Actor = { userId: null, label: 'schedule' };

/** The unique index that allows one open round at a time (migration 017). */
export const ONE_OPEN_INDEX = 'vote_rounds_one_open';

export function constraintOf(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'constraint' in error && typeof error.constraint === 'string') return error.constraint;
  return undefined;
}

/**
 * Applies the schedule by the database's clock: a round past its closing time closes, then the
 * earliest draft past its opening time opens when no round is open. Every instance calls this
 * every second and before each read, so the state flips everywhere at once; the updates are
 * conditional on the state, so two instances doing it together change each round once.
 * Answers the ids of the rounds it changed (for the live channel).
 */
export async function advanceRounds(db: Db): Promise<string[]> {
  return (await advanceRoundsTimed(db)).changed;
}

/**
 * advanceRounds, also answering in how many milliseconds the next scheduled opening or closing
 * falls (null: none is set), so the schedule can wake at that moment rather than on its next tick.
 */
export async function advanceRoundsTimed(db: Db): Promise<{ changed: string[]; nextInMs: number | null }> {
  const [due] = await db.query<{ due: boolean; next_in_ms: number | null }>(
    `select exists (select 1 from vote_rounds
                     where (state = 'draft' and opens_at <= now() and (closes_at is null or closes_at > now())
                            and not exists (select 1 from vote_rounds o where o.state = 'open'))
                        or (state = 'open' and closes_at <= now())) as due,
            (extract(epoch from (select min(moment) from (
               select closes_at as moment from vote_rounds where state = 'open' and closes_at > now()
               union all
               select opens_at from vote_rounds where state = 'draft' and opens_at > now()) upcoming) - now()) * 1000)::float8 as next_in_ms`,
  );
  const nextInMs = due?.next_in_ms ?? null;
  if (!due?.due) return { changed: [], nextInMs };
  try {
    return await transaction(db, async (tx) => {
      const closed = await tx.query<{ round_id: string; name: string }>(
        `update vote_rounds set state = 'closed', closed_at = closes_at, updated_at = now()
          where state = 'open' and closes_at <= now() returning round_id, name`,
      );
      const opened = await tx.query<{ round_id: string; name: string }>(
        `update vote_rounds set state = 'open', opened_at = now(), updated_at = now()
          where state = 'draft' and round_id = (
            select round_id from vote_rounds
             where state = 'draft' and opens_at <= now() and (closes_at is null or closes_at > now())
               and not exists (select 1 from vote_rounds o where o.state = 'open')
             order by opens_at, round_id limit 1)
          returning round_id, name`,
      );
      for (const round of closed) await recordTransition(tx, SCHEDULE_ACTOR, round.name, 'open', 'closed');
      for (const round of opened) await recordTransition(tx, SCHEDULE_ACTOR, round.name, 'draft', 'open');
      for (const round of [...closed, ...opened]) tx.effects.roundChanged(round.round_id, 'state');
      return { changed: [...closed, ...opened].map((round) => round.round_id), nextInMs };
    });
  } catch (error) {
    // Another instance opened a round in the same moment: its change stands, this one waits a turn.
    if (sqlState(error) === '23505' && constraintOf(error) === ONE_OPEN_INDEX) return { changed: [], nextInMs };
    throw error;
  }
}

async function recordTransition(tx: Queryable, actor: Actor, name: string, from: RoundState, to: RoundState): Promise<void> {
  const kind = to === 'open' ? ROUND_AUDIT_KINDS.opened : to === 'closed' ? ROUND_AUDIT_KINDS.closed : ROUND_AUDIT_KINDS.revealed;
  await recordAudit(tx, { actor, kind, subject: name, before: { state: from }, after: { state: to } });
}

const TRANSITIONS = {
  open: { from: 'draft', set: `state = 'open', opened_at = now()` },
  closed: { from: 'open', set: `state = 'closed', closed_at = now()` },
  revealed: { from: 'closed', set: `state = 'revealed', revealed_at = now()` },
} as const;

/** Why a round in `state` cannot go to `to`, in the words the organiser reads. */
function refusal(state: RoundState, to: keyof typeof TRANSITIONS): string {
  if (to === 'open') return ROUND_MESSAGES.alreadyOpened;
  if (to === 'closed') return state === 'draft' ? ROUND_MESSAGES.notOpenedYet : ROUND_MESSAGES.alreadyClosed;
  return state === 'revealed' ? ROUND_MESSAGES.alreadyRevealed : ROUND_MESSAGES.revealNeedsClose;
}

/**
 * Moves a round on by an organiser's hand, in one transaction with its audit entry. The row is
 * locked first: a close waits for the votes being written and every vote after it sees "closed".
 */
export async function moveRound(db: Db, roundId: string, to: keyof typeof TRANSITIONS, actor: Actor): Promise<void> {
  const step = TRANSITIONS[to];
  try {
    await transaction(db, async (tx) => {
      const [round] = await tx.query<{ name: string; state: RoundState; closing_passed: boolean }>(
        `select name, state, coalesce(closes_at <= now(), false) as closing_passed from vote_rounds where round_id = $1 for update`,
        [roundId],
      );
      if (!round) throw businessError(ROUND_MESSAGES.notFound);
      if (round.state !== step.from) throw businessError(refusal(round.state, to));
      if (to === 'open' && round.closing_passed) throw businessError(ROUND_MESSAGES.closeInPast);
      await tx.query(`update vote_rounds set ${step.set}, updated_at = now() where round_id = $1`, [roundId]);
      await recordTransition(tx, actor, round.name, round.state, to);
      tx.effects.roundChanged(roundId, 'state');
      // The bell tells the voters and the finalists' followers, saved with the reveal or not at all.
      if (to === 'revealed') {
        await tx.query('select record_round_revealed($1, $2)', [roundId, actor.userId]);
        tx.effects.roundChanged(roundId, 'revealed');
        tx.effects.notificationsWritten();
      }
    });
  } catch (error) {
    if (sqlState(error) === '23505' && constraintOf(error) === ONE_OPEN_INDEX) throw businessError(ROUND_MESSAGES.anotherOpen);
    throw error;
  }
}
