import { expect, it } from 'vitest';
import { encodeDateOfBirth, SIGNUP_MESSAGES } from '@mc/contract';
import { describeEachDatabase, newClient, signUpUser, uniqueEmail, type TestServer } from '../../test/harness.ts';
import { codeFor, enrolAuthenticator } from '../../test/mfa.ts';

/*
 * What supabase's own auth-js tests expect of Supabase Auth, and this server once answered
 * otherwise (docs/security.md): every 429 says when to come back (Retry-After), the user object
 * carries is_anonymous as the token does, and a malformed e-mail is a 400 validation_failed.
 */

const LIMITS = {
  SIGNIN_FAILURES_PER_ACCOUNT_PER_HOUR: '2',
  MFA_FAILURES_PER_FACTOR_PER_HOUR: '2',
  RECOVERY_PER_ADDRESS_PER_HOUR: '1',
  RPC_CALLS_PER_PERSON_PER_MINUTE: '3',
};

interface Answer {
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}

async function send(server: TestServer, path: string, body: unknown, token?: string): Promise<Answer> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { apikey: 'any-public-key', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Sends until the limit answers 429 (at most `tries` times); answers that 429. */
async function untilLimited(tries: number, request: () => Promise<Answer>): Promise<Answer> {
  for (let attempt = 0; attempt < tries; attempt++) {
    const answer = await request();
    if (answer.status === 429) return answer;
  }
  throw new Error(`no 429 after ${tries} requests`);
}

/** A 429 with a Retry-After of whole seconds, no longer than the limit's window. */
function expectRetryAfter(answer: Answer, windowSeconds: number): void {
  expect(answer.status).toBe(429);
  expect(answer.retryAfter).toMatch(/^\d+$/);
  expect(Number(answer.retryAfter)).toBeGreaterThan(0);
  expect(Number(answer.retryAfter)).toBeLessThanOrEqual(windowSeconds);
}

describeEachDatabase(
  'the auth API as supabase-js expects it',
  (server) => {
    it('says when to come back on every 429: sign-in lock-out, wrong authenticator codes, reset mails, procedure calls', async () => {
      const person = await signUpUser(server());
      const wrongDate = { email: person.email, password: encodeDateOfBirth('1950-01-01') };
      expectRetryAfter(await untilLimited(4, () => send(server(), '/auth/v1/token?grant_type=password', wrongDate)), 3600);

      const enrolled = await signUpUser(server());
      const { factorId, secret } = await enrolAuthenticator(enrolled.client);
      const { data } = await enrolled.client.auth.getSession();
      const token = data.session?.access_token ?? '';
      const wrongCode = async () => {
        const challenge = await send(server(), `/auth/v1/factors/${factorId}/challenge`, {}, token);
        return send(server(), `/auth/v1/factors/${factorId}/verify`, { challenge_id: challenge.body.id, code: codeFor(secret, 10) }, token);
      };
      expectRetryAfter(await untilLimited(4, wrongCode), 3600);

      expectRetryAfter(await untilLimited(3, () => send(server(), '/auth/v1/recover', { email: uniqueEmail('reset') })), 3600);

      const caller = await signUpUser(server());
      expectRetryAfter(await untilLimited(5, () => send(server(), '/rest/v1/rpc/get_my_notifications', {}, caller.session.access_token)), 60);
    });

    it('gives the user object is_anonymous, as the access token has it', async () => {
      const { client, session } = await signUpUser(server());
      expect(session.user.is_anonymous).toBe(false);
      const { data } = await client.auth.getUser();
      expect(data.user?.is_anonymous).toBe(false);
      expect((await client.auth.getClaims()).data?.claims.is_anonymous).toBe(data.user?.is_anonymous);
    });

    it('answers a malformed e-mail at sign-up with 400 validation_failed, in the product’s words', async () => {
      const password = encodeDateOfBirth('1980-02-02');
      for (const email of ['not-an-email', 'two@@example.org', 'spaces in@example.org']) {
        const { data, error } = await newClient(server().url).auth.signUp({
          email,
          password,
          options: { data: { first_name: 'Ada', last_name: 'Lovelace', date_of_birth: password, mobile_number: '+27821234567' } },
        });
        expect(data.session).toBeNull();
        expect({ email, status: error?.status, code: error?.code, message: error?.message }).toEqual({
          email,
          status: 400,
          code: 'validation_failed',
          message: SIGNUP_MESSAGES.email,
        });
      }
    });
  },
  LIMITS,
);
