import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestSchema, freePort, newClient } from '../../test/harness.ts';
import { createMission, signIn, signUp, votedMissions, type Person } from '../../test/journey.ts';
import { ownLines, runScript, spawnServer, type SpawnedServer } from '../../test/process-harness.ts';

describe('npm run db:export: from the embedded database to PostgreSQL', () => {
  const root = mkdtempSync(join(tmpdir(), 'mc-export-'));
  const dataDir = join(root, 'data');
  const dumpFile = join(root, 'export.sql');
  const servers: SpawnedServer[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    for (const cleanup of cleanups) await cleanup();
    rmSync(root, { recursive: true, force: true });
  });

  let owner: Person | undefined;
  let voter: Person | undefined;
  let missionId = '';

  it('writes a psql script of the migrations and every row, and refuses while the server runs', async () => {
    const server = await spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir });
    servers.push(server);
    owner = await signUp(server.url);
    voter = await signUp(server.url, { mobile: '+27825550777' });
    missionId = await createMission(owner, 'Export Mission');
    expect((await voter.client.rpc('toggle_mission_vote', { p_mission_id: missionId })).data).toBe('voted');
    expect((await voter.client.rpc('toggle_mission_subscription', { p_mission_id: missionId })).data).toBe('subscribed');
    expect((await voter.client.auth.updateUser({ data: { anonymity_choice_made: true } })).error).toBeNull();
    // A mail in the outbox, so its identity sequence has a value to carry over.
    expect((await newClient(server.url).auth.resetPasswordForEmail(owner.email)).error).toBeNull();

    const refused = await runScript('db:export', [dumpFile], { DATA_DIR: dataDir });
    expect(refused.code).not.toBe(0);
    expect(ownLines(refused.stderr)).toEqual([
      `db:export failed: a server (pid ${server.child.pid}) is running on ${dataDir}; stop it first (or export a restored backup)`,
    ]);

    expect((await server.stop('SIGTERM')).code).toBe(0);
    const exported = await runScript('db:export', [dumpFile], { DATA_DIR: dataDir });
    expect(exported.stderr.trim()).toBe('');
    expect(exported.code).toBe(0);
    expect(exported.stdout).toContain(`psql "$DATABASE_URL" --set ON_ERROR_STOP=1 --file ${dumpFile}`);

    const dump = readFileSync(dumpFile, 'utf8');
    expect(statSync(dumpFile).mode & 0o777).toBe(0o600);
    expect(dump).toContain('-- migration 001_initial');
    expect(dump).toMatch(/^insert into schema_migrations \(name, applied_at\) values \('001_initial', /m);
    expect(dump).toMatch(/^copy "users" \(.*"email".*\) from stdin;$/m);
    expect(dump).toContain(voter.email);
    expect(dump).toContain(missionId);
    // Users before the votes that point at them, missions before votes.
    expect(dump.indexOf('copy "users"')).toBeLessThan(dump.indexOf('copy "missions"'));
    expect(dump.indexOf('copy "missions"')).toBeLessThan(dump.indexOf('copy "mission_votes"'));
    expect(dump).toContain(`select setval('"mail_outbox_id_seq"', 1, true);`);
    expect(dump.trimEnd().endsWith('commit;')).toBe(true);
  });

  // Loading the script needs a PostgreSQL server: CI provides one through TEST_DATABASE_URL.
  const base = process.env.TEST_DATABASE_URL;
  if (base) {
    it('loads with psql into an empty PostgreSQL, which then serves the same users, sessions, missions and votes', async () => {
      if (!owner || !voter) throw new Error('the export test did not run first');
      const schema = await createTestSchema();
      cleanups.push(schema.drop);
      const searchPath = new URL(schema.url).searchParams.get('options') ?? '';
      const load = spawnSync('psql', [base, '--set', 'ON_ERROR_STOP=1', '--quiet', '--file', dumpFile], {
        env: { ...process.env, PGOPTIONS: searchPath },
        encoding: 'utf8',
      });
      expect(load.stderr).toBe('');
      expect(load.status).toBe(0);

      const signingKey = readFileSync(join(dataDir, 'signing-key.json'), 'utf8');
      const server = await spawnServer({ PORT: String(await freePort()), DATABASE_URL: schema.url, JWT_PRIVATE_KEY: signingKey });
      servers.push(server);

      // Same users: sign in with the same e-mail and date of birth.
      const again = await signIn(server.url, voter.email, voter.password);
      expect(again.id).toBe(voter.id);
      expect(again.session.user.user_metadata).toMatchObject({ anonymity_choice_made: true, mobile_number: '+27825550777' });
      // Same sessions: the refresh token issued by the embedded server still works, once.
      const resumed = newClient(server.url);
      const refreshed = await resumed.auth.refreshSession({ refresh_token: owner.session.refresh_token });
      expect(refreshed.error).toBeNull();
      expect(refreshed.data.user?.id).toBe(owner.id);
      // The old access token too, with the same signing key.
      const stillSignedIn = await fetch(`${server.url}/rest/v1/rpc/get_user_by_auth`, {
        method: 'POST',
        headers: { apikey: 'k', authorization: `Bearer ${voter.session.access_token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ auth_id: voter.id }),
      });
      expect(stillSignedIn.status).toBe(200);
      expect(((await stillSignedIn.json()) as Array<{ email: string }>)[0]?.email).toBe(voter.email);
      // Same missions and votes.
      expect(await votedMissions(again)).toEqual(new Set([missionId]));
      const details = await again.client.rpc('get_mission_details', { p_mission_id: missionId, p_user_id: again.id });
      expect(details.error).toBeNull();
      expect(JSON.stringify(details.data)).toContain('Export Mission');
      // The counts come over as they were: loading the vote rows does not count them a second time.
      expect(details.data).toMatchObject({ vote_count: 1, is_voted: true, subscription_count: 1, is_subscribed: true });
      // New rows carry on after the exported ones (identity sequences were moved on).
      const newcomer = await signUp(server.url);
      expect(newcomer.id).not.toBe(voter.id);
      const recovery = await newClient(server.url).auth.resetPasswordForEmail(newcomer.email);
      expect(recovery.error).toBeNull();

      // Loading twice is refused, and changes nothing.
      const twice = spawnSync('psql', [base, '--set', 'ON_ERROR_STOP=1', '--quiet', '--file', dumpFile], {
        env: { ...process.env, PGOPTIONS: searchPath },
        encoding: 'utf8',
      });
      expect(twice.status).not.toBe(0);
      expect((await signIn(server.url, voter.email, voter.password)).id).toBe(voter.id);
    });
  }
});
