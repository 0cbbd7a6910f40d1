import { expect, it } from 'vitest';
import { encodeDateOfBirth } from '@mc/contract';
import { describeEachDatabase, newClient, signUpUser, type TestServer, type TestUser } from '../../test/harness.ts';
import { TestClock } from '../../test/clock.ts';
import { codeAt } from '../../test/mfa.ts';

const STEP_MS = 30_000;

/**
 * The server checks authenticator codes by the clock the composition root hands it: here a clock
 * the test moves on, so the next code, or the end of a lock, comes when the test says and nobody
 * waits for thirty seconds or an hour.
 */
const clock = new TestClock();

async function signIn(server: TestServer, person: TestUser) {
  const client = newClient(server.url);
  const { error } = await client.auth.signInWithPassword({ email: person.email, password: encodeDateOfBirth(person.dateOfBirth) });
  if (error) throw error;
  return client;
}

/** Signs up and enrols an authenticator with the code of the server's current step. */
async function enrolled(server: TestServer): Promise<TestUser & { factorId: string; secret: string }> {
  const person = await signUpUser(server);
  const enrolment = await person.client.auth.mfa.enroll({ factorType: 'totp' });
  if (enrolment.error) throw enrolment.error;
  const { id: factorId, totp } = enrolment.data;
  const verified = await person.client.auth.mfa.challengeAndVerify({ factorId, code: codeAt(totp.secret, clock.now()) });
  if (verified.error) throw verified.error;
  return { ...person, factorId, secret: totp.secret };
}

describeEachDatabase(
  'authenticator codes by the server clock',
  (server) => {
    it('takes each code once, the next one when its step comes, and no longer one the clock has left behind', async () => {
      const person = await enrolled(server());
      const client = await signIn(server(), person);
      const used = await client.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeAt(person.secret, clock.now()) });
      expect(used.error?.message).toBe('That code has already been used. Wait for the next code and enter it.');

      clock.advance(STEP_MS);
      const next = await client.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeAt(person.secret, clock.now()) });
      expect(next.error).toBeNull();

      // Three steps on, a code of the step before the enrolment's is not current any more, though
      // the machine's own clock has hardly moved.
      clock.advance(3 * STEP_MS);
      const other = await signIn(server(), person);
      const stale = await other.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeAt(person.secret, clock.now() - 4 * STEP_MS) });
      expect(stale.error?.message).toBe('That code is not right. Enter the 6-digit code your authenticator app shows now.');
      const current = await other.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeAt(person.secret, clock.now()) });
      expect(current.error).toBeNull();
    });

    it('locks an authenticator after too many wrong codes until the hour is over, then takes the right code', async () => {
      const person = await enrolled(server());
      const client = await signIn(server(), person);
      const wrong = codeAt(person.secret, clock.now() + 10 * STEP_MS);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const { error } = await client.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: wrong });
        expect(error?.status).toBe(422);
      }
      // The clock stands still, so the lock and the wrong codes fall in the same hour; the code of the
      // step after the enrolment's is right and unused.
      const locked = await client.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeAt(person.secret, clock.now() + STEP_MS) });
      expect(locked.error?.status).toBe(429);
      const minutes = Number(/try again in (\d+) minute/.exec(locked.error?.message ?? '')?.[1]);
      expect(minutes).toBeGreaterThanOrEqual(1);
      expect(minutes).toBeLessThanOrEqual(60);

      clock.advance(minutes * 60_000);
      const open = await client.auth.mfa.challengeAndVerify({ factorId: person.factorId, code: codeAt(person.secret, clock.now()) });
      expect(open.error).toBeNull();
    });
  },
  { MFA_FAILURES_PER_FACTOR_PER_HOUR: '3' },
  { clock },
);
