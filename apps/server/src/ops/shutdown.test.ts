import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeDateOfBirth } from '@mc/contract';
import { backends, createTestSchema, freePort, uniqueEmail } from '../../test/harness.ts';
import { createMission, signIn, signUp, votedMissions, type Person } from '../../test/journey.ts';
import { spawnServer, type SpawnedServer } from '../../test/process-harness.ts';

const VOTERS = 16;
const MISSIONS = 3;
/** SIGTERM goes out once this many writes were acknowledged, so it lands mid-stream. */
const SIGNAL_AFTER = 30;

/**
 * One raw request, so that nothing retries behind our back: 2xx means acknowledged. A refused or
 * cut connection (the server going away) is status 0: not acknowledged.
 */
async function call(url: string, path: string, method: string, body: unknown, token?: string): Promise<{ status: number; json: unknown }> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(url + path, {
      method,
      headers: { apikey: 'any-public-key', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    text = await response.text();
  } catch {
    return { status: 0, json: null };
  }
  return { status: response.status, json: text ? (JSON.parse(text) as unknown) : null };
}

interface Acknowledged {
  votes: Array<{ voter: Person; missionId: string }>;
  signUps: Array<{ email: string; password: string }>;
  /** Per person: the guids sent, in order, and how many of them were acknowledged. */
  metadata: Map<Person, { sent: string[]; acknowledged: number }>;
}

for (const backend of backends) {
  describe(`graceful shutdown under load [${backend}]`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('keeps every acknowledged vote, sign-up and metadata change across SIGTERM and restart', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'mc-shutdown-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const schema = backend === 'postgres' ? await createTestSchema() : null;
      if (schema) cleanups.push(schema.drop);
      const env = { DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: '20000', ...(schema ? { DATABASE_URL: schema.url } : {}) };

      const first: SpawnedServer = await spawnServer({ ...env, PORT: String(await freePort()) });
      cleanups.push(async () => void (await first.stop('SIGKILL')));
      const owners = await Promise.all(Array.from({ length: MISSIONS }, () => signUp(first.url)));
      const missionIds = await Promise.all(owners.map((owner, index) => createMission(owner, `Mission ${index + 1}`)));
      const voters = await Promise.all(Array.from({ length: VOTERS }, () => signUp(first.url)));

      const acknowledged: Acknowledged = { votes: [], signUps: [], metadata: new Map() };
      const answers: unknown[] = [];
      /** Statuses of writes that were not acknowledged: only "server going away" answers are fair. */
      const refusals: number[] = [];
      let count = 0;
      let signalled = false;
      const acknowledge = () => {
        count += 1;
        if (count >= SIGNAL_AFTER && !signalled) {
          signalled = true;
          first.child.kill('SIGTERM');
        }
      };

      // Each voter votes for every mission once, changes its metadata between votes, and signs
      // a newcomer up; it stops at the first write that is not acknowledged.
      const worker = async (voter: Person) => {
        const metadata = { sent: [] as string[], acknowledged: 0 };
        acknowledged.metadata.set(voter, metadata);
        for (const missionId of missionIds) {
          const vote = await call(first.url, '/rest/v1/rpc/toggle_mission_vote', 'POST', { p_mission_id: missionId }, voter.session.access_token);
          if (vote.status !== 200) return refusals.push(vote.status);
          answers.push(vote.json);
          acknowledged.votes.push({ voter, missionId });
          acknowledge();

          const guid = randomUUID();
          metadata.sent.push(guid);
          const update = await call(first.url, '/auth/v1/user', 'PUT', { data: { anonymous_guid: guid } }, voter.session.access_token);
          if (update.status !== 200) return refusals.push(update.status);
          metadata.acknowledged = metadata.sent.length;
          acknowledge();
        }
        const email = uniqueEmail('newcomer');
        const password = encodeDateOfBirth('1979-02-14');
        const signup = await call(first.url, '/auth/v1/signup', 'POST', {
          email,
          password,
          data: { first_name: 'New', last_name: 'Comer', date_of_birth: password, mobile_number: '+27825550199' },
        });
        if (signup.status !== 200) return refusals.push(signup.status);
        acknowledged.signUps.push({ email: email.toLowerCase(), password });
        acknowledge();
        return undefined;
      };
      await Promise.all(voters.map((voter) => worker(voter)));
      if (!signalled) first.child.kill('SIGTERM');
      const exit = await first.finished;

      expect(signalled, `refused: ${JSON.stringify(refusals)}, acknowledged: ${count}`).toBe(true);
      expect(exit.code, exit.stdout.split('\n').slice(-6).join('\n') + exit.stderr).toBe(0);
      expect(exit.stdout).toContain('"clean":true');
      expect(acknowledged.votes.length).toBeGreaterThan(0);
      expect(new Set(answers)).toEqual(new Set(['voted']));
      // 0: connection refused or closed; 503: Fastify answering on a kept-alive connection while closing.
      for (const status of refusals) expect([0, 503]).toContain(status);

      const second = await spawnServer({ ...env, PORT: String(await freePort()) });
      cleanups.push(async () => void (await second.stop('SIGKILL')));

      for (const voter of voters) {
        const fresh = await signIn(second.url, voter.email, voter.password);
        const voted = await votedMissions(fresh);
        const expected = acknowledged.votes.filter((vote) => vote.voter === voter).map((vote) => vote.missionId);
        for (const missionId of expected) expect(voted.has(missionId), `vote of ${voter.email} for ${missionId}`).toBe(true);

        const metadata = acknowledged.metadata.get(voter);
        if (metadata && metadata.acknowledged > 0) {
          // The last acknowledged value, or one sent after it whose answer was lost.
          const allowed = metadata.sent.slice(metadata.acknowledged - 1);
          expect(allowed).toContain(fresh.session.user.user_metadata.anonymous_guid);
        }
      }
      for (const signUpDone of acknowledged.signUps) {
        const person = await signIn(second.url, signUpDone.email, signUpDone.password);
        expect(person.session.user.email).toBe(signUpDone.email);
      }

      const stopped = await second.stop('SIGINT');
      expect(stopped.code).toBe(0);
    });
  });
}
