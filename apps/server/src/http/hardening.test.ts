import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeDateOfBirth } from '@mc/contract';
import { loadSigningKeys, newPrivateJwk, type SigningKeys } from '../auth/keys.ts';
import { backends, signUpUser, startTestServer, uniqueEmail, type TestServer } from '../../test/harness.ts';

/**
 * The protections against bad input, each through the real HTTP interface, on every database.
 * docs/security.md lists each protection with the test here that proves it.
 */

interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

async function send(url: string, init: { method?: string; body?: unknown; raw?: string; token?: string } = {}): Promise<Answer> {
  const response = await fetch(url, {
    method: init.method ?? 'POST',
    headers: { apikey: 'any-public-key', 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    ...(init.raw !== undefined ? { body: init.raw } : init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: Record<string, unknown>;
  try {
    body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
  } catch {
    body = { text };
  }
  return { status: response.status, headers: response.headers, body };
}

/** PostgREST's error shape: exactly these four fields. */
function expectPostgrestShape(answer: Answer): void {
  expect(Object.keys(answer.body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  expect(typeof answer.body.code).toBe('string');
  expect(typeof answer.body.message).toBe('string');
}

/** Supabase Auth's error shape. */
function expectAuthShape(answer: Answer, status: number): void {
  expect(answer.body).toMatchObject({ code: status, error_code: expect.any(String), msg: expect.any(String) });
}

const NUL = 'nul\u0000here';

for (const backend of backends) {
  describe(`hardening against bad input [${backend}]`, () => {
    let server: TestServer;
    let keys: SigningKeys;
    const log: string[] = [];
    beforeAll(async () => {
      const jwk = await newPrivateJwk();
      keys = await loadSigningKeys({ fromEnv: JSON.stringify(jwk), dataDir: 'memory://' });
      server = await startTestServer(
        backend,
        { JWT_PRIVATE_KEY: JSON.stringify(jwk), LOG_LEVEL: 'info', RPC_DIRECTORY_CALLS_PER_PERSON_PER_HOUR: '25' },
        { logStream: { write: (line) => void log.push(line) } },
      );
    });
    afterAll(async () => {
      await server.close();
    });
    const rpc = (name: string) => `${server.url}/rest/v1/rpc/${name}`;
    const auth = (path: string) => `${server.url}/auth/v1${path}`;

    it('answers a NUL character in any procedure or auth text with 400 naming the parameter, and stores nothing', async () => {
      const { session, user, email } = await signUpUser(server);
      const profile = await send(rpc('register_user_profile'), {
        token: session.access_token,
        body: { p_first_name: NUL, p_last_name: 'Jemison', p_email: email, p_mobile: '+27831112222', p_hashed_birthday: 'x' },
      });
      expect(profile.status).toBe(400);
      expectPostgrestShape(profile);
      expect(profile.body.message).toBe('Invalid parameter p_first_name must not contain a NUL character');
      const rows = await server.db.query<{ first_name: string }>('select first_name from users where id = $1', [user.id]);
      expect(rows[0]?.first_name).toBe('Ada');

      const search = await send(rpc('search_users_with_profiles'), { token: session.access_token, body: { p_search_term: NUL } });
      expect(search.status).toBe(400);
      expect(search.body.message).toContain('p_search_term');

      const password = encodeDateOfBirth('1980-01-01');
      const signupEmail = uniqueEmail('nul');
      const signup = await send(auth('/signup'), {
        body: { email: signupEmail, password, data: { first_name: 'A', last_name: NUL, date_of_birth: password, mobile_number: '+27821234567' } },
      });
      expect(signup.status).toBe(400);
      expectAuthShape(signup, 400);
      expect(signup.body.msg).toBe('Invalid field data.last_name must not contain a NUL character');
      expect(await server.db.query('select 1 from users where email = $1', [signupEmail])).toHaveLength(0);

      const signin = await send(auth('/token?grant_type=password'), { body: { email: `a${NUL}@example.org`, password } });
      expect(signin.status).toBe(400);
      expect(signin.body.msg).toContain('email');
      const recover = await send(auth('/recover'), { body: { email: `a${NUL}@example.org` } });
      expect(recover.status).toBe(400);
      const update = await send(auth('/user'), { method: 'PUT', token: session.access_token, body: { data: { first_name: NUL } } });
      expect(update.status).toBe(400);
      expect(update.body.msg).toContain('data.first_name');
      // A lone surrogate would be stored as U+FFFD, changed behind the person's back: refused too.
      const surrogate = await send(rpc('search_users_with_profiles'), { token: session.access_token, raw: '{"p_search_term":"a\\ud800b"}' });
      expect(surrogate.status).toBe(400);
      expect(surrogate.body.message).toBe('Invalid parameter p_search_term must be valid Unicode text');
      expect(log.join('')).not.toContain('"level":50');
    });

    it('writes no statement parameter, e-mail, mobile or credential hash to the log when the database fails', async () => {
      const email = uniqueEmail('private.log');
      const mobile = '+27839998877';
      const password = encodeDateOfBirth('1977-04-05');
      // The next sign-up's insert fails inside the database, with every personal value as a parameter.
      await server.db.exec('alter table users rename column mobile to mobile_hidden');
      let answer: Answer;
      try {
        answer = await send(auth('/signup'), {
          body: { email, password, data: { first_name: 'Private', last_name: 'Person', date_of_birth: password, mobile_number: mobile } },
        });
      } finally {
        await server.db.exec('alter table users rename column mobile_hidden to mobile');
      }
      expect(answer.status).toBe(500);
      const text = log.join('');
      const failure = text.split('\n').find((line) => line.includes('auth request failed'));
      expect(failure, 'the failure is logged').toBeDefined();
      expect(failure).toContain('42703');
      for (const secret of [email, email.toLowerCase(), mobile, password, 'scrypt$', 'Private', '"params"', '"query"']) {
        expect(text.includes(secret), `the log contains ${secret}`).toBe(false);
      }
    });

    it('treats repeated or array-valued parameters as bad input on every route', async () => {
      const verify = await send(auth('/verify?type=recovery&token=a&token=b'), { method: 'GET' });
      expect(verify.status).toBe(400);
      expectAuthShape(verify, 400);
      expect(verify.body.msg).toBe('Invalid query parameter token must be given once, as a single value');
      const grant = await send(auth('/token?grant_type=password&grant_type=refresh_token'), { body: {} });
      expect(grant.status).toBe(400);
      expect((await send(auth('/recover?redirect_to=a&redirect_to=b'), { body: { email: 'a@example.org' } })).status).toBe(400);
      const { session } = await signUpUser(server);
      const viaQuery = await send(`${rpc('get_all_missions')}?a=1&a=2`, { token: session.access_token, body: {} });
      expect(viaQuery.status).toBe(400);
      expectPostgrestShape(viaQuery);
      const arrayParam = await send(rpc('get_mission_members'), { token: session.access_token, body: { p_mission_id: ['a', 'b'] } });
      expect(arrayParam.status).toBe(400);
      expect(arrayParam.body.message).toContain('p_mission_id');
      const arrayEmail = await send(auth('/token?grant_type=password'), { body: { email: ['a@example.org', 'b@example.org'], password: 'x' } });
      expect(arrayEmail.status).toBe(400);
    });

    it('refuses an access token without exp or iat, as Supabase Auth does', async () => {
      const { user, session } = await signUpUser(server);
      const sign = (claims: { exp?: boolean; iat?: boolean }) => {
        let jwt = new SignJWT({ email: user.email, role: 'authenticated', session_id: String(session.user.id), user_metadata: {}, app_metadata: {} })
          .setProtectedHeader({ alg: 'ES256', kid: keys.kid, typ: 'JWT' })
          .setSubject(user.id)
          .setAudience('authenticated');
        if (claims.iat) jwt = jwt.setIssuedAt();
        if (claims.exp) jwt = jwt.setExpirationTime('1h');
        return jwt.sign(keys.privateKey);
      };
      const body = { auth_id: user.id };
      const forever = await send(rpc('get_user_by_auth'), { token: await sign({ iat: true }), body });
      expect(forever.status).toBe(401);
      expectPostgrestShape(forever);
      expect((await send(rpc('get_user_by_auth'), { token: await sign({ exp: true }), body })).status).toBe(401);
      expect((await send(auth('/user'), { method: 'GET', token: await sign({ iat: true }) })).status).toBe(403);
      // The same claims with both present are accepted: the refusal is about exp and iat alone.
      expect((await send(rpc('get_user_by_auth'), { token: await sign({ exp: true, iat: true }), body })).status).toBe(200);
    });

    it('answers everything under /rest/v1 in PostgREST’s shape', async () => {
      const { session } = await signUpUser(server);
      const long = await send(rpc('x'.repeat(500)), { token: session.access_token, body: {} });
      expect(long.status).toBe(414);
      expectPostgrestShape(long);
      const unknownPath = await send(`${server.url}/rest/v1/users`, { method: 'GET', token: session.access_token });
      expect(unknownPath.status).toBe(404);
      expectPostgrestShape(unknownPath);
      for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
        const wrongMethod = await send(rpc('get_all_missions'), { method, token: session.access_token, ...(method === 'GET' ? {} : { body: {} }) });
        expect(wrongMethod.status, method).toBe(405);
        expectPostgrestShape(wrongMethod);
      }
      const unknownProcedure = await send(rpc('no_such_function'), { token: session.access_token, body: {} });
      expect(unknownProcedure.status).toBe(404);
      expectPostgrestShape(unknownProcedure);
      const badEncoding = await send(`${server.url}/rest/v1/rpc/%E0%A4%A`, { token: session.access_token, body: {} });
      expect(badEncoding.status).toBe(400);
      expectPostgrestShape(badEncoding);
      const tooBig = await send(rpc('get_all_missions'), { token: session.access_token, raw: JSON.stringify({ p: 'x'.repeat(70_000) }) });
      expect(tooBig.status).toBe(413);
      expectPostgrestShape(tooBig);
      const unknownAuth = await send(auth('/nothing-here'), { method: 'GET' });
      expect(unknownAuth.status).toBe(404);
      expectAuthShape(unknownAuth, 404);
    });

    it('serves /index.html with the runtime configuration, and answers HEAD on app routes', async () => {
      const root = await (await fetch(`${server.url}/`)).text();
      const index = await fetch(`${server.url}/index.html`);
      expect(index.status).toBe(200);
      expect(index.headers.get('content-type')).toContain('text/html');
      const indexText = await index.text();
      expect(indexText).toBe(root);
      expect(indexText).toContain('programmeName');
      for (const path of ['/', '/signin', '/index.html', '/missions/anything']) {
        const head = await fetch(`${server.url}${path}`, { method: 'HEAD' });
        expect(head.status, path).toBe(200);
        expect(head.headers.get('content-type'), path).toContain('text/html');
      }
      expect((await fetch(`${server.url}/no-such-file.js`, { method: 'HEAD' })).status).toBe(404);
    });

    it('limits how often one person may look other people up, with a clear 429, and not anyone else', async () => {
      const harvester = await signUpUser(server);
      const neighbour = await signUpUser(server);
      const search = (token: string) => send(rpc('search_users_with_profiles'), { token, body: { p_search_term: 'a' } });
      for (let call = 0; call < 25; call += 1) expect((await search(harvester.session.access_token)).status).toBe(200);
      const refused = await search(harvester.session.access_token);
      expect(refused.status).toBe(429);
      expectPostgrestShape(refused);
      expect(refused.body.message).toMatch(/^You are doing this too often\. Please wait \d+ minutes? and try again\.$/);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      // The same hourly allowance covers the team list, which also carries e-mail addresses.
      expect((await send(rpc('get_mission_members'), { token: harvester.session.access_token, body: { p_mission_id: crypto.randomUUID() } })).status).toBe(429);
      // Other procedures and other people are not affected.
      expect((await send(rpc('get_all_missions'), { token: harvester.session.access_token, body: {} })).status).toBe(200);
      expect((await search(neighbour.session.access_token)).status).toBe(200);
    });
  });
}
