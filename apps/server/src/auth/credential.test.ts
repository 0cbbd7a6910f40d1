import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { createClient, type RealtimeClientOptions } from '@supabase/supabase-js';
import { encodeDateOfBirth, type Database } from '@mc/contract';
import { describeEachDatabase, newClient, signUpUser, type TestClient, type TestServer } from '../../test/harness.ts';

/**
 * Who may set a new date of birth, and how its owner always gets back in while someone else guesses
 * (docs/security.md#getting-back-in, #changing-the-date-of-birth).
 */

interface Browser {
  client: TestClient;
  /** The browser's cookie for the auth API, as a browser would keep it. */
  cookie: () => string | undefined;
  /** Opens a mailed link in this browser: the session it carries, from the redirect. */
  open: (link: string) => Promise<URLSearchParams>;
}

/** A supabase-js client that keeps the auth API's cookie, as the browser does for the web app. */
function browser(url: string): Browser {
  let cookie: string | undefined;
  const withCookies: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers);
    if (cookie) headers.set('cookie', cookie);
    const response = await fetch(input, { ...init, headers, redirect: 'manual' });
    const set = response.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0];
    return response;
  };
  const client = createClient<Database>(url, 'any-public-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: withCookies },
    realtime: { transport: WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']> },
  });
  return {
    client,
    cookie: () => cookie,
    async open(link) {
      const response = await withCookies(link);
      return new URLSearchParams(new URL(response.headers.get('location') ?? '').hash.slice(1));
    },
  };
}

async function signIn(client: TestClient, email: string, dateOfBirth: string): Promise<number | null> {
  const { error } = await client.auth.signInWithPassword({ email, password: encodeDateOfBirth(dateOfBirth) });
  return error ? (error.status ?? 0) : null;
}

/** Someone else, on their own browser each time, trying dates. */
async function strangerGuesses(server: TestServer, email: string, times: number): Promise<void> {
  for (let attempt = 0; attempt < times; attempt += 1) await signIn(newClient(server.url), email, `1950-01-${String(attempt + 1).padStart(2, '0')}`);
}

async function mailsTo(server: TestServer, email: string, subject: string): Promise<number> {
  const rows = await server.db.query<{ n: number }>('select count(*)::int as n from mail_outbox where recipient = $1 and subject like $2', [
    email.toLowerCase(),
    `%${subject}`,
  ]);
  return rows[0]?.n ?? 0;
}

describeEachDatabase(
  'the date of birth: changing it and getting back in',
  (server) => {
    it('asks for the current date of birth to set a new one, counts wrong ones, and tells the owner', async () => {
      const { client, email, dateOfBirth } = await signUpUser(server());
      const elsewhere = newClient(server().url);
      expect(await signIn(elsewhere, email, dateOfBirth)).toBeNull();

      // A stolen access token alone cannot change it.
      const bare = await client.auth.updateUser({ password: encodeDateOfBirth('1970-01-01') });
      expect(bare.error?.status).toBe(400);
      expect(bare.error?.code).toBe('reauthentication_needed');
      const wrong = await client.auth.updateUser({ password: encodeDateOfBirth('1970-01-01'), current_password: encodeDateOfBirth('1971-02-02') });
      expect(wrong.error?.status).toBe(400);
      expect(wrong.error?.code).toBe('reauthentication_not_valid');
      expect(await signIn(newClient(server().url), email, dateOfBirth)).toBeNull();
      expect((await elsewhere.auth.getUser()).error).toBeNull();
      expect(await mailsTo(server(), email, 'your date of birth was changed')).toBe(0);

      const changed = await client.auth.updateUser({ password: encodeDateOfBirth('1970-01-01'), current_password: encodeDateOfBirth(dateOfBirth) });
      expect(changed.error).toBeNull();
      expect(await signIn(newClient(server().url), email, '1970-01-01')).toBeNull();
      expect((await elsewhere.auth.getUser()).error?.name).toBe('AuthSessionMissingError');
      expect(await mailsTo(server(), email, 'your date of birth was changed')).toBe(1);
    });

    it('stops a session that keeps trying current dates, even with the right one', async () => {
      const { client, dateOfBirth } = await signUpUser(server());
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const { error } = await client.auth.updateUser({
          password: encodeDateOfBirth('1970-01-01'),
          current_password: encodeDateOfBirth(`1960-01-0${attempt + 1}`),
        });
        expect(error?.code).toBe('reauthentication_not_valid');
      }
      const right = await client.auth.updateUser({ password: encodeDateOfBirth('1970-01-01'), current_password: encodeDateOfBirth(dateOfBirth) });
      expect(right.error?.status).toBe(429);
    });

    it('lets a session opened by a reset link set a new date for an hour, without the current one', async () => {
      const { email, user } = await signUpUser(server());
      await newClient(server().url).auth.resetPasswordForEmail(email);
      const owner = browser(server().url);
      const fragment = await owner.open((await server().mailedLink(email)) ?? '');
      const session = { access_token: fragment.get('access_token') ?? '', refresh_token: fragment.get('refresh_token') ?? '' };
      expect((await owner.client.auth.setSession(session)).error).toBeNull();
      expect((await owner.client.auth.updateUser({ password: encodeDateOfBirth('1981-08-08') })).error).toBeNull();
      expect(await mailsTo(server(), email, 'your date of birth was changed')).toBe(1);

      // An hour later the same session needs the current date, as any other.
      await server().db.query(
        `update auth_sessions set amr = jsonb_build_array(jsonb_build_object('method', 'recovery', 'timestamp', extract(epoch from now())::int - 3601))
          where user_id = $1 and revoked_at is null`,
        [user.id],
      );
      const late = await owner.client.auth.updateUser({ password: encodeDateOfBirth('1982-09-09') });
      expect(late.error?.code).toBe('reauthentication_needed');
      expect(await signIn(newClient(server().url), email, '1981-08-08')).toBeNull();
    });

    it('never lets someone else’s wrong guesses lock the owner out of a browser that signed in or opened a reset link', async () => {
      const { email, dateOfBirth } = await signUpUser(server());
      const phone = browser(server().url);
      expect(await signIn(phone.client, email, dateOfBirth)).toBeNull();
      expect(phone.cookie()).toMatch(/^mc_device=/);

      // Someone else locks the account: any new browser waits, even with the right date.
      await strangerGuesses(server(), email, 4);
      expect(await signIn(newClient(server().url), email, dateOfBirth)).toBe(429);
      // The owner's phone does not.
      expect(await signIn(phone.client, email, dateOfBirth)).toBeNull();

      // A new laptop waits too, until the owner opens the reset link on it.
      const laptop = browser(server().url);
      expect(await signIn(laptop.client, email, dateOfBirth)).toBe(429);
      await newClient(server().url).auth.resetPasswordForEmail(email);
      expect((await laptop.open((await server().mailedLink(email)) ?? '')).get('type')).toBe('recovery');
      // The stranger keeps guessing and locks the account again; the laptop is the owner's now.
      await strangerGuesses(server(), email, 4);
      expect(await signIn(newClient(server().url), email, dateOfBirth)).toBe(429);
      expect(await signIn(laptop.client, email, dateOfBirth)).toBeNull();

      // A forged cookie is no way round the lock.
      const forged = `${phone.cookie()?.slice(0, -2) ?? ''}${phone.cookie()?.endsWith('AA') ? 'BB' : 'AA'}`;
      const withForged = await fetch(`${server().url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: 'any-public-key', 'content-type': 'application/json', cookie: forged },
        body: JSON.stringify({ email, password: encodeDateOfBirth(dateOfBirth) }),
      });
      expect(withForged.status).toBe(429);
    });

    it('counts wrong dates on a trusted browser against that browser, and forgets it when the date of birth changes', async () => {
      const { email, dateOfBirth } = await signUpUser(server());
      const phone = browser(server().url);
      expect(await signIn(phone.client, email, dateOfBirth)).toBeNull();
      for (let attempt = 0; attempt < 3; attempt += 1) expect(await signIn(phone.client, email, '1999-01-01')).toBe(400);
      expect(await signIn(phone.client, email, dateOfBirth)).toBe(429);
      // The account itself is not locked by them.
      expect(await signIn(newClient(server().url), email, dateOfBirth)).toBeNull();

      // A new date of birth: tokens given for the old one are worth nothing.
      const tablet = browser(server().url);
      expect(await signIn(tablet.client, email, dateOfBirth)).toBeNull();
      const other = browser(server().url);
      expect(await signIn(other.client, email, dateOfBirth)).toBeNull();
      expect(
        (await other.client.auth.updateUser({ password: encodeDateOfBirth('1977-07-07'), current_password: encodeDateOfBirth(dateOfBirth) })).error,
      ).toBeNull();
      await strangerGuesses(server(), email, 4);
      expect(await signIn(tablet.client, email, '1977-07-07')).toBe(429);
      // The browser that made the change got a token for the new date.
      expect(await signIn(other.client, email, '1977-07-07')).toBeNull();
    });
  },
  { SIGNIN_FAILURES_PER_ACCOUNT_PER_HOUR: '3', LOG_LEVEL: 'info' },
);
