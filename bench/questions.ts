// The room upvoting one question (docs/product.md#questions): every vote counted once, and how long
// the projector takes to show it.
import WebSocket from 'ws';
import { encodeDateOfBirth, LIVE_SOCKET_PATH, questionsTopic, type LiveServerMessage, type QuestionsLiveEvent } from '@mc/contract';
import { load, settle } from './harness.ts';
import type { LoadResult } from './load-types.ts';
import { checks, rows } from './report.ts';
import type { Bench } from './setup.ts';

const PART = 's2p1';

export interface QuestionsFigures {
  people: number;
  votes: LoadResult;
  counted: number;
  shown: number;
  /** Vote committed → the projector's first message counting it, ms. */
  delay: { p50: number; p95: number; max: number; missing: number };
  messages: number;
}

/** A projector following the part's topic, recording each message's moment and the top count. */
async function projector(url: string, token: string): Promise<{ seen: { at: number; count: number }[]; close: () => void }> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`);
  const seen: { at: number; count: number }[] = [];
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString()) as LiveServerMessage;
      if (message.type === 'ready') socket.send(JSON.stringify({ type: 'subscribe', topics: [questionsTopic(PART)] }));
      else if (message.type === 'subscribed') resolve();
      else if (message.type === 'event') seen.push({ at: Date.now(), count: (message.data as QuestionsLiveEvent).questions[0]?.vote_count ?? 0 });
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
  });
  return { seen, close: () => socket.close() };
}

/**
 * `people` seeded people upvote one question as fast as 100 connections send (the room within 10
 * seconds), while a projector follows the part. Checks that the count is exactly `people` and
 * measures, for every vote, the delay from its commit to the projector's first message that counts it.
 */
export async function runQuestionsScenario(bench: Bench, people: number): Promise<QuestionsFigures> {
  const { db, url, token, rpc } = bench;
  await db.query(`insert into part_question_settings (part_id, asking) values ($1, 'open') on conflict (part_id) do update set asking = 'open'`, [PART]);
  // The asker is someone new, so every seeded person may upvote (nobody upvotes their own question).
  const signedUp = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'bench' },
    body: JSON.stringify({
      email: `asker.${Date.now()}@example.org`,
      password: encodeDateOfBirth('1990-01-01'),
      data: { first_name: 'Room', last_name: 'Asker', date_of_birth: encodeDateOfBirth('1990-01-01'), mobile_number: '+27821234567' },
    }),
  });
  const askerToken = ((await signedUp.json()) as { access_token?: string }).access_token;
  if (!askerToken) throw new Error('the asker could not sign up');
  const asked = await fetch(`${url}${rpc('ask_question')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${askerToken}` },
    body: JSON.stringify({ p_part_id: PART, p_body: `Which question wins the room? ${Date.now()}` }),
  });
  const answer = (await asked.json()) as { questions: { question_id: string; mine: boolean }[] };
  const questionId = answer.questions.find((question) => question.mine)?.question_id;
  if (!questionId) throw new Error(`ask_question answered ${JSON.stringify(answer)}`);
  const screen = await projector(url, askerToken);

  process.stdout.write(`  ${people} people upvote one question … `);
  const voters = Array.from({ length: people }, (_, index) => index + 1);
  const votes = await load({
    url,
    connections: 100,
    duration: 60,
    amount: people,
    requests: voters.map((n) => ({ path: rpc('vote_question'), body: JSON.stringify({ p_question_id: questionId, p_up: true }), token: token(n) })),
  });
  await settle(db);
  const deadline = Date.now() + 10_000;
  while ((screen.seen.at(-1)?.count ?? 0) < people && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  screen.close();
  console.log(`${votes.perSecond.toFixed(0)}/s, p99 ${votes.p99} ms, ${votes.errors} errors, in ${votes.seconds.toFixed(1)} s`);
  rows.push({ scenario: `vote_question: ${people} people on one question`, connections: 100, users: people, result: votes });

  const [row] = await db.query<{ n: number }>('select count(*)::int as n from question_votes where question_id = $1', [questionId]);
  const counted = row?.n ?? 0;
  const committed = await db.query<{ at: string | Date }>('select voted_at as at from question_votes where question_id = $1 order by voted_at', [questionId]);
  const delays: number[] = [];
  let missing = 0;
  committed.forEach((vote, index) => {
    const shown = screen.seen.find((message) => message.count >= index + 1);
    if (shown) delays.push(Math.max(0, shown.at - new Date(vote.at).getTime()));
    else missing += 1;
  });
  const sorted = [...delays].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  const shown = screen.seen.at(-1)?.count ?? 0;
  checks.push({
    name: `${people} upvotes on one question: none lost, none counted twice, the projector shows them all`,
    ok: counted === people && votes.errors === 0 && shown === people,
    detail: `${counted} counted, ${votes.errors} errors, the projector's last message ${shown}`,
  });
  return { people, votes, counted, shown, delay: { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? NaN, missing }, messages: screen.seen.length };
}

export function printQuestions(figures: QuestionsFigures): void {
  console.log(
    `questions: ${figures.people} people upvoted one question in ${figures.votes.seconds.toFixed(1)} s (${figures.votes.perSecond.toFixed(0)}/s, p99 ${figures.votes.p99} ms); ` +
      `counted ${figures.counted}, projector showed ${figures.shown} in ${figures.messages} messages; ` +
      `commit → projector p50 ${figures.delay.p50} ms, p95 ${figures.delay.p95} ms, max ${figures.delay.max} ms${figures.delay.missing ? `, ${figures.delay.missing} never shown` : ''}`,
  );
}
