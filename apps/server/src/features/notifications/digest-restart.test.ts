import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newPrivateJwk } from '../../auth/keys.ts';
import { loadConfig } from '../../config.ts';
import { startServer } from '../../server.ts';
import { backends, createTestSchema, freePort, signUpUser, type Backend, type TestServer } from '../../../test/harness.ts';
import { createMission } from '../../../test/factories.ts';
import { follow, saveSettings } from '../../../test/notifications.ts';

/**
 * Notification e-mails survive restarts and run once across instances: the same data (a PGlite
 * folder on disk, or one PostgreSQL schema) opened by one server after another, or by two at once.
 */

async function storageFor(backend: Backend): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const jwk = JSON.stringify(await newPrivateJwk());
  if (backend === 'postgres') {
    const schema = await createTestSchema();
    return { env: { DATA_DIR: 'memory://', DATABASE_URL: schema.url, JWT_PRIVATE_KEY: jwk }, drop: () => schema.drop() };
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-digest-'));
  return { env: { DATA_DIR: dataDir, JWT_PRIVATE_KEY: jwk }, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
}

async function start(backend: Backend, env: Record<string, string>): Promise<TestServer> {
  const config = loadConfig({ PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'silent', MAIL_DIGEST_INTERVAL_SECONDS: '3600', ...env });
  const server = await startServer(config);
  // These tests count mails; they never read a mailed link.
  return { ...server, backend, databaseUrl: env.DATABASE_URL, mailedLink: () => Promise.resolve(undefined) };
}

async function mailCount(server: TestServer, recipients: readonly string[]): Promise<number> {
  const [row] = await server.db.query<{ n: number }>('select count(*)::int as n from mail_outbox where recipient = any($1::text[])', [
    recipients.map((email) => email.toLowerCase()),
  ]);
  return row?.n ?? 0;
}

/** Records a change the way update_mission does, without the live event that would wake a mail pass at once. */
async function recordChange(server: TestServer, missionId: string, actorId: string): Promise<void> {
  await server.db.query(`select record_mission_event('mission_updated', $1, $2, null, '{"fields": ["statement"]}'::jsonb)`, [missionId, actorId]);
}

describe.each(backends)('notification e-mails across restarts [%s]', (backend) => {
  it('mails what was waiting when the process stopped once, from the next process, and never again after another restart', async () => {
    const storage = await storageFor(backend);
    try {
      let server = await start(backend, storage.env);
      const { owner, mission } = await createMission(server);
      const follower = await signUpUser(server);
      await saveSettings(follower, { email_digest: 'immediate' });
      await follow(follower, mission.mission_id);
      await recordChange(server, mission.mission_id, owner.user.id);
      await server.close();

      server = await start(backend, storage.env);
      expect(await mailCount(server, [follower.email])).toBe(0);
      await server.notifications.run();
      expect(await mailCount(server, [follower.email])).toBe(1);
      await server.close();

      server = await start(backend, storage.env);
      await server.notifications.run();
      expect(await mailCount(server, [follower.email])).toBe(1);
      await server.close();
    } finally {
      await storage.drop();
    }
  });
});

// Several instances share one database only on PostgreSQL (PGlite is one process's database).
if (backends.includes('postgres'))
  describe('notification e-mails on several instances [postgres]', () => {
    it('mails each of 120 people exactly once when two instances run their passes at the same moment', async () => {
      const storage = await storageFor('postgres');
      const [first, second] = [await start('postgres', storage.env), await start('postgres', storage.env)];
      try {
        const { owner, mission } = await createMission(first);
        const people = await first.db.query<{ id: string; email: string }>(
          `insert into users (id, email, password_hash, first_name, last_name, mobile)
         select gen_random_uuid(), 'reader' || n || '@example.org', 'not-a-hash', 'Reader', n::text, '+27820000000' from generate_series(1, 120) as n
         returning id, email`,
        );
        const ids = people.map((person) => person.id);
        await first.db.query(`insert into notification_settings (user_id, email_digest) select id, 'immediate' from unnest($1::uuid[]) as id`, [ids]);
        await first.db.query('insert into mission_subscriptions (mission_id, user_id) select $1, id from unnest($2::uuid[]) as id', [mission.mission_id, ids]);
        await recordChange(first, mission.mission_id, owner.user.id);

        await Promise.all([first.notifications.run(), second.notifications.run()]);
        const perPerson = await first.db.query<{ recipient: string; n: number }>(
          'select recipient, count(*)::int as n from mail_outbox where recipient = any($1::text[]) group by recipient',
          [people.map((person) => person.email)],
        );
        expect(perPerson).toHaveLength(120);
        expect(perPerson.every((row) => row.n === 1)).toBe(true);
      } finally {
        await first.close();
        await second.close();
        await storage.drop();
      }
    });
  });
