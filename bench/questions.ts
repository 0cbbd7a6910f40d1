// The room upvoting one question (docs/product.md#questions): every upvote counted once, on the
// room's pace, and how long the projector takes to show it.
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { encodeDateOfBirth, questionsTopic } from '@mc/contract';
import { settle } from './harness.ts';
import { checks, rows } from './report.ts';
import type { Bench } from './setup.ts';
import type { UpvoteFigures, UpvoteJob } from './upvote-types.ts';

const PART = 's2p1';
/** The room's pace: everyone upvotes within this many seconds. */
const ROOM_SECONDS = Number(process.env.BENCH_QUESTION_SECONDS ?? 10);
/** One person in ten presses a second time: an upvote given again must change nothing. */
const REPEAT_SHARE = 0.1;
/** The promise: the projector shows a new count within this long of the upvote's answer, at p95. */
const PROJECTOR_P95_MS = 1_000;

export interface QuestionsFigures extends UpvoteFigures {
  people: number;
  repeats: number;
  counted: number;
}

/** Runs the upvotes and the projector-like subscriber in a child process, on one clock of their own. */
function upvoteFromAnotherProcess(job: UpvoteJob): Promise<UpvoteFigures> {
  return new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./upvote-worker.ts', import.meta.url)), { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
    let settled = false;
    child.once('message', (message: { ok: true; figures: UpvoteFigures } | { ok: false; error: string }) => {
      settled = true;
      if (message.ok) resolve(message.figures);
      else reject(new Error(message.error));
      child.disconnect();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (!settled) reject(new Error(`upvote worker exited with ${code}`));
    });
    child.send(job);
  });
}

/** A new person (not seeded, so every seeded person may upvote) asks the question; its id. */
async function askOne(bench: Bench): Promise<{ questionId: string; askerToken: string }> {
  const { url, rpc } = bench;
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
  return { questionId, askerToken };
}

/**
 * `people` seeded people upvote one question within ROOM_SECONDS (evenly paced, at most 100 in
 * flight), one in ten of them twice, while a projector-like subscriber follows the part's live
 * topic. Checks that the database counts exactly `people` and that the projector's last message
 * shows them all; measures, for every upvote, the delay from its answer to the projector's first
 * message counting at least what that answer counted (target p95 ≤ 1 s).
 */
export async function runQuestionsScenario(bench: Bench, people: number): Promise<QuestionsFigures> {
  const { db, url, token, rpc } = bench;
  await db.query(`insert into part_question_settings (part_id, asking) values ($1, 'open') on conflict (part_id) do update set asking = 'open'`, [PART]);
  const { questionId, askerToken } = await askOne(bench);
  const repeats = Math.floor(people * REPEAT_SHARE);

  process.stdout.write(`  ${people} people upvote one question within ${ROOM_SECONDS} s (${repeats} of them twice) … `);
  const figures = await upvoteFromAnotherProcess({
    url,
    path: rpc('vote_question'),
    questionId,
    topic: questionsTopic(PART),
    projectorToken: askerToken,
    tokens: Array.from({ length: people }, (_, index) => token(index + 1)),
    repeats,
    seconds: ROOM_SECONDS,
    connections: 100,
  });
  await settle(db);
  console.log(`${(figures.sent / figures.seconds).toFixed(0)}/s, p99 ${figures.p99} ms, ${figures.errors} errors, in ${figures.seconds.toFixed(1)} s`);
  rows.push({
    scenario: `vote_question: ${people} people on one question within ${ROOM_SECONDS} s`,
    connections: 100,
    users: people,
    result: {
      requests: figures.sent,
      seconds: figures.seconds,
      perSecond: figures.sent / figures.seconds,
      p50: figures.p50,
      p99: figures.p99,
      errors: figures.errors,
      non2xx: figures.errors,
      answers: {},
      errorSamples: figures.errorSamples,
    },
  });

  const [row] = await db.query<{ n: number }>('select count(*)::int as n from question_votes where question_id = $1', [questionId]);
  const counted = row?.n ?? 0;
  checks.push({
    name: `${people} upvotes on one question (${repeats} given twice): none lost, none counted twice, the projector shows them all`,
    ok: counted === people && figures.errors === 0 && figures.ok === figures.sent && figures.shown === people,
    detail: `${counted} counted, ${figures.errors} errors, the projector's last message ${figures.shown}`,
  });
  checks.push({
    name: `the projector shows each upvote within ${PROJECTOR_P95_MS} ms of its answer at p95`,
    ok: figures.delay.p95 <= PROJECTOR_P95_MS && figures.delay.missing === 0,
    detail: `p50 ${figures.delay.p50} ms, p95 ${figures.delay.p95} ms, max ${figures.delay.max} ms, ${figures.delay.missing} never shown`,
  });
  return { ...figures, people, repeats, counted };
}

export function printQuestions(figures: QuestionsFigures): void {
  console.log(
    `questions: ${figures.people} people (${figures.repeats} twice) upvoted one question in ${figures.seconds.toFixed(1)} s ` +
      `(${(figures.sent / figures.seconds).toFixed(0)}/s, p50 ${figures.p50} ms, p99 ${figures.p99} ms); ` +
      `counted ${figures.counted}, projector showed ${figures.shown} in ${figures.messages} messages; ` +
      `answer → projector p50 ${figures.delay.p50} ms, p95 ${figures.delay.p95} ms, max ${figures.delay.max} ms${figures.delay.missing ? `, ${figures.delay.missing} never shown` : ''}`,
  );
}
