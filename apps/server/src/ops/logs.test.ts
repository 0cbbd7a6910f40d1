import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeDateOfBirth } from '@mc/contract';
import { freePort, newClient, uniqueEmail } from '../../test/harness.ts';
import { signIn, signUp } from '../../test/journey.ts';
import { spawnServer, type SpawnedServer } from '../../test/process-harness.ts';

interface LogLine {
  level: number;
  msg: string;
  reqId?: string;
  route?: string;
  method?: string;
  status?: number;
  ms?: number;
  link?: string;
}

describe('the log at info level', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mc-logs-'));
  let server: SpawnedServer | undefined;
  afterAll(async () => {
    await server?.stop('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has one line per request and no secret or personal data through a whole journey', async () => {
    server = await spawnServer({ PORT: String(await freePort()), DATA_DIR: dataDir, LOG_LEVEL: 'info' });
    const url = server.url;
    const dateOfBirth = '1981-07-29';
    const mobile = '+27831119876';
    const email = uniqueEmail('private.person');
    const secrets: string[] = [email, email.toLowerCase(), encodeURIComponent(email.toLowerCase()), encodeDateOfBirth(dateOfBirth), dateOfBirth, mobile];

    const person = await signUp(url, { email, dateOfBirth, mobile });
    secrets.push(person.session.access_token, person.session.refresh_token);
    const signedIn = await signIn(url, person.email, person.password);
    secrets.push(signedIn.session.access_token, signedIn.session.refresh_token);
    const refreshed = await signedIn.client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    secrets.push(refreshed.data.session?.access_token ?? 'missing', refreshed.data.session?.refresh_token ?? 'missing');
    expect((await signedIn.client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true } })).error).toBeNull();
    expect((await signedIn.client.rpc('get_user_by_auth', { auth_id: person.id })).error).toBeNull();
    const registered = await signedIn.client.rpc('register_user_profile', {
      p_first_name: 'Private',
      p_last_name: 'Person',
      p_email: email,
      p_mobile: mobile,
      p_hashed_birthday: encodeDateOfBirth(dateOfBirth),
    });
    expect(registered.error).toBeNull();
    // Failures log too: a wrong date of birth, a bad parameter carrying personal data, a bad token.
    const wrong = await newClient(url).auth.signInWithPassword({ email, password: encodeDateOfBirth('1970-01-01') });
    expect(wrong.error).not.toBeNull();
    secrets.push(encodeDateOfBirth('1970-01-01'));
    expect((await signedIn.client.rpc('get_user_by_auth', { auth_id: mobile })).error).not.toBeNull();
    expect((await fetch(`${url}/auth/v1/user`, { headers: { apikey: 'k', authorization: `Bearer ${person.session.access_token}x` } })).status).toBe(403);

    // Password recovery through the mailed link (the outbox link is in the log, by design).
    expect((await newClient(url).auth.resetPasswordForEmail(email, { redirectTo: `${url}/reset-password` })).error).toBeNull();
    let link: string | undefined;
    for (let attempt = 0; attempt < 50 && !link; attempt += 1) {
      link = parse(server.stdout()).find((line) => line.msg.startsWith('mail kept in outbox'))?.link;
      if (!link) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!link) throw new Error('no recovery link in the log');
    secrets.push(new URL(link).searchParams.get('token') ?? 'missing');
    const verify = await fetch(link, { redirect: 'manual' });
    expect(verify.status).toBe(303);
    const fragment = new URLSearchParams(new URL(verify.headers.get('location') ?? '').hash.slice(1));
    const recoveryAccess = fragment.get('access_token') ?? 'missing';
    secrets.push(recoveryAccess, fragment.get('refresh_token') ?? 'missing');
    const newPassword = encodeDateOfBirth('1981-07-30');
    secrets.push(newPassword);
    const reset = await fetch(`${url}/auth/v1/user`, {
      method: 'PUT',
      headers: { apikey: 'k', authorization: `Bearer ${recoveryAccess}`, 'content-type': 'application/json' },
      body: JSON.stringify({ password: newPassword }),
    });
    expect(reset.status).toBe(200);
    const after = await signIn(url, email, newPassword);
    secrets.push(after.session.access_token, after.session.refresh_token);
    expect((await after.client.auth.signOut()).error).toBeNull();

    // Exactly one line per request: ten probes, ten lines.
    for (let probe = 0; probe < 10; probe += 1) expect((await fetch(`${url}/readyz`)).status).toBe(200);
    expect((await server.stop('SIGTERM')).code).toBe(0);

    const lines = parse(server.stdout());
    const requestLines = lines.filter((line) => line.msg === 'request');
    expect(requestLines.filter((line) => line.route === '/readyz')).toHaveLength(10);
    for (const line of requestLines) {
      expect(line).toMatchObject({ level: 30, method: expect.any(String), route: expect.any(String), status: expect.any(Number), ms: expect.any(Number) });
      expect(line.reqId).toEqual(expect.any(String));
    }
    expect(new Set(requestLines.map((line) => line.reqId)).size).toBe(requestLines.length);

    // The outbox line's link carries a one-time recovery token on purpose (offline recovery, no
    // SMTP_URL); it is the one field left out of the scan. Everything else, stderr included, is scanned.
    const scanned =
      lines.map((line) => JSON.stringify(line.msg.startsWith('mail kept in outbox') ? { ...line, link: undefined } : line)).join('\n') + server.stderr();
    for (const secret of secrets) {
      expect(secret.length).toBeGreaterThan(5);
      expect(scanned.includes(secret), `the log contains ${secret.slice(0, 12)}…`).toBe(false);
    }
  });
});

function parse(text: string): LogLine[] {
  return text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}
