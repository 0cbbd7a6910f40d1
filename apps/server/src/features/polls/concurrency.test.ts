import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { POLL_MESSAGES } from '@mc/contract';
import { loadSigningKeys, newPrivateJwk } from '../../auth/keys.ts';
import { signAccessToken } from '../../auth/tokens.ts';
import { describeEachDatabase, type TestServer } from '../../../test/harness.ts';
import { signUpOrganiser } from '../../../test/organisers.ts';
import { openPoll } from './fixtures.ts';

/*
 * 2,000 answers arriving together are each counted exactly once: the counts are the database's
 * count over one row per person (INSERT … ON CONFLICT), whatever the order. The people are made in
 * SQL and given access tokens signed with the deployment's key (2,000 sign-ups would only test
 * the password hashing); their answers go through HTTP like any phone's.
 */
const JWK = JSON.stringify(await newPrivateJwk());
const PEOPLE = 2_000;
const IN_FLIGHT = 64;

async function people(server: TestServer, count: number): Promise<string[]> {
  const keys = await loadSigningKeys({ fromEnv: JWK, dataDir: 'memory://' });
  const tag = randomUUID().slice(0, 8);
  const rows = await server.db.query<{ id: string; email: string }>(
    `insert into users (id, email, password_hash, first_name, last_name, mobile)
     select gen_random_uuid(), 'poll' || n || '.' || $2 || '@example.org', 'x', 'Poll', 'Person ' || n, '+27820000000'
       from generate_series(1, $1::int) as n
     returning id, email`,
    [count, tag],
  );
  return Promise.all(
    rows.map(async (row) => {
      const minted = await signAccessToken(keys, `${server.url}/auth/v1`, { id: row.id, email: row.email, user_metadata: {} }, randomUUID(), 900, {
        aal: 'aal1',
        amr: [],
      });
      return minted.token;
    }),
  );
}

async function answer(server: TestServer, token: string, body: Record<string, unknown>): Promise<{ status: number; message?: string }> {
  const response = await fetch(`${server.url}/rest/v1/rpc/answer_poll`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', apikey: 'any-public-key' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { message?: string };
  return { status: response.status, message: response.status === 200 ? undefined : json.message };
}

/** Runs the jobs with at most IN_FLIGHT at once, answering each one's result in order. */
async function inFlight<T>(jobs: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (next < jobs.length) {
        const index = next++;
        results[index] = await jobs[index]!();
      }
    }),
  );
  return results;
}

async function counted(server: TestServer, pollId: string): Promise<{ rows: number; counts: number[] }> {
  const [row] = await server.db.query<{ rows: number; counts: number[] }>(
    `select count(*)::int as rows, array[count(*) filter (where choices = '{0}'), count(*) filter (where choices = '{1}'), count(*) filter (where choices = '{2}')]::int[] as counts
       from poll_answers where poll_id = $1`,
    [pollId],
  );
  return row ?? { rows: -1, counts: [] };
}

describeEachDatabase(
  'polls: 2,000 answers at once',
  (server) => {
    it('counts each person once, however their answers and the others’ arrive', async () => {
      const host = await signUpOrganiser(server());
      const pollId = await openPoll(host, { p_part_id: 's6p1' });
      const tokens = await people(server(), PEOPLE);
      // Everyone answers; the first 300 also change their mind at the same moment, to the same final choice.
      const jobs = tokens.flatMap((token, index) => {
        const final = () => answer(server(), token, { p_poll_id: pollId, p_choices: [index % 3] });
        return index < 300 ? [final, final] : [final];
      });
      const results = await inFlight(jobs);
      expect(results.filter((result) => result.status !== 200)).toEqual([]);
      expect(await counted(server(), pollId)).toEqual({ rows: PEOPLE, counts: [667, 667, 666] });
      const { data } = await host.client.rpc('get_part_polls', { p_part_id: 's6p1' });
      expect(data?.polls[0]).toMatchObject({ answer_count: PEOPLE, results: { counts: [667, 667, 666] } });
    });

    it('counts exactly the answers it took when the poll closes in the middle of them', async () => {
      const host = await signUpOrganiser(server());
      const pollId = await openPoll(host, { p_part_id: 's6p2' });
      const tokens = await people(server(), 400);
      // The close is sent once a quarter of the answers are back, so the rest race it.
      let answered = 0;
      let quarterIn: () => void = () => undefined;
      const quarter = new Promise<void>((resolve) => (quarterIn = resolve));
      const jobs = tokens.map((token) => async () => {
        const result = await answer(server(), token, { p_poll_id: pollId, p_choices: [0] });
        if (++answered === tokens.length / 4) quarterIn();
        return result;
      });
      const closing = quarter.then(() => host.client.rpc('close_poll', { p_poll_id: pollId }));
      const [results, closed] = await Promise.all([inFlight(jobs), closing]);
      expect(closed.error).toBeNull();
      const taken = results.filter((result) => result.status === 200).length;
      const refused = results.filter((result) => result.status === 400 && result.message === POLL_MESSAGES.closed).length;
      expect(taken + refused).toBe(400);
      expect(await counted(server(), pollId)).toEqual({ rows: taken, counts: [taken, 0, 0] });
    });
  },
  { JWT_PRIVATE_KEY: JWK },
);
