import { expect, it } from 'vitest';
import { AuthApiError } from '@supabase/supabase-js';
import { encodeDateOfBirth } from '@mc/contract';
import { loadConfig } from '../config.ts';
import { describeEachDatabase, newClient, signUpUser, uniqueEmail } from '../../test/harness.ts';

function adultBirthDate(): string {
  return '1988-03-09';
}

/** A date exactly 18 years ago tomorrow: one day too young. */
function almostEighteen(): string {
  const date = new Date();
  date.setFullYear(date.getFullYear() - 18);
  date.setDate(date.getDate() + 1);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
}

describeEachDatabase(
  'auth through supabase-js',
  (server) => {
    it('signs up, confirms at once and answers getSession, getUser and getClaims', async () => {
      const { client, user, session, email } = await signUpUser(server());
      expect(user.email).toBe(email.toLowerCase());
      expect(user.email_confirmed_at).toBeTruthy();
      expect(user.user_metadata).toMatchObject({ first_name: 'Ada', last_name: 'Lovelace', mobile_number: '+27821234567' });
      // The encoded date of birth is the credential: it must never be kept as metadata.
      expect(user.user_metadata).not.toHaveProperty('date_of_birth');
      expect(session.expires_in).toBe(3600);

      const current = await client.auth.getSession();
      expect(current.data.session?.access_token).toBe(session.access_token);
      const fetched = await client.auth.getUser();
      expect(fetched.error).toBeNull();
      expect(fetched.data.user?.id).toBe(user.id);

      const claims = await client.auth.getClaims();
      expect(claims.error).toBeNull();
      expect(claims.data?.header.alg).toBe('ES256');
      expect(claims.data?.claims).toMatchObject({ sub: user.id, email: email.toLowerCase(), role: 'authenticated', aud: 'authenticated' });
      expect(typeof claims.data?.claims.session_id).toBe('string');
    });

    it('applies the sign-up rules in order, on the server, and changes nothing', async () => {
      const client = newClient(server().url);
      const base = { first_name: 'Grace', last_name: 'Hopper', mobile_number: '+27821234567' };
      const attempt = async (email: string, dateOfBirth: string | null, data: Record<string, string>) => {
        const password = dateOfBirth ? encodeDateOfBirth(dateOfBirth) : 'not-a-date';
        const { data: result, error } = await client.auth.signUp({ email, password, options: { data: { ...data, date_of_birth: password } } });
        expect(result.session).toBeNull();
        return error?.message;
      };
      const email = uniqueEmail('rules');
      expect(await attempt(email, adultBirthDate(), { ...base, first_name: ' ', last_name: '' })).toBe('First name is required');
      expect(await attempt(email, adultBirthDate(), { ...base, last_name: '  ' })).toBe('Last name is required');
      expect(await attempt('not an@email.com', adultBirthDate(), base)).toBe('Please enter a valid email address');
      expect(await attempt('missing-at.example.org', adultBirthDate(), base)).toBe('Please enter a valid email address');
      expect(await attempt(email, null, base)).toBe('Date of birth is required');
      for (const implausible of ['1000-01-01', '0100-01-01', '0050-06-15', '0001-01-01']) {
        expect(await attempt(email, implausible, base), implausible).toBe('Please check your date of birth: it cannot be more than 120 years ago');
      }
      expect(await attempt(email, almostEighteen(), base)).toBe('You must be at least 18 years old to register');
      expect(await attempt(email, adultBirthDate(), { ...base, mobile_number: '' })).toBe('Mobile number is required');
      expect(await attempt(email, adultBirthDate(), { ...base, mobile_number: '+2782123' })).toBe('Please enter a valid mobile number');
      const rows = await server().db.query('select 1 from users where lower(email) = $1', [email]);
      expect(rows).toHaveLength(0);
    });

    it('refuses a new date of birth more than 120 years ago, or too young, and keeps the old one', async () => {
      const { client, email, dateOfBirth } = await signUpUser(server());
      for (const [date, message] of [
        ['1000-01-01', 'Please check your date of birth: it cannot be more than 120 years ago'],
        ['0099-12-31', 'Please check your date of birth: it cannot be more than 120 years ago'],
        [almostEighteen(), 'Your date of birth must make you at least 18 years old'],
      ] as const) {
        const { error } = await client.auth.updateUser({ password: encodeDateOfBirth(date) });
        expect(error?.status, date).toBe(422);
        expect(error?.message, date).toBe(message);
      }
      const still = await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth(dateOfBirth) });
      expect(still.error).toBeNull();
    });

    it('refuses a second account for the same e-mail, whatever its case', async () => {
      const first = await signUpUser(server());
      const client = newClient(server().url);
      const password = encodeDateOfBirth('1970-01-01');
      const { data, error } = await client.auth.signUp({
        email: first.email.toUpperCase(),
        password,
        options: { data: { first_name: 'Other', last_name: 'Person', date_of_birth: password, mobile_number: '+27829999999' } },
      });
      expect(data.session).toBeNull();
      expect(error).toBeInstanceOf(AuthApiError);
      expect(error?.message).toBe('An account with this email address already exists. Please sign in instead.');
      const rows = await server().db.query<{ first_name: string }>('select first_name from users where lower(email) = $1', [first.email.toLowerCase()]);
      expect(rows).toEqual([{ first_name: 'Ada' }]);
    });

    it('stores only a slow hash of the credential', async () => {
      const { user, password, dateOfBirth } = await signUpUser(server());
      const rows = await server().db.query<Record<string, unknown>>('select * from users where id = $1', [user.id]);
      const stored = JSON.stringify(rows[0]);
      expect(stored).not.toContain(password);
      expect(stored).not.toContain(dateOfBirth);
      expect(String(rows[0]?.password_hash)).toMatch(/^scrypt\$32768\$8\$1\$/);
    });

    it('signs in with e-mail and encoded date of birth, and refuses a wrong one', async () => {
      const { email, dateOfBirth, user } = await signUpUser(server());
      const client = newClient(server().url);
      const ok = await client.auth.signInWithPassword({ email, password: encodeDateOfBirth(dateOfBirth) });
      expect(ok.error).toBeNull();
      expect(ok.data.user?.id).toBe(user.id);

      const wrong = await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth('1991-01-01') });
      expect(wrong.error).toBeInstanceOf(AuthApiError);
      expect(wrong.error?.status).toBe(400);
      expect(wrong.error?.code).toBe('invalid_credentials');
      expect(wrong.data.session).toBeNull();

      const unknown = await newClient(server().url).auth.signInWithPassword({ email: uniqueEmail('nobody'), password: encodeDateOfBirth(dateOfBirth) });
      expect(unknown.error?.code).toBe('invalid_credentials');
    });

    it('merges user metadata and puts it in the next refreshed token', async () => {
      const { client } = await signUpUser(server());
      const guid = crypto.randomUUID();
      const updated = await client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true, anonymous_guid: guid } });
      expect(updated.error).toBeNull();
      expect(updated.data.user?.user_metadata).toMatchObject({ first_name: 'Ada', is_anonymous: true, anonymity_choice_made: true, anonymous_guid: guid });

      const refreshed = await client.auth.refreshSession();
      expect(refreshed.error).toBeNull();
      const claims = await client.auth.getClaims();
      expect(claims.data?.claims.user_metadata).toMatchObject({ is_anonymous: true, anonymity_choice_made: true, anonymous_guid: guid });

      const refused = await client.auth.updateUser({ data: { role: 'admin' } });
      expect(refused.error?.status).toBe(400);
      const after = await client.auth.getUser();
      expect(after.data.user?.user_metadata).not.toHaveProperty('role');
    });

    it('rotates refresh tokens and revokes the session when an old one is used again', async () => {
      const { client, session } = await signUpUser(server());
      const first = await client.auth.refreshSession();
      expect(first.error).toBeNull();
      expect(first.data.session?.refresh_token).not.toBe(session.refresh_token);

      // Past the grace period (0 s in this suite), replaying the old token is theft: the session ends.
      const replay = await newClient(server().url).auth.refreshSession({ refresh_token: session.refresh_token });
      expect(replay.error?.code).toBe('refresh_token_already_used');
      const newest = first.data.session?.refresh_token ?? '';
      const afterRevoke = await newClient(server().url).auth.refreshSession({ refresh_token: newest });
      expect(afterRevoke.error?.code).toBe('refresh_token_not_found');
    });

    it('signs out: the refresh token stops working', async () => {
      const { client, session } = await signUpUser(server());
      const out = await client.auth.signOut();
      expect(out.error).toBeNull();
      const again = await newClient(server().url).auth.refreshSession({ refresh_token: session.refresh_token });
      expect(again.error?.status).toBe(400);
    });

    it('throttles failed sign-ins per account with a message saying when to try again', async () => {
      const { email, dateOfBirth } = await signUpUser(server());
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const { error } = await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth('2000-01-01') });
        expect(error?.code).toBe('invalid_credentials');
      }
      const locked = await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth('2000-01-02') });
      expect(locked.error?.status).toBe(429);
      expect(locked.error?.message).toMatch(/^Too many failed sign-in attempts for this account\. Please try again in \d+ minutes?/);
      // Even the right date of birth waits now; the recovery mail is the way back in.
      const right = await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth(dateOfBirth) });
      expect(right.error?.status).toBe(429);
    });

    it('lets the owner back in through the reset link while someone else has locked sign-in', async () => {
      const { email, dateOfBirth } = await signUpUser(server());
      for (let attempt = 0; attempt < 4; attempt += 1) {
        await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth('2001-02-03') });
      }
      const locked = await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth(dateOfBirth) });
      expect(locked.error?.status).toBe(429);
      expect((await newClient(server().url).auth.resetPasswordForEmail(email)).error).toBeNull();
      const link = await server().mailedLink(email);
      const opened = await fetch(link ?? '', { redirect: 'manual' });
      expect(new URLSearchParams(new URL(opened.headers.get('location') ?? '').hash.slice(1)).get('type')).toBe('recovery');
      // Opening the link lifted the lock: the right date of birth signs in again.
      const back = await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth(dateOfBirth) });
      expect(back.error).toBeNull();
    });

    it('sends at most one reset mail per account per interval, so someone else asking cannot use up the owner’s way back in', async () => {
      const { email, user } = await signUpUser(server());
      // Reset mails only: a new date of birth also sends the owner a notice.
      const mails = async () =>
        (
          await server().db.query<{ n: number }>(`select count(*)::int as n from mail_outbox where recipient = $1 and subject like '%reset your sign-in'`, [
            email.toLowerCase(),
          ])
        )[0]?.n;
      // Someone else locks sign-in with wrong dates and asks for reset mails over and over.
      for (let attempt = 0; attempt < 4; attempt += 1) {
        await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth('2001-02-03') });
      }
      for (let request = 0; request < 20; request += 1) {
        expect((await newClient(server().url).auth.resetPasswordForEmail(email)).error).toBeNull();
      }
      expect(await mails()).toBe(1);

      // The owner asks too: the answer is the same and no second mail goes out, but the mail already in
      // their mailbox (sent less than the interval ago, valid for an hour) lets them in.
      expect((await newClient(server().url).auth.resetPasswordForEmail(email)).error).toBeNull();
      expect(await mails()).toBe(1);
      const opened = await fetch((await server().mailedLink(email)) ?? '', { redirect: 'manual' });
      const fragment = new URLSearchParams(new URL(opened.headers.get('location') ?? '').hash.slice(1));
      expect(fragment.get('type')).toBe('recovery');
      const owner = newClient(server().url);
      expect(
        (await owner.auth.setSession({ access_token: fragment.get('access_token') ?? '', refresh_token: fragment.get('refresh_token') ?? '' })).error,
      ).toBeNull();
      expect((await owner.auth.updateUser({ password: encodeDateOfBirth('1979-09-09') })).error).toBeNull();
      expect((await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth('1979-09-09') })).error).toBeNull();

      // Once the interval (12 minutes by default) has passed, the next request sends a new mail, and only one.
      await server().db.query(`update users set recovery_mail_at = now() - interval '12 minutes' where id = $1`, [user.id]);
      for (let request = 0; request < 5; request += 1) await newClient(server().url).auth.resetPasswordForEmail(email);
      expect(await mails()).toBe(2);
    });

    it('recovers the account through the mailed link, answering alike for unknown addresses', async () => {
      const { email, dateOfBirth } = await signUpUser(server());
      const redirectTo = `${server().url.replace('127.0.0.1', 'localhost')}/reset-password`;
      const client = newClient(server().url);
      const known = await client.auth.resetPasswordForEmail(email, { redirectTo });
      const unknown = await client.auth.resetPasswordForEmail(uniqueEmail('ghost'), { redirectTo });
      expect(known).toEqual(unknown);
      expect(known.error).toBeNull();

      const link = await server().mailedLink(email);
      expect(link).toMatch(/\/auth\/v1\/verify\?token=[\w-]+&type=recovery&redirect_to=/);
      const response = await fetch(link ?? '', { redirect: 'manual' });
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('location') ?? '');
      expect(location.pathname).toBe('/reset-password');
      const fragment = new URLSearchParams(location.hash.slice(1));
      expect(fragment.get('type')).toBe('recovery');

      const recovering = newClient(server().url);
      const set = await recovering.auth.setSession({ access_token: fragment.get('access_token') ?? '', refresh_token: fragment.get('refresh_token') ?? '' });
      expect(set.error).toBeNull();
      const changed = await recovering.auth.updateUser({ password: encodeDateOfBirth('1985-12-24') });
      expect(changed.error).toBeNull();

      const oldWay = await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth(dateOfBirth) });
      expect(oldWay.error?.code).toBe('invalid_credentials');
      const newWay = await newClient(server().url).auth.signInWithPassword({ email, password: encodeDateOfBirth('1985-12-24') });
      expect(newWay.error).toBeNull();

      // The link works once.
      const reused = await fetch(link ?? '', { redirect: 'manual' });
      expect(new URL(reused.headers.get('location') ?? '').hash).toContain('error_code=otp_expired');
    });

    it('never redirects a recovery session to another origin', async () => {
      const { email } = await signUpUser(server());
      await newClient(server().url).auth.resetPasswordForEmail(email, { redirectTo: 'https://evil.example.com/steal' });
      const link = await server().mailedLink(email);
      const response = await fetch(link ?? '', { redirect: 'manual' });
      expect(new URL(response.headers.get('location') ?? '').origin).not.toBe('https://evil.example.com');
    });
  },
  // The credential hashed at the server's own cost, not the one the other suites lower (test/harness.ts).
  {
    REFRESH_TOKEN_REUSE_GRACE_SECONDS: '0',
    SIGNIN_FAILURES_PER_ACCOUNT_PER_HOUR: '3',
    LOG_LEVEL: 'info',
    PASSWORD_HASH_COST: String(loadConfig({}).PASSWORD_HASH_COST),
  },
);

describeEachDatabase(
  'reset mails when the mail server cannot be reached',
  (server) => {
    it('does not count a mail that could not be sent: the next request tries again at once', async () => {
      const { email, user } = await signUpUser(server());
      for (let request = 0; request < 2; request += 1) {
        const response = await fetch(`${server().url}/auth/v1/recover`, {
          method: 'POST',
          headers: { apikey: 'any-public-key', 'content-type': 'application/json' },
          body: JSON.stringify({ email }),
        });
        expect(response.status).toBe(500);
        expect(await response.json()).toEqual({ code: 500, error_code: 'unexpected_failure', msg: 'Something went wrong on our side. Please try again.' });
      }
      const rows = await server().db.query<{ at: Date | null }>('select recovery_mail_at as at from users where id = $1', [user.id]);
      expect(rows[0]?.at).toBeNull();
      // Both attempts reached the mailer: each recorded its mail before trying to send it.
      const mails = await server().db.query<{ n: number }>('select count(*)::int as n from mail_outbox where recipient = $1 and sent_at is null', [
        email.toLowerCase(),
      ]);
      expect(mails[0]?.n).toBe(2);
    });
  },
  // Nothing listens on port 1 here: the connection is refused at once.
  { SMTP_URL: 'smtp://127.0.0.1:1' },
);
