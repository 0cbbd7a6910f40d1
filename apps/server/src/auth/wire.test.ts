import { expect, it } from 'vitest';
import { AuthApiError } from '@supabase/supabase-js';
import { encodeDateOfBirth } from '@mc/contract';
import { describeEachDatabase, newClient, signUpUser, uniqueEmail } from '../../test/harness.ts';
import { signUpOrganiser } from '../../test/organisers.ts';

/** The auth API answering as Supabase Auth (GoTrue) does, through supabase-js and raw HTTP. */

async function post(url: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; headers: Headers; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { apikey: 'any-public-key', 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

describeEachDatabase('the auth API as Supabase Auth answers it', (server) => {
  it('records the sign-up as the first sign-in, which the console shows', async () => {
    const { client, user } = await signUpUser(server());
    expect(user.last_sign_in_at).toEqual(expect.any(String));
    expect((await client.auth.getUser()).data.user?.last_sign_in_at).toBe(user.last_sign_in_at);
    const organiser = await signUpOrganiser(server());
    const activity = await organiser.client.rpc('get_attendee_activity', { p_user_id: user.id });
    expect(activity.error).toBeNull();
    expect(activity.data?.last_sign_in_at).toEqual(expect.any(String));
  });

  it('refuses to change the e-mail address or set a phone, and changes nothing', async () => {
    const { client, email, user } = await signUpUser(server());
    const other = uniqueEmail('moved');
    const moved = await client.auth.updateUser({ email: other });
    expect(moved.error).toBeInstanceOf(AuthApiError);
    expect(moved.error?.status).toBe(422);
    expect(moved.error?.code).toBe('validation_failed');
    expect(moved.error?.message).toBe('The e-mail address of an account cannot be changed');
    const phone = await client.auth.updateUser({ phone: '+27821234567' });
    expect(phone.error?.status).toBe(422);
    // The same address, in any case, is no change.
    expect((await client.auth.updateUser({ email: email.toUpperCase(), data: { first_name: 'Ida' } })).error).toBeNull();
    const rows = await server().db.query<{ email: string; first_name: string }>('select email, first_name from users where id = $1', [user.id]);
    expect(rows[0]).toEqual({ email: email.toLowerCase(), first_name: 'Ida' });
  });

  it('refuses unknown user data keys at sign-up as it does on update', async () => {
    const email = uniqueEmail('keys');
    const password = encodeDateOfBirth('1980-04-04');
    const data = { first_name: 'Kim', last_name: 'Lee', mobile_number: '+27821234567', date_of_birth: password, role: 'admin' };
    const signUp = await newClient(server().url).auth.signUp({ email, password, options: { data } });
    expect(signUp.error?.status).toBe(400);
    expect(signUp.error?.code).toBe('validation_failed');
    expect(signUp.error?.message).toBe('Invalid user data (data: Unrecognized key: "role")');
    expect(await server().db.query('select 1 from users where email = $1', [email])).toHaveLength(0);

    const { client } = await signUpUser(server());
    const update = await client.auth.updateUser({ data: { role: 'admin' } });
    expect(update.error?.status).toBe(400);
    expect(update.error?.message).toBe('Invalid user data (data: Unrecognized key: "role")');
  });

  it('refuses sign-out without a token (401) or with a forged one (403); supabase-js still signs out', async () => {
    const logout = `${server().url}/auth/v1/logout`;
    const none = await post(logout);
    expect(none.status).toBe(401);
    expect(none.body).toEqual({ code: 401, error_code: 'no_authorization', msg: 'This endpoint requires a Bearer token' });
    const garbage = await post(logout, { authorization: 'Bearer not.a.token' });
    expect(garbage.status).toBe(403);
    expect(garbage.body).toMatchObject({ code: 403, error_code: 'bad_jwt' });

    const { client, session } = await signUpUser(server());
    expect((await client.auth.signOut()).error).toBeNull();
    // The session is over; signing out with its token again is no error.
    expect((await post(logout, { authorization: `Bearer ${session.access_token}` })).status).toBe(204);
  });

  it('answers errors in the 2024-01-01 shape when asked, and echoes the version', async () => {
    const token = `${server().url}/auth/v1/token?grant_type=password`;
    const wrong = { email: uniqueEmail('nobody'), password: encodeDateOfBirth('1990-01-01') };
    const newer = await post(token, { 'x-supabase-api-version': '2024-01-01' }, wrong);
    expect(newer.status).toBe(400);
    expect(newer.body).toEqual({ code: 'invalid_credentials', message: 'Invalid login credentials' });
    expect(newer.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    // A later date gets the newest shape this server knows, the last day of the calendar too; an
    // earlier one, a date that does not exist or no date at all, the first.
    // (Each try names another unknown account, so that none is locked out by the wrong tries.)
    const another = () => ({ ...wrong, email: uniqueEmail('nobody') });
    for (const version of ['2025-06-30', '2028-02-29', '9999-12-31']) {
      expect((await post(token, { 'x-supabase-api-version': version }, another())).body, version).toEqual(newer.body);
    }
    for (const version of ['2023-12-31', '2024-02-31', '2025-02-29', '2024-13-01', 'yesterday', '']) {
      const first = await post(token, { 'x-supabase-api-version': version }, another());
      expect(first.body, version).toEqual({ code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
      expect(first.headers.get('x-supabase-api-version'), version).toBeNull();
    }
    // Errors from outside the routes answer alike: an unknown auth path, a missing token.
    const unknown = await post(`${server().url}/auth/v1/nowhere`, { 'x-supabase-api-version': '2024-01-01' });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'not_found', message: 'Nothing at POST /auth/v1/nowhere' } });
    expect((await post(`${server().url}/auth/v1/logout`, { 'x-supabase-api-version': '2024-01-01' })).body).toEqual({
      code: 'no_authorization',
      message: 'This endpoint requires a Bearer token',
    });

    // supabase-js sends the header itself and reads the newer shape.
    const { error } = await newClient(server().url).auth.signInWithPassword(wrong);
    expect(error).toBeInstanceOf(AuthApiError);
    expect(error?.code).toBe('invalid_credentials');
    expect(error?.message).toBe('Invalid login credentials');
  });

  it('puts is_anonymous and phone in access tokens, as Supabase Auth always does', async () => {
    const { client } = await signUpUser(server());
    const claims = (await client.auth.getClaims()).data?.claims;
    expect(claims?.is_anonymous).toBe(false);
    expect(claims?.phone).toBe('');
    // The product's anonymity choice stays in user_metadata.
    expect((await client.auth.updateUser({ data: { is_anonymous: true, anonymity_choice_made: true, anonymous_guid: crypto.randomUUID() } })).error).toBeNull();
    await client.auth.refreshSession();
    const after = (await client.auth.getClaims()).data?.claims;
    expect(after?.is_anonymous).toBe(false);
    expect(after?.user_metadata).toMatchObject({ is_anonymous: true });
  });
});
