import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDateOfBirth } from '@mc/contract';
import { backends, newClient, signUpUser, startTestServer, type TestServer } from '../../test/harness.ts';
import { PRUNE_BATCH } from './pruning.ts';

/**
 * The running server deletes what can no longer be used, on its own, every PRUNE_INTERVAL_SECONDS:
 * rows are made through the real routes, then aged in the database (the one thing a test cannot
 * wait for), and the server's own periodic run must remove exactly the expired ones.
 */
for (const backend of backends) {
  describe(`pruning expired rows in the running server [${backend}]`, () => {
    let server: TestServer;
    /** Wakes the test each time the server writes that it pruned something. */
    let wake: (() => void) | null = null;
    beforeAll(async () => {
      server = await startTestServer(
        backend,
        { LOG_LEVEL: 'info', PRUNE_INTERVAL_SECONDS: '1', SESSION_IDLE_DAYS: '30', REFRESH_TOKEN_REUSE_GRACE_SECONDS: '0' },
        { logStream: { write: (line) => void (line.includes('"pruned expired rows"') && wake?.()) } },
      );
    });
    afterAll(async () => {
      await server.close();
    });

    const count = async (sql: string, params: unknown[] = []) =>
      (await server.db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]?.n ?? -1;

    /** Resolves once check() holds, checking again after each pruning run the server reports. */
    async function untilPruned(check: () => Promise<boolean>): Promise<void> {
      for (;;) {
        const next = new Promise<void>((resolve) => {
          wake = resolve;
        });
        if (await check()) return;
        await next;
      }
    }

    it('deletes used and idle refresh tokens and sessions, used or expired reset links, old mails, code requests and abandoned enrolments, in batches', async () => {
      // A person with a live session whose first refresh token is used: the used one expires, the new one stays.
      const person = await signUpUser(server);
      const firstToken = person.session.refresh_token;
      const refreshed = await person.client.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      // A second session, signed out; a third, left alone too long.
      const signedOut = newClient(server.url);
      const signedOutSession = (await signedOut.auth.signInWithPassword({ email: person.email, password: person.password })).data.session;
      await signedOut.auth.signOut({ scope: 'local' });
      const idle = newClient(server.url);
      const idleSession = (await idle.auth.signInWithPassword({ email: person.email, password: person.password })).data.session;
      expect(signedOutSession && idleSession).toBeTruthy();
      // A reset mail (its link used up by nobody yet), and an authenticator enrolled but never confirmed.
      expect((await newClient(server.url).auth.resetPasswordForEmail(person.email)).error).toBeNull();
      const abandoned = await person.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'abandoned' });
      const current = await person.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'current' });
      const challenge = await person.client.auth.mfa.challenge({ factorId: current.data?.id ?? '' });
      expect(challenge.error).toBeNull();

      const sessionOf = (token: string) =>
        server.db.query<{ id: string }>('select session_id as id from refresh_tokens where token_hash = encode(sha256(convert_to($1, $2)), $3)', [
          token,
          'UTF8',
          'hex',
        ]);
      const [signedOutRow] = await sessionOf(signedOutSession?.refresh_token ?? '');
      const [idleRow] = await sessionOf(idleSession?.refresh_token ?? '');
      const [liveRow] = await sessionOf(refreshed.data.session?.refresh_token ?? '');
      expect(signedOutRow && idleRow && liveRow).toBeTruthy();

      // Age everything that should go, at once, so one pruning run can see it all.
      await server.db.transaction(async (tx) => {
        await tx.query(`update refresh_tokens set used_at = now() - interval '2 days' where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`, [
          firstToken,
        ]);
        await tx.query(`update auth_sessions set revoked_at = now() - interval '2 days' where id = $1`, [signedOutRow?.id]);
        await tx.query(`update auth_sessions set created_at = now() - interval '31 days', refreshed_at = null where id = $1`, [idleRow?.id]);
        await tx.query(`update recovery_tokens set expires_at = now() - interval '1 minute' where user_id = $1`, [person.user.id]);
        await tx.query(`update mfa_factors set created_at = now() - interval '2 days' where id = $1`, [abandoned.data?.id]);
        await tx.query(`update mfa_challenges set expires_at = now() - interval '2 days' where id = $1`, [challenge.data?.id]);
        await tx.query(`update mail_outbox set created_at = now() - interval '8 days' where recipient = $1`, [person.email.toLowerCase()]);
        // More expired reset links than one batch deletes, so the run has to go round several times.
        await tx.query(
          `insert into recovery_tokens (token_hash, user_id, expires_at)
           select 'expired-' || n, $1, now() - interval '1 hour' from generate_series(1, $2::int) as n`,
          [person.user.id, PRUNE_BATCH * 2 + 500],
        );
      });

      // The idle session is refused at once, before any pruning: it has expired.
      const idleRefresh = await newClient(server.url).auth.refreshSession({ refresh_token: idleSession?.refresh_token ?? '' });
      expect(idleRefresh.error?.code).toBe('refresh_token_not_found');

      await untilPruned(
        async () =>
          (await count('recovery_tokens where user_id = $1', [person.user.id])) === 0 &&
          (await count('mail_outbox where recipient = $1', [person.email.toLowerCase()])) === 0,
      );
      await untilPruned(async () => (await count('auth_sessions where id = any($1::uuid[])', [[signedOutRow?.id, idleRow?.id]])) === 0);
      expect(await count(`refresh_tokens where token_hash = encode(sha256(convert_to($1, 'UTF8')), 'hex')`, [firstToken])).toBe(0);
      expect(await count('refresh_tokens where session_id = any($1::uuid[])', [[signedOutRow?.id, idleRow?.id]])).toBe(0);
      expect(await count('mfa_factors where id = $1', [abandoned.data?.id])).toBe(0);
      expect(await count('mfa_challenges where id = $1', [challenge.data?.id])).toBe(0);

      // What is still of use stays: the live session and its newest token, the confirmed-in-time enrolment.
      expect(await count('auth_sessions where id = $1', [liveRow?.id])).toBe(1);
      expect(await count('mfa_factors where id = $1', [current.data?.id])).toBe(1);
      const again = await person.client.auth.refreshSession();
      expect(again.error).toBeNull();
    });

    it('keeps no link in the outbox, while the person still gets a working one', async () => {
      const person = await signUpUser(server);
      expect((await newClient(server.url).auth.resetPasswordForEmail(person.email)).error).toBeNull();
      const link = await server.mailedLink(person.email);
      const token = new URL(link ?? 'http://x').searchParams.get('token');
      expect(token).toMatch(/^[\w-]{20,}$/);
      const rows = await server.db.query<Record<string, unknown>>('select * from mail_outbox where recipient = $1', [person.email.toLowerCase()]);
      expect(rows).toHaveLength(1);
      expect(rows[0]).not.toHaveProperty('link');
      expect(JSON.stringify(rows[0])).not.toContain(token);
      expect(String(rows[0]?.body)).toContain('[link not kept]');
      // The mailed link itself works (once).
      const opened = await fetch(link ?? '', { redirect: 'manual' });
      expect(new URLSearchParams(new URL(opened.headers.get('location') ?? '').hash.slice(1)).get('type')).toBe('recovery');
      const signIn = await newClient(server.url).auth.signInWithPassword({ email: person.email, password: encodeDateOfBirth(person.dateOfBirth) });
      expect(signIn.error).toBeNull();
    });
  });
}
