import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RoundVoteAnswer, MyRoundVote, OrganiserRound, RoundResult } from '@mc/contract';
import { backends, createTestSchema, freePort } from '../../test/harness.ts';
import { createMission, signIn, signUp, type Person } from '../../test/journey.ts';
import { codeFor, enrolAuthenticator, type Authenticator } from '../../test/mfa.ts';
import { runScript, spawnServer, type SpawnedServer } from '../../test/process-harness.ts';

const VOTERS = 20;
const MISSIONS = 3;
/** SIGKILL goes out once this many votes were acknowledged, so it lands in the middle of the burst. */
const KILL_AFTER = 25;

/** One raw request, so nothing retries behind our back: 200 is acknowledged; a cut connection is status 0. */
async function castRaw(url: string, token: string, roundId: string, missionId: string): Promise<{ status: number; round: RoundVoteAnswer | null }> {
  try {
    const response = await fetch(`${url}/rest/v1/rpc/cast_round_vote`, {
      method: 'POST',
      headers: { apikey: 'any-public-key', 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ p_round_id: roundId, p_mission_id: missionId }),
    });
    const text = await response.text();
    return { status: response.status, round: response.ok ? (JSON.parse(text) as RoundVoteAnswer) : null };
  } catch {
    return { status: 0, round: null };
  }
}

async function rpc<T>(person: Person, name: string, params: Record<string, unknown>): Promise<T> {
  const { data, error } = await person.client.rpc(name, params);
  if (error) throw new Error(`${name}: ${error.message}`);
  return data as T;
}

/** The organiser signed in again on a server, raised to the second factor with their authenticator. */
async function organiserOn(url: string, organiser: Person, authenticator: Authenticator): Promise<Person> {
  const fresh = await signIn(url, organiser.email, organiser.password);
  const verified = await fresh.client.auth.mfa.challengeAndVerify({ factorId: authenticator.factorId, code: codeFor(authenticator.secret, 1) });
  if (verified.error) throw verified.error;
  return fresh;
}

for (const backend of backends) {
  describe(`a voting round through kill -9 [${backend}]`, () => {
    const cleanups: Array<() => Promise<void>> = [];
    afterAll(async () => {
      for (const cleanup of cleanups.reverse()) await cleanup();
    });

    it('keeps every acknowledged vote of a burst cut by SIGKILL, and its counts equal its rows after the restart', async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'mc-vote-crash-'));
      cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      const schema = backend === 'postgres' ? await createTestSchema() : null;
      if (schema) cleanups.push(schema.drop);
      const env = { DATA_DIR: dataDir, ...(schema ? { DATABASE_URL: schema.url } : {}) };

      const first: SpawnedServer = await spawnServer({ ...env, PORT: String(await freePort()) });
      cleanups.push(async () => void (await first.stop('SIGKILL')));
      const organiser = await signUp(first.url);
      expect((await runScript('organiser', ['grant', organiser.email], env)).code).toBe(0);
      const authenticator = await enrolAuthenticator(organiser.client);
      const owners = await Promise.all(Array.from({ length: MISSIONS }, () => signUp(first.url)));
      const missionIds = await Promise.all(owners.map((owner, index) => createMission(owner, `Finalist ${index + 1}`)));
      const voters = await Promise.all(Array.from({ length: VOTERS }, () => signUp(first.url)));
      const created = await rpc<OrganiserRound>(organiser, 'create_vote_round', {
        p_name: 'Crash panel',
        p_votes_per_person: MISSIONS,
        p_mission_ids: missionIds,
      });
      const roundId = created.round_id;
      expect((await rpc<OrganiserRound>(organiser, 'open_vote_round', { p_round_id: roundId })).state).toBe('open');

      // Every voter votes for each finalist in turn; SIGKILL cuts the burst. Acknowledged: a 200 with the vote's receipt.
      const acknowledged = new Map<string, { voter: Person; missionId: string }>();
      const refusals: number[] = [];
      let killed = false;
      const worker = async (voter: Person) => {
        for (const missionId of missionIds) {
          const answer = await castRaw(first.url, voter.session.access_token, roundId, missionId);
          if (answer.status !== 200 || !answer.round) return refusals.push(answer.status);
          const receipt = answer.round.my_votes.find((vote) => vote.mission_id === missionId)?.receipt;
          if (!receipt) throw new Error('an acknowledged vote without its receipt');
          acknowledged.set(receipt, { voter, missionId });
          if (acknowledged.size >= KILL_AFTER && !killed) {
            killed = true;
            first.child.kill('SIGKILL');
          }
        }
        return undefined;
      };
      await Promise.all(voters.map((voter) => worker(voter)));
      expect(killed, `refused: ${JSON.stringify(refusals)}`).toBe(true);
      expect((await first.finished).signal).toBe('SIGKILL');
      // Only "the server went away" may stop a vote: no refusal of the vote itself.
      for (const status of refusals) expect(status).toBe(0);

      const second = await spawnServer({ ...env, PORT: String(await freePort()) });
      cleanups.push(async () => void (await second.stop('SIGKILL')));
      const rows: MyRoundVote[] = [];
      for (const voter of voters) {
        const fresh = await signIn(second.url, voter.email, voter.password);
        const mine = await rpc<MyRoundVote[]>(fresh, 'get_my_round_votes', { p_round_id: roundId });
        rows.push(...mine);
        for (const [receipt, vote] of acknowledged) {
          if (vote.voter !== voter) continue;
          expect(mine, `acknowledged vote of ${voter.email}`).toContainEqual(expect.objectContaining({ receipt, mission_id: vote.missionId }));
        }
      }
      expect(rows.length).toBeGreaterThanOrEqual(acknowledged.size);

      // Closed and revealed after the restart: each count is its list of receipts, and together they are every row.
      const boss = await organiserOn(second.url, organiser, authenticator);
      await rpc(boss, 'close_vote_round', { p_round_id: roundId });
      await rpc(boss, 'reveal_vote_round', { p_round_id: roundId });
      const result = await rpc<RoundResult>(boss, 'get_vote_round_result', { p_round_id: roundId });
      for (const mission of result.missions) expect(mission.vote_count).toBe(mission.receipts.length);
      expect(result.vote_count).toBe(rows.length);
      const published = new Map(result.missions.flatMap((mission) => mission.receipts.map((receipt) => [receipt, mission.mission_id] as const)));
      expect(published.size).toBe(rows.length);
      for (const row of rows) expect(published.get(row.receipt)).toBe(row.mission_id);
      for (const [receipt, vote] of acknowledged) expect(published.get(receipt)).toBe(vote.missionId);

      expect((await second.stop('SIGINT')).code).toBe(0);
    });
  });
}
