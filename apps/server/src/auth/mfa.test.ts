import { expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { AAL2_REQUIRED_HINT, encodeDateOfBirth } from '@mc/contract';
import { describeEachDatabase, newClient, signUpUser, type TestServer, type TestUser } from '../../test/harness.ts';
import { codeAt, codeFor } from '../../test/mfa.ts';
import { resetFactors } from './mfa.ts';

/** Claims of the client's current access token, read the way supabase-js reads them. */
async function claimsOf(client: SupabaseClient): Promise<Record<string, unknown>> {
  const { data, error } = await client.auth.getClaims();
  if (error || !data) throw new Error(`no claims: ${error?.message ?? 'none'}`);
  return data.claims;
}

interface Enrolled extends TestUser {
  factorId: string;
  secret: string;
  /** When the enrolment's code was made: a test that replays that code makes it for this instant, not for now. */
  enrolledAt: number;
}

/** Signs up, enrols a TOTP factor and verifies it with the current code: the session is aal2. */
async function enrolledUser(server: TestServer): Promise<Enrolled> {
  const person = await signUpUser(server);
  const enrolled = await person.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
  if (enrolled.error) throw enrolled.error;
  const { id: factorId, totp } = enrolled.data;
  const enrolledAt = Date.now();
  const verified = await person.client.auth.mfa.challengeAndVerify({ factorId, code: codeAt(totp.secret, enrolledAt) });
  if (verified.error) throw verified.error;
  return { ...person, factorId, secret: totp.secret, enrolledAt };
}

async function signIn(server: TestServer, person: TestUser): Promise<SupabaseClient> {
  const client = newClient(server.url);
  const { error } = await client.auth.signInWithPassword({ email: person.email, password: encodeDateOfBirth(person.dateOfBirth) });
  if (error) throw error;
  return client;
}

describeEachDatabase(
  'second factor (TOTP) through supabase-js auth.mfa',
  (server) => {
    it('enrols, challenges and verifies: the token then says aal2 with totp and password in amr', async () => {
      const person = await signUpUser(server());
      const { client } = person;
      expect(await claimsOf(client)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });

      const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'My phone', issuer: 'Mission Control' });
      expect(enrolled.error).toBeNull();
      const factor = enrolled.data;
      expect(factor).toMatchObject({ type: 'totp', friendly_name: 'My phone' });
      expect(factor?.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(factor?.totp.uri).toMatch(/^otpauth:\/\/totp\/Mission%20Control:.+\?issuer=Mission%20Control&secret=[A-Z2-7]+&algorithm=SHA1&digits=6&period=30$/);
      // supabase-js turns the SVG into a data URL; the markup must survive being used unescaped.
      expect(factor?.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg /);
      expect(factor?.totp.qr_code).not.toMatch(/[#%]/);
      const factorId = factor?.id ?? '';
      const secret = factor?.totp.secret ?? '';

      const before = await client.auth.mfa.listFactors();
      expect(before.data?.all).toEqual([expect.objectContaining({ id: factorId, status: 'unverified', factor_type: 'totp' })]);
      expect(before.data?.totp).toEqual([]);

      const challenge = await client.auth.mfa.challenge({ factorId });
      expect(challenge.error).toBeNull();
      expect(challenge.data).toMatchObject({ type: 'totp' });
      expect(challenge.data?.expires_at).toBeGreaterThan(Date.now() / 1000 + 200);

      const events: string[] = [];
      client.auth.onAuthStateChange((event) => events.push(event));
      const verified = await client.auth.mfa.verify({ factorId, challengeId: challenge.data?.id ?? '', code: codeFor(secret) });
      expect(verified.error).toBeNull();
      expect(events).toContain('MFA_CHALLENGE_VERIFIED');
      const claims = await claimsOf(client);
      expect(claims.aal).toBe('aal2');
      expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['totp', 'password']);
      // The same session was raised: no new sign-in.
      expect(claims.session_id).toBe(claimsOfToken(person.session.access_token).session_id);

      const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
      const after = await client.auth.mfa.listFactors();
      expect(after.data?.totp).toEqual([expect.objectContaining({ id: factorId, status: 'verified', friendly_name: 'My phone' })]);

      // The secret never comes back, and the database keeps it only encrypted.
      const user = await client.auth.getUser();
      expect(JSON.stringify(user.data)).not.toContain(secret);
      const rows = await server().db.query<Record<string, unknown>>('select * from mfa_factors where id = $1', [factorId]);
      expect(JSON.stringify(rows)).not.toContain(secret);
      expect(String(rows[0]?.secret_ciphertext)).toMatch(/^v1\./);
    });

    it('asks every later sign-in for a code, keeps aal2 across refreshes, and sign-out ends it', async () => {
      const person = await enrolledUser(server());
      const client = await signIn(server(), person);
      expect(await claimsOf(client)).toMatchObject({ aal: 'aal1' });
      const level = await client.auth.mfa.getAuthenticatorAssuranceLevel();
      expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

      const verified = await client.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeFor(person.secret, 1) });
      expect(verified.error).toBeNull();
      const refreshed = await client.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      expect(await claimsOf(client)).toMatchObject({ aal: 'aal2' });
      const again = await client.auth.refreshSession();
      expect(again.error).toBeNull();
      expect(await claimsOf(client)).toMatchObject({ aal: 'aal2' });

      const refreshToken = again.data.session?.refresh_token ?? '';
      expect((await client.auth.signOut()).error).toBeNull();
      const afterSignOut = await newClient(server().url).auth.refreshSession({ refresh_token: refreshToken });
      expect(afterSignOut.error?.status).toBe(400);
      const fresh = await signIn(server(), person);
      expect(await claimsOf(fresh)).toMatchObject({ aal: 'aal1' });
    });

    it('refuses wrong codes, and a code that was already used, even from another session', async () => {
      const person = await enrolledUser(server());
      const client = await signIn(server(), person);
      const wrong = await client.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeFor(person.secret, 5) });
      expect(wrong.error?.status).toBe(422);
      expect(wrong.error?.code).toBe('mfa_verification_failed');
      expect(wrong.error?.message).toBe('That code is not right. Enter the 6-digit code your authenticator app shows now.');
      expect(await claimsOf(client)).toMatchObject({ aal: 'aal1' });

      // The enrolment's code, or the one before it, is refused now (made for the enrolment's instant:
      // on a slow machine a new 30-second step may have begun since, whose code was never used).
      const reused = await client.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeAt(person.secret, person.enrolledAt) });
      expect(reused.error?.message).toBe('That code has already been used. Wait for the next code and enter it.');
      const older = await client.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeAt(person.secret, person.enrolledAt - 30_000) });
      expect(older.error?.code).toBe('mfa_verification_failed');

      // A challenge answers once. One code for all three (made once: a new step may begin between them).
      const next = codeFor(person.secret, 1);
      const challenge = await client.auth.mfa.challenge({ factorId: person.factorId });
      const ok = await client.auth.mfa.verify({ factorId: person.factorId, challengeId: challenge.data?.id ?? '', code: next });
      expect(ok.error).toBeNull();
      const other = await signIn(server(), person);
      const replay = await other.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: next });
      expect(replay.error?.code).toBe('mfa_verification_failed');
      const sameChallenge = await other.auth.mfa.verify({ factorId: person.factorId, challengeId: challenge.data?.id ?? '', code: next });
      expect(sameChallenge.error?.code).toBe('mfa_challenge_expired');

      // Another person's factor is not there for this session at all.
      const stranger = await signUpUser(server());
      const foreign = await stranger.client.auth.mfa.challenge({ factorId: person.factorId });
      expect(foreign.error?.code).toBe('mfa_factor_not_found');
    });

    it('limits wrong codes per factor, yet the owner can still use a recovery code', async () => {
      const person = await enrolledUser(server());
      const codes = await person.client.rpc('mfa_create_recovery_codes', {});
      expect(codes.error).toBeNull();
      const recoveryCodes = codes.data!.codes;

      const attacker = await signIn(server(), person);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const { error } = await attacker.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeFor(person.secret, 6 + attempt) });
        expect(error?.status).toBe(422);
      }
      const locked = await attacker.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeFor(person.secret, 9) });
      expect(locked.error?.status).toBe(429);
      expect(locked.error?.message).toMatch(
        /^Too many wrong codes for this authenticator\. Please try again in \d+ minutes?, or use one of your recovery codes\.$/,
      );
      // Even the right code waits now…
      const right = await attacker.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeFor(person.secret, 1) });
      expect(right.error?.status).toBe(429);
      // …but a recovery code still works, and wrong recovery codes never lock the owner out.
      const owner = await signIn(server(), person);
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const { error } = await owner.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: 'aaaa-bbbb-cccc' });
        expect(error?.message).toBe('That recovery code is not valid or has already been used.');
      }
      const recovered = await owner.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: (recoveryCodes[0] ?? '').toUpperCase() });
      expect(recovered.error).toBeNull();
      expect(await claimsOf(owner)).toMatchObject({ aal: 'aal2', amr: [{ method: 'recovery_code' }, { method: 'password' }] });
    });

    it('gives ten recovery codes at aal2 only; each signs in once; the owner can then enrol again', async () => {
      const person = await enrolledUser(server());
      const atAal1 = await signIn(server(), person);
      const refused = await atAal1.rpc('mfa_create_recovery_codes', {});
      expect(refused.error).toMatchObject({ code: '42501', hint: AAL2_REQUIRED_HINT });

      const created = await person.client.rpc('mfa_create_recovery_codes', {});
      expect(created.error).toBeNull();
      const codes = created.data!.codes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(code).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      const stored = await server().db.query<{ code_hash: string }>('select code_hash from mfa_recovery_codes where user_id = $1', [person.user.id]);
      expect(JSON.stringify(stored)).not.toContain(codes[0]);

      const lost = await signIn(server(), person);
      const used = await lost.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codes[3] ?? '' });
      expect(used.error).toBeNull();
      expect((await lost.rpc('mfa_recovery_codes_status', {})).data).toEqual({ remaining: 9 });
      const twice = await (await signIn(server(), person)).auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codes[3] ?? '' });
      expect(twice.error?.message).toBe('That recovery code is not valid or has already been used.');

      // Lost phone: remove the old authenticator (allowed at aal2) and enrol a new one.
      const removed = await lost.auth.mfa.unenroll({ factorId: person.factorId });
      expect(removed.error).toBeNull();
      expect(removed.data).toEqual({ id: person.factorId });
      expect((await lost.rpc('mfa_recovery_codes_status', {})).data).toEqual({ remaining: 0 });
      await lost.auth.refreshSession();
      expect(await claimsOf(lost)).toMatchObject({ aal: 'aal1' });
      const fresh = await lost.auth.mfa.enroll({ factorType: 'totp' });
      expect(fresh.error).toBeNull();
      const again = await lost.auth.mfa.challengeAndVerify({ factorId: fresh.data?.id ?? '', code: codeFor(fresh.data?.totp.secret ?? '') });
      expect(again.error).toBeNull();
      expect(await claimsOf(lost)).toMatchObject({ aal: 'aal2' });
      expect((await lost.auth.mfa.listFactors()).data?.totp.map((factor) => factor.id)).toEqual([fresh.data?.id]);
    });

    it('keeps an aal1 session of a protected person from acting, enrolling or unenrolling', async () => {
      const person = await enrolledUser(server());
      const allowed = await person.client.rpc('get_survey_status', { p_user_id: person.user.id });
      expect(allowed.error).toBeNull();

      const atAal1 = await signIn(server(), person);
      const refused = await atAal1.rpc('get_survey_status', { p_user_id: person.user.id });
      expect(refused.status).toBe(403);
      expect(refused.error).toMatchObject({ code: '42501', hint: AAL2_REQUIRED_HINT, message: 'Enter the code from your authenticator app to continue.' });
      const enrol = await atAal1.auth.mfa.enroll({ factorType: 'totp' });
      expect(enrol.error?.code).toBe('insufficient_aal');
      const unenrol = await atAal1.auth.mfa.unenroll({ factorId: person.factorId });
      expect(unenrol.error?.code).toBe('insufficient_aal');
      // Nor can the date of birth alone change the account (its credential or its metadata).
      const newCredential = await atAal1.auth.updateUser({ password: encodeDateOfBirth('1970-02-02') });
      expect(newCredential.error?.code).toBe('insufficient_aal');
      const newName = await atAal1.auth.updateUser({ data: { first_name: 'Mallory' } });
      expect(newName.error?.code).toBe('insufficient_aal');
      expect((await person.client.auth.updateUser({ data: { first_name: 'Ada' } })).error).toBeNull();
      expect((await atAal1.auth.mfa.listFactors()).data?.totp).toHaveLength(1);

      // People without a factor are not asked for anything.
      const plain = await signUpUser(server());
      expect((await plain.client.rpc('get_survey_status', { p_user_id: plain.user.id })).error).toBeNull();
      const phone = await plain.client.auth.mfa.enroll({ factorType: 'phone', phone: '+27821234567' });
      expect(phone.error?.code).toBe('mfa_phone_enroll_not_enabled');
    });

    it('answers each of many calls at the same moment by its own session, protected or not (the factor check is shared per batch)', async () => {
      const person = await enrolledUser(server());
      const atAal1 = await signIn(server(), person);
      const plain = await signUpUser(server());
      const calls = Array.from({ length: 12 }, (_, n) => {
        const [client, userId] = [
          [person.client, person.user.id],
          [atAal1, person.user.id],
          [plain.client, plain.user.id],
        ][n % 3] as [SupabaseClient, string];
        return client.rpc('get_survey_status', { p_user_id: userId });
      });
      const answers = await Promise.all(calls);
      expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 12 }, (_, n) => (n % 3 === 1 ? 403 : 200)));

      // A factor verified a moment ago counts for the very next call.
      const enrolled = await plain.client.auth.mfa.enroll({ factorType: 'totp' });
      const verified = await plain.client.auth.mfa.challengeAndVerify({ factorId: enrolled.data?.id ?? '', code: codeFor(enrolled.data?.totp.secret ?? '') });
      expect(verified.error).toBeNull();
      const plainAtAal1 = await signIn(server(), plain);
      expect((await plainAtAal1.rpc('get_survey_status', { p_user_id: plain.user.id })).status).toBe(403);
    });

    it('lets the reset mail set a new date of birth for a protected person, and nothing more without a code', async () => {
      const person = await enrolledUser(server());
      await newClient(server().url).auth.resetPasswordForEmail(person.email, { redirectTo: `${server().url}/reset-password` });
      const response = await fetch((await server().mailedLink(person.email)) ?? '', { redirect: 'manual' });
      const fragment = new URLSearchParams(new URL(response.headers.get('location') ?? '').hash.slice(1));
      const recovering = newClient(server().url);
      await recovering.auth.setSession({ access_token: fragment.get('access_token') ?? '', refresh_token: fragment.get('refresh_token') ?? '' });
      expect(await claimsOf(recovering)).toMatchObject({ aal: 'aal1', amr: [{ method: 'recovery' }] });
      expect((await recovering.auth.updateUser({ password: encodeDateOfBirth('1984-04-04') })).error).toBeNull();
      expect((await recovering.auth.updateUser({ data: { first_name: 'Mallory' } })).error?.code).toBe('insufficient_aal');
      expect((await recovering.rpc('get_survey_status', { p_user_id: person.user.id })).error?.hint).toBe(AAL2_REQUIRED_HINT);
    });

    it('a reset removes the factors and lowers live sessions to aal1; the person can enrol again', async () => {
      const person = await enrolledUser(server());
      await person.client.rpc('mfa_create_recovery_codes', {});
      expect(await resetFactors(server().db, person.user.id)).toBe(1);
      const sessions = await server().db.query<{ aal: string }>('select aal from auth_sessions where user_id = $1', [person.user.id]);
      expect(sessions.map((session) => session.aal)).toEqual(sessions.map(() => 'aal1'));
      expect(await server().db.query('select 1 from mfa_recovery_codes where user_id = $1', [person.user.id])).toHaveLength(0);
      await person.client.auth.refreshSession();
      expect(await claimsOf(person.client)).toMatchObject({ aal: 'aal1', amr: [{ method: 'password' }] });
      expect((await person.client.auth.mfa.listFactors()).data?.all).toEqual([]);
      const enrol = await person.client.auth.mfa.enroll({ factorType: 'totp' });
      expect(enrol.error).toBeNull();
    });
  },
  { MFA_FAILURES_PER_FACTOR_PER_HOUR: '3', REFRESH_TOKEN_REUSE_GRACE_SECONDS: '0', LOG_LEVEL: 'info' },
);

function claimsOfToken(token: string): Record<string, unknown> {
  const payload = token.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
}
