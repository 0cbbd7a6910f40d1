import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { ProgrammeResponse, PublishPreview, PublishResult } from '@mc/contract';
import type { Db } from '../apps/server/src/db/db.ts';
import type { SigningKeys } from '../apps/server/src/auth/keys.ts';
import { signAccessToken } from '../apps/server/src/auth/tokens.ts';
import type { BellCommand, BellReply, BellWatcher } from './bell-types.ts';
import { HelperProcess } from './helper-process.ts';

/** People who starred the part the organisers change, each with the app open. */
export const STARRING = Number(process.env.BENCH_STARRING ?? 3_000);

export interface PublishFigures {
  starring: number;
  connected: number;
  notified: number;
  /** From the organiser's Publish to the publish's answer, ms. */
  answerMs: number;
  /** The publish's transaction, begin to commit: how long it holds the draft's lock and the rows it writes, ms. */
  transactionMs: number;
  /** From Publish to each open app's bell holding the change (the live word brings its list), ms. */
  bellP50: number;
  bellP99: number;
  bellMax: number;
  /** Open apps whose bell never held the change within the wait. */
  missing: number;
  errors: string[];
}

async function rpc<T>(url: string, token: string, name: string, body: unknown): Promise<T> {
  const response = await fetch(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${name} answered ${response.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** `count` people (plain rows, no sign-up work) who starred the part, with their access tokens. */
async function seedStarring(db: Db, keys: SigningKeys, url: string, partId: string, count: number): Promise<BellWatcher[]> {
  const people = await db.query<{ id: string; email: string }>(
    `with made as (
       insert into users (id, email, password_hash, first_name, last_name, mobile)
       select gen_random_uuid(), 'starring' || n || '@bench.example.org', 'x', 'Starring', 'Number ' || n, '+27820000000'
         from generate_series(1, $1::int) as n
       returning id, email
     ), starred as (insert into agenda_favourites (user_id, part_id) select id, $2 from made)
     select id, email from made`,
    [count, partId],
  );
  const watchers: BellWatcher[] = [];
  for (const person of people) {
    const minted = await signAccessToken(keys, `${url}/auth/v1`, { id: person.id, email: person.email, user_metadata: {} }, randomUUID(), 3600, {
      aal: 'aal1',
      amr: [],
    });
    watchers.push({ id: person.id, token: minted.token });
  }
  return watchers;
}

/** Times every transaction begun while `during` runs; answers the longest. */
async function longestTransaction(db: Db, during: () => Promise<void>): Promise<number> {
  const transaction = db.transaction.bind(db);
  let longest = 0;
  db.transaction = async <T>(fn: Parameters<Db['transaction']>[0]): Promise<T> => {
    const started = performance.now();
    try {
      return (await transaction(fn)) as T;
    } finally {
      longest = Math.max(longest, performance.now() - started);
    }
  };
  try {
    await during();
  } finally {
    db.transaction = transaction;
  }
  return longest;
}

/** How long after `start` each of the times came, sorted; those that never came are left out. */
function delaysSince(start: number, times: (number | null)[]): number[] {
  return times
    .filter((at): at is number => at !== null)
    .map((at) => at - start)
    .sort((a, b) => a - b);
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? NaN;
}

/**
 * An organiser renames a part that STARRING people starred, each with the app open (one live
 * connection each, in a helper process), and publishes: the time until the last of their bells
 * holds the change, and how long the publish's transaction held its locks.
 */
export async function programmePublishScenario(options: { db: Db; keys: SigningKeys; url: string; organiserToken: string }): Promise<PublishFigures> {
  const { db, keys, url, organiserToken } = options;
  const draft = (await rpc<ProgrammeResponse>(url, organiserToken, 'get_programme_draft', {})).programme;
  const part = draft.agenda[0]?.parts[0];
  if (!part) throw new Error('the programme has no part to change');
  const watchers = await seedStarring(db, keys, url, part.id, STARRING);
  const apps = new HelperProcess<BellCommand, BellReply>(new URL('./bell-worker.ts', import.meta.url), { kind: 'close' });
  try {
    const connected = await apps.ask({ kind: 'connect', url, watchers }, 'connected');
    const renamed = {
      ...draft,
      agenda: draft.agenda.map((session) => ({ ...session, parts: session.parts.map((p) => (p.id === part.id ? { ...p, title: `${p.title} (new)` } : p)) })),
    };
    await rpc(url, organiserToken, 'import_programme', { p_programme: renamed });
    const preview = await rpc<PublishPreview>(url, organiserToken, 'preview_programme_publish', {});
    const publishedAt = Date.now();
    let result: PublishResult | undefined;
    let answerMs = 0;
    const transactionMs = await longestTransaction(db, async () => {
      const t0 = performance.now();
      result = await rpc<PublishResult>(url, organiserToken, 'publish_programme', {
        p_note: 'A new title for the opening',
        p_draft_version: preview.draft_version,
      });
      answerMs = performance.now() - t0;
    });
    const bells = await apps.ask({ kind: 'collect', waitMs: 30_000 }, 'bells');
    const delays = delaysSince(publishedAt, bells.at);
    return {
      starring: watchers.length,
      connected: connected.connected,
      notified: result?.notified ?? 0,
      answerMs,
      transactionMs,
      bellP50: percentile(delays, 0.5),
      bellP99: percentile(delays, 0.99),
      bellMax: delays.at(-1) ?? NaN,
      missing: bells.at.length - delays.length,
      errors: [...connected.errors, ...bells.errors],
    };
  } finally {
    apps.end();
  }
}

export function printProgrammePublish(figures: PublishFigures): void {
  console.log(
    `programme publish, ${figures.starring} people starring the changed part (${figures.connected} with the app open): answer ${figures.answerMs.toFixed(0)} ms, ` +
      `transaction (locks held) ${figures.transactionMs.toFixed(0)} ms; publish → bell p50 ${figures.bellP50.toFixed(0)} ms, p99 ${figures.bellP99.toFixed(0)} ms, ` +
      `last ${figures.bellMax.toFixed(0)} ms (target p99 < 5 s) → ${figures.bellP99 < 5000 && figures.missing === 0 ? 'MET' : 'NOT MET'}`,
  );
}
