import { readFileSync } from 'node:fs';
import { ROUND_MESSAGES } from '@mc/contract';
import type { Db } from '../apps/server/src/db/db.ts';
import type { RunningServer } from '../apps/server/src/server.ts';
import { committed } from '../apps/server/src/kernel/effects.ts';
import { latencyFigures } from './latency.ts';
import type { LoadResult } from './load-types.ts';
import type { AcknowledgedVote, ClosingCommand, ClosingReply } from './closing-types.ts';
import { HelperProcess } from './helper-process.ts';

/**
 * The closing panel's vote (docs/product.md#voting-rounds): `people` each cast `votesEach` votes in a
 * round of `finalists`, on an open-loop schedule spread over a `windowSeconds` window, on ONE
 * instance, while `screens` /live and /vote screens follow it on the live channel. Then the
 * organiser closes it, and each screen shows "Voting closed" when the close's message reaches it.
 * Between their votes, people make `togglesEach` everyday toggles (Vote/Unvote, Subscribe) on the
 * same finalists, as the mission cards do: the two kinds of batch meet on the same mission rows.
 * Measures the votes' rate and latency (from each vote's scheduled moment), the delay from the close
 * to each screen, and checks the count is exact.
 */
export interface ClosingPanelOptions {
  server: RunningServer;
  organiserToken: string;
  /** Access tokens of the people, in order; user ids alike. */
  tokens: string[];
  userIds: string[];
  finalists: string[];
  people: number;
  votesEach: number;
  /** Everyday toggles per person (at most votesEach), alternately Vote/Unvote and Subscribe/Unsubscribe. */
  togglesEach: number;
  screens: number;
  windowSeconds: number;
}

export interface ClosingPanelFigures {
  votes: LoadResult;
  /** The everyday toggles mixed into the room's votes: how many were answered, their p99 (ms) and errors. */
  toggles: { answered: number; p99: number; errors: number; errorSamples: string[] };
  acknowledged: number;
  screens: number;
  screensConnectSeconds: number;
  /** Close → "Voting closed" on each screen, ms: p50, p99, max, and how many screens got there. */
  closed: { p50: number; p99: number; max: number; screens: number };
  closeAnswerMs: number;
  /** How late the client sent the votes after their scheduled moments, ms (p99): a busy client shows here, and in the latency. */
  sendLagP99: number;
  /** The votes' p99 latency in each tenth of the window, by when they were due: a burst shows as one slice, a slow server as all. */
  p99BySlice: number[];
  /** Statements the server sent to the database while the room voted, per vote (the live channel's reads included). */
  statementsPerVote: number;
  /** CPU time of the server's process (the server and, on PGlite, its database) per vote answered, ms. */
  cpuPerVoteMs: number;
  checks: { name: string; ok: boolean; detail: string }[];
}

/** A helper process (bench/closing-worker.ts): the voters, or the screens. */
export function closingHelper(): HelperProcess<ClosingCommand, ClosingReply> {
  return new HelperProcess(new URL('./closing-worker.ts', import.meta.url), { kind: 'end' });
}

async function rpc(url: string, token: string, name: string, body: unknown): Promise<{ status: number; text: string }> {
  const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  return { status: response.status, text: await response.text() };
}

/**
 * Opens a round of `finalists` with `votesEach` votes a person, as the console would (own missions
 * allowed, so every person's choice is valid), closing any round still open; answers its id.
 */
export async function openBenchRound(db: Db, name: string, finalists: string[], votesEach: number): Promise<string> {
  await db.query(`update vote_rounds set state = 'closed', closed_at = now() where state = 'open'`);
  const [round] = await db.query<{ round_id: string }>(
    `insert into vote_rounds (name, votes_per_person, allow_own_mission, all_missions, state, opened_at)
     values ($1, $2, true, false, 'open', now()) returning round_id`,
    [name, votesEach],
  );
  const roundId = round!.round_id;
  await db.query('insert into vote_round_missions (round_id, mission_id) select $1, unnest($2::uuid[])', [roundId, finalists]);
  committed(db, (effects) => effects.roundChanged(roundId));
  return roundId;
}

export async function closingPanelScenario(options: ClosingPanelOptions): Promise<ClosingPanelFigures> {
  const { server, tokens, userIds, finalists, people, votesEach, togglesEach, screens, windowSeconds } = options;
  const { db, url } = server;
  const roundId = await openBenchRound(db, 'Closing panel (bench)', finalists, votesEach);

  const screenHelper = closingHelper();
  const voteHelper = closingHelper();
  try {
    process.stdout.write(`  connecting ${screens} /live and /vote screens … `);
    const screenTokens = Array.from({ length: screens }, (_, i) => tokens[i % tokens.length]!);
    const connected = await screenHelper.ask({ kind: 'screens', url, tokens: screenTokens, roundId }, 'screens');
    console.log(
      `${connected.connected} ready in ${connected.seconds.toFixed(1)} s, ${connected.failed} failed${connected.errors[0] ? ` (${connected.errors[0]})` : ''}`,
    );

    process.stdout.write(`  ${people} people cast ${votesEach} votes each within ${windowSeconds} s … `);
    const voters = Array.from({ length: people }, (_, i) => ({
      token: tokens[i]!,
      missions: Array.from({ length: votesEach }, (_, k) => finalists[(i + k) % finalists.length]!),
      toggles: Array.from({ length: Math.min(togglesEach, votesEach) }, (_, k) => ({
        procedure: k % 2 === 0 ? ('toggle_mission_vote' as const) : ('toggle_mission_subscription' as const),
        // The other way round the finalists from the person's votes, so the two kinds meet the missions in opposite orders.
        missionId: finalists[(finalists.length - ((i + k) % finalists.length)) % finalists.length]!,
      })),
    }));
    const cpu = process.cpuUsage();
    const counting = countStatements(db);
    const droppedBefore = listenQueueDrops();
    const voted = await voteHelper.ask({ kind: 'votes', url, roundId, voters, windowMs: windowSeconds * 1000, thinkMs: 1000 }, 'votes');
    const used = process.cpuUsage(cpu);
    const statements = counting.stop();
    const droppedAfter = listenQueueDrops();
    const synDrops = droppedBefore === null || droppedAfter === null ? null : droppedAfter - droppedBefore;
    const cpuPerVoteMs = (used.user + used.system) / 1000 / Math.max(1, voted.latencies.length);
    const figures = latencyFigures(voted.latencies, voted.seconds);
    const sendLagP99 = latencyFigures(voted.sendLags, voted.seconds).p99;
    const statementsPerVote = statements / Math.max(1, voted.latencies.length);
    console.log(
      `${voted.acknowledged.length} acknowledged, ${figures.perSecond.toFixed(0)}/s, p99 ${figures.p99} ms, ${voted.errors} errors${voted.errorSamples[0] ? ` (${voted.errorSamples[0]})` : ''}; server CPU ${cpuPerVoteMs.toFixed(1)} ms and ${statementsPerVote.toFixed(2)} statements per vote; sent p99 ${sendLagP99} ms late; ${synDrops ?? '?'} connection attempts dropped by full listen queues (machine-wide)`,
    );
    const toggles = {
      answered: voted.toggleLatencies.length,
      p99: latencyFigures(voted.toggleLatencies, voted.seconds).p99,
      errors: voted.toggleErrors,
      errorSamples: voted.toggleErrorSamples,
    };
    console.log(
      `  mixed in: ${toggles.answered} everyday toggles on the same missions, p99 ${toggles.p99} ms, ${toggles.errors} errors${toggles.errorSamples[0] ? ` (${toggles.errorSamples[0]})` : ''}`,
    );
    const bySlice = p99BySlice(voted.latencies, voted.scheduled, windowSeconds * 100);
    console.log(`  p99 by tenth of the window (when the votes were due): ${bySlice.map((ms) => `${ms} ms`).join(', ')}`);

    process.stdout.write('  the organiser closes the round … ');
    const sentAt = Date.now();
    const closing = await rpc(url, options.organiserToken, 'close_vote_round', { p_round_id: roundId });
    const closeAnswerMs = Date.now() - sentAt;
    if (closing.status !== 200) throw new Error(`close_vote_round: ${closing.status} ${closing.text}`);
    const seen = await screenHelper.ask({ kind: 'closed', sentAt, waitMs: 15_000 }, 'closed');
    const sorted = [...seen.delays].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
    const closed = { p50: at(0.5), p99: at(0.99), max: sorted.at(-1) ?? NaN, screens: sorted.length };
    console.log(`answered in ${closeAnswerMs} ms; "Voting closed" on ${closed.screens}/${seen.screens} screens, p99 ${closed.p99} ms`);

    const checks = await exactness(server, roundId, userIds, tokens[0]!, voted.acknowledged, people * votesEach, voted.errors);
    return {
      votes: { ...figures, errors: voted.errors, non2xx: 0, answers: {}, errorSamples: voted.errorSamples },
      toggles,
      acknowledged: voted.acknowledged.length,
      screens: connected.connected,
      screensConnectSeconds: connected.seconds,
      closed,
      closeAnswerMs,
      sendLagP99,
      p99BySlice: bySlice,
      statementsPerVote,
      cpuPerVoteMs,
      checks: [
        ...checks,
        {
          name: 'everyday toggles mixed into the round: none failed, mission counts = rows',
          ok: toggles.errors === 0 && toggles.answered === people * Math.min(togglesEach, votesEach) && (await countsMatchRows(db, finalists)),
          detail: `${toggles.answered} answered, ${toggles.errors} errors`,
        },
        {
          name: 'every screen showed "Voting closed"',
          ok: closed.screens === screens && connected.connected === screens,
          detail: `${closed.screens}/${screens} screens`,
        },
      ],
    };
  } finally {
    screenHelper.end();
    voteHelper.end();
  }
}

/** The kept vote and subscription counts of `missions` equal their rows. */
async function countsMatchRows(db: Db, missions: string[]): Promise<boolean> {
  const wrong = await db.query(
    `select mission_id from missions m where mission_id = any($1::uuid[])
        and (vote_count <> (select count(*) from mission_votes v where v.mission_id = m.mission_id)
             or subscription_count <> (select count(*) from mission_subscriptions s where s.mission_id = m.mission_id))`,
    [missions],
  );
  return wrong.length === 0;
}

/** p99 of the latencies whose scheduled moment falls in each `sliceMs` of the window. */
function p99BySlice(latencies: number[], scheduled: number[], sliceMs: number): number[] {
  const slices: number[][] = [];
  latencies.forEach((latency, i) => {
    const slice = Math.floor((scheduled[i] ?? 0) / sliceMs);
    (slices[slice] ??= []).push(latency);
  });
  return Array.from(slices, (slice) => (slice ? latencyFigures(slice, 1).p99 : 0));
}

/**
 * Connection attempts the kernel dropped because a listening socket's queue was full, on the whole
 * machine (Linux's TcpExt ListenOverflows), or null where it cannot be read. A dropped SYN is sent
 * again after 1, 3, 7, 15, 31 s: a vote that waits that long waited for its connection.
 */
function listenQueueDrops(): number | null {
  try {
    const lines = readFileSync('/proc/net/netstat', 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('TcpExt:'));
    const names = lines[0]?.split(/\s+/) ?? [];
    const values = lines[1]?.split(/\s+/) ?? [];
    const at = names.indexOf('ListenOverflows');
    return at > 0 && values[at] !== undefined ? Number(values[at]) : null;
  } catch {
    return null;
  }
}

/** Counts the statements sent on `db` (by any request or background job of the server) until stop(). */
function countStatements(db: Db): { stop: () => number } {
  const query = db.query;
  const original: Db['query'] = query.bind(db);
  let statements = 0;
  db.query = <Row>(sql: string, params?: readonly unknown[]) => {
    statements += 1;
    return original<Row>(sql, params);
  };
  return {
    stop: () => {
      db.query = query;
      return statements;
    },
  };
}

/** The count is exact: every acknowledged vote is a row, under its mission, each person within their votes, counts = rows. */
async function exactness(
  server: RunningServer,
  roundId: string,
  userIds: string[],
  lateToken: string,
  acknowledged: AcknowledgedVote[],
  sent: number,
  errors: number,
): Promise<{ name: string; ok: boolean; detail: string }[]> {
  const { db, url } = server;
  const rows = await db.query<{ user_id: string; mission_id: string; receipt: string }>(
    'select user_id, mission_id, receipt from round_votes where round_id = $1',
    [roundId],
  );
  const byReceipt = new Map(rows.map((row) => [row.receipt, row]));
  const lost = acknowledged.filter((vote) => {
    const row = byReceipt.get(vote.receipt);
    return !row || row.mission_id !== vote.missionId || row.user_id !== userIds[vote.voter];
  });
  const [doubled] = await db.query<{ n: number }>(
    `select count(*)::int as n from (select user_id, mission_id from round_votes where round_id = $1 group by 1, 2 having count(*) > 1) d`,
    [roundId],
  );
  const counted = await db.query<{ mission_id: string; votes: number }>(
    `select s.mission_id, (select count(*)::int from round_votes v where v.round_id = s.round_id and v.mission_id = s.mission_id) as votes
       from vote_round_missions s where s.round_id = $1`,
    [roundId],
  );
  const total = counted.reduce((sum, row) => sum + row.votes, 0);
  const late = await rpc(url, lateToken, 'cast_round_vote', { p_round_id: roundId, p_mission_id: counted[0]?.mission_id });
  return [
    {
      name: 'round votes: rows = acknowledged answers, none lost or doubled, counts = rows',
      ok: rows.length === acknowledged.length && lost.length === 0 && doubled?.n === 0 && total === rows.length && errors === 0 && acknowledged.length === sent,
      detail: `${rows.length} rows, ${acknowledged.length}/${sent} acknowledged, ${lost.length} lost, ${doubled?.n ?? '?'} doubled, Σ counts ${total}, ${errors} errors`,
    },
    {
      name: 'a vote after the close is refused with "Voting has closed"',
      ok: late.status === 400 && late.text.includes(ROUND_MESSAGES.closed),
      detail: `${late.status} ${late.text.slice(0, 120)}`,
    },
  ];
}

export function printClosingPanel(figures: ClosingPanelFigures): void {
  const { votes, closed } = figures;
  console.log(
    `closing panel: ${figures.acknowledged} round votes on one instance with ${figures.screens} screens connected (in ${figures.screensConnectSeconds.toFixed(1)} s):`,
  );
  console.log(
    `  everyday toggles mixed in: ${figures.toggles.answered}, p99 ${figures.toggles.p99} ms, ${figures.toggles.errors} errors (target 0 errors) → ${figures.toggles.errors === 0 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `  votes: ${votes.perSecond.toFixed(0)}/s over ${votes.seconds.toFixed(0)} s, p50 ${votes.p50} ms, p99 ${votes.p99} ms, ${votes.errors} errors, ` +
      `server CPU ${figures.cpuPerVoteMs.toFixed(1)} ms and ${figures.statementsPerVote.toFixed(2)} statements per vote, the client sent p99 ${figures.sendLagP99} ms after the schedule ` +
      `(target p99 < 250 ms) → ${votes.p99 < 250 && votes.errors === 0 ? 'MET' : 'NOT MET'}`,
  );
  console.log(
    `  close → "Voting closed" on the screens: p50 ${closed.p50} ms, p99 ${closed.p99} ms, max ${closed.max} ms on ${closed.screens} screens ` +
      `(the close answered in ${figures.closeAnswerMs} ms) (target p99 < 1,000 ms) → ${closed.p99 < 1_000 && closed.screens === figures.screens ? 'MET' : 'NOT MET'}`,
  );
}
