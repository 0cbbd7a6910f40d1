import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MFA_ENROLMENT_REQUIRED_HINT, type AuditLogPage } from '@mc/contract';
import { createTestSchema, freePort } from '../../test/harness.ts';
import type { PrivateSchema } from '../../test/private-schema.ts';
import { signIn, signUp } from '../../test/journey.ts';
import { enrolAuthenticator } from '../../test/mfa.ts';
import { ownLines, runScript, spawnServer, type SpawnedServer } from '../../test/process-harness.ts';

/** `npm run organiser` as an operator runs it: a separate process, with the server running or not. */
describe('npm run organiser', () => {
  const root = mkdtempSync(join(tmpdir(), 'mc-organiser-'));
  const servers: SpawnedServer[] = [];
  const schemas: PrivateSchema[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await Promise.all(schemas.map((schema) => schema.drop()));
    rmSync(root, { recursive: true, force: true });
  });
  const start = async (env: Record<string, string>) => {
    const server = await spawnServer({ PORT: String(await freePort()), ...env });
    servers.push(server);
    return server;
  };
  const organiser = (args: string[], env: Record<string, string>) => runScript('organiser', args, env);

  const journey = async (env: Record<string, string>) => {
    const running = await start(env);
    const alice = await signUp(running.url);
    const bob = await signUp(running.url);

    const granted = await organiser(['grant', alice.email.toUpperCase()], env);
    expect(ownLines(granted.stderr)).toEqual([]);
    expect(granted.code).toBe(0);
    expect(granted.stdout.trim()).toBe(`${alice.email} is now an organiser.`);
    expect((await alice.client.rpc('get_my_organiser_status', {})).data).toEqual({ is_organiser: true });
    expect((await organiser(['grant', alice.email], env)).stdout.trim()).toBe(`${alice.email} is already an organiser; nothing changed.`);
    await organiser(['grant', bob.email], env);

    const listed = await organiser(['list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('2 organisers:');
    expect(listed.stdout).toContain(`${alice.email}  (Ops Tester, since `);
    expect(listed.stdout).toContain('by command line');

    // Door staff, a narrow right of its own (docs/product.md#check-in-at-the-door).
    const door = await organiser(['grant-door-staff', bob.email], env);
    expect(ownLines(door.stderr)).toEqual([]);
    expect(door.stdout.trim()).toBe(`${bob.email} is now door staff: they may check people in at the door.`);
    expect((await bob.client.rpc('checkin_keys', {})).error).toBeNull();
    const doorList = await organiser(['list-door-staff'], env);
    expect(doorList.stdout).toContain('1 door staff:');
    expect(doorList.stdout).toContain(`${bob.email}  (Ops Tester, since `);

    const unknown = await organiser(['grant', 'nobody@example.org'], env);
    expect(unknown.code).toBe(1);
    expect(ownLines(unknown.stderr)).toEqual(['organiser failed: There is no account with that e-mail address. The person must sign up first.']);
    const usage = await organiser(['promote', alice.email], env);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toContain('usage: npm run organiser -- grant EMAIL | revoke EMAIL | reset-mfa EMAIL | list');

    // Alice lost her phone: the command line resets her two-step sign-in, and her session at aal2
    // drops to aal1 at once (organiser calls then ask her to set up an authenticator again).
    await enrolAuthenticator(alice.client);
    expect((await alice.client.rpc('list_audit_log', {})).error).toBeNull();
    const reset = await organiser(['reset-mfa', alice.email], env);
    expect(ownLines(reset.stderr)).toEqual([]);
    expect(reset.stdout.trim()).toBe(
      `Two-step sign-in of ${alice.email} is reset (1 authenticator and the recovery codes removed). They sign in with their date of birth and set up a new authenticator.`,
    );
    const afterReset = await alice.client.rpc('list_audit_log', {});
    expect(afterReset.error).toMatchObject({ code: '42501', hint: MFA_ENROLMENT_REQUIRED_HINT });

    // With the server stopped, the command opens the database itself.
    expect((await running.stop('SIGTERM')).code).toBe(0);
    const revoked = await organiser(['revoke', bob.email], env);
    expect(ownLines(revoked.stderr)).toEqual([]);
    expect(revoked.stdout.trim()).toBe(`${bob.email} is no longer an organiser.`);
    expect((await organiser(['reset-mfa', bob.email], env)).stdout.trim()).toBe(`${bob.email} has no two-step sign-in; nothing changed.`);
    expect((await organiser(['revoke-door-staff', bob.email], env)).stdout.trim()).toBe(`${bob.email} is no longer door staff.`);
    expect((await organiser(['list-door-staff'], env)).stdout).toContain('There is no door staff yet.');
    expect((await organiser(['list'], env)).stdout).toContain('1 organiser:');

    // Back up: every command-line change is in the audit log, by "command line".
    const again = await start(env);
    const aliceAgain = await signIn(again.url, alice.email, alice.password);
    await enrolAuthenticator(aliceAgain.client);
    const log = (await aliceAgain.client.rpc('list_audit_log', {})).data as AuditLogPage;
    expect(log.entries.map((entry) => [entry.kind, entry.subject, entry.actor_label, entry.actor_id])).toEqual([
      ['door_staff.revoked', bob.email, 'command line', null],
      ['organiser.revoked', bob.email, 'command line', null],
      ['mfa.reset', alice.email, 'command line', null],
      ['door_staff.granted', bob.email, 'command line', null],
      ['organiser.granted', bob.email, 'command line', null],
      ['organiser.granted', alice.email, 'command line', null],
    ]);
    expect((await again.stop('SIGTERM')).code).toBe(0);
  };

  it('grants, lists and revokes on the embedded database, server running or stopped', async () => {
    const dataDir = join(root, 'data');
    const before = await organiser(['list'], { DATA_DIR: dataDir });
    expect(before.code).toBe(1);
    expect(before.stderr).toContain('there is no embedded database');
    await journey({ DATA_DIR: dataDir });
  });

  // PostgreSQL runs need a server: CI provides one through TEST_DATABASE_URL.
  if (process.env.TEST_DATABASE_URL) {
    it('grants, lists and revokes on PostgreSQL, server running or stopped', async () => {
      const schema = await createTestSchema();
      schemas.push(schema);
      await journey({ DATABASE_URL: schema.url });
    });
  }
});
