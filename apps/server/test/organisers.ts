import { expect } from 'vitest';
import { ORGANISER_MESSAGES } from '@mc/contract';
import { enrolAuthenticator, type Authenticator } from './mfa.ts';
import { newClient, signUpUser, untyped, type TestServer, type TestUser } from './harness.ts';

export type TestOrganiser = TestUser & Authenticator;

/**
 * A signed-up person made an organiser directly in the database (the CLI and console are tested
 * elsewhere), with an authenticator enrolled: their client's session is at aal2, as organiser
 * calls require.
 */
export async function signUpOrganiser(server: TestServer, overrides: Parameters<typeof signUpUser>[1] = {}): Promise<TestOrganiser> {
  const user = await signUpOrganiserWithoutFactor(server, overrides);
  const authenticator = await enrolAuthenticator(user.client);
  // The verified code replaced the session's tokens: keep the aal2 ones.
  const { data } = await user.client.auth.getSession();
  if (!data.session) throw new Error('no session after enrolment');
  return { ...user, session: data.session, ...authenticator };
}

/** An organiser who has not set up an authenticator yet (aal1). */
export async function signUpOrganiserWithoutFactor(server: TestServer, overrides: Parameters<typeof signUpUser>[1] = {}): Promise<TestUser> {
  const user = await signUpUser(server, overrides);
  await server.db.query(`insert into organisers (user_id, granted_by) values ($1, 'test')`, [user.user.id]);
  return user;
}

/**
 * Proves an organiser procedure refuses everyone else: 401 signed out, 403 42501 for an attendee
 * (whatever the parameters), and that the refusal wrote nothing to the audit log.
 */
export async function expectOrganiserOnly(server: TestServer, name: string, params: Record<string, unknown>): Promise<void> {
  const auditBefore = await auditCount(server);
  const signedOut = await untyped(newClient(server.url)).rpc(name, params);
  expect(signedOut.status).toBe(401);
  expect(signedOut.data).toBeNull();

  const attendee = await signUpUser(server);
  for (const body of [params, {}]) {
    const refused = await untyped(attendee.client).rpc(name, body);
    expect(refused.status).toBe(403);
    expect(refused.error?.code).toBe('42501');
    expect(refused.error?.message).toBe(ORGANISER_MESSAGES.organisersOnly);
    expect(refused.data).toBeNull();
  }
  expect(await auditCount(server)).toBe(auditBefore);
}

export async function auditCount(server: TestServer): Promise<number> {
  const [row] = await server.db.query<{ n: number }>('select count(*)::int as n from audit_log');
  return row?.n ?? 0;
}
