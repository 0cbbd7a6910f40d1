import { readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { preferredEncoding } from '../http/accept-encoding.ts';
import { SERVER_BUSY_MESSAGE } from '../http/errors.ts';
import { describeEachDatabase, newClient, signUpUser, untyped } from '../../test/harness.ts';
import { createMission } from '../../test/factories.ts';

/** The built web app the test server serves (`npm run build` makes it, compressed copies included). */
const WEB_DIST = resolve('dist/web');

describeEachDatabase('procedure calls over PostgREST’s wire shape', (server) => {
  const post = (path: string, body: string, token?: string, contentType = 'application/json') =>
    fetch(`${server().url}/rest/v1/rpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': contentType, apikey: 'key', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body,
    });

  it('answers register_user_profile and get_user_by_auth for the caller', async () => {
    const { client, user, email } = await signUpUser(server(), { firstName: 'Mae', lastName: 'Jemison' });
    const registered = await client.rpc('register_user_profile', {
      p_first_name: ' Mae ',
      p_last_name: 'Jemison',
      p_email: email,
      p_mobile: '+27831112222',
      p_hashed_birthday: 'ignored',
    });
    expect(registered.error).toBeNull();
    const { data, error } = await client.rpc('get_user_by_auth', { auth_id: user.id });
    expect(error).toBeNull();
    expect(data).toEqual([
      {
        id: user.id,
        first_name: 'Mae',
        last_name: 'Jemison',
        email: user.email,
        mobile: '+27831112222',
        pre_survey_completed: false,
        post_survey_completed: false,
      },
    ]);
  });

  it('holds a mobile number to the sign-up rule (9 to 19 digits) in register_user_profile and a metadata update', async () => {
    const { client, email } = await signUpUser(server());
    const register = (mobile: string) =>
      client.rpc('register_user_profile', { p_first_name: 'Mae', p_last_name: 'Jemison', p_email: email, p_mobile: mobile, p_hashed_birthday: 'ignored' });
    for (const tooShortOrLong of ['+12345678', '+12345678901234567890']) {
      const refused = await register(tooShortOrLong);
      expect(refused.error?.code).toBe('P0001');
      expect(refused.error?.message).toBe('Please enter a valid mobile number');
      expect((await client.auth.updateUser({ data: { mobile_number: tooShortOrLong } })).error?.status).toBe(400);
    }
    for (const fits of ['+123456789', '+1234567890123456789']) {
      expect((await register(fits)).error).toBeNull();
      expect((await client.auth.updateUser({ data: { mobile_number: fits } })).error).toBeNull();
    }
  });

  it('marks every procedure answer as not to be sniffed or cached', async () => {
    const { session, user } = await signUpUser(server());
    for (const body of [JSON.stringify({ auth_id: user.id }), '{broken']) {
      const response = await post('get_user_by_auth', body, session.access_token);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(response.headers.get('content-type')).toContain('application/json');
    }
  });

  it('refuses acting for someone else with 403', async () => {
    const alice = await signUpUser(server());
    const bob = await signUpUser(server());
    const { data, error, status } = await alice.client.rpc('get_user_by_auth', { auth_id: bob.user.id });
    expect(status).toBe(403);
    expect(error?.code).toBe('42501');
    expect(error?.message).toBe('auth_id must be your own user id');
    expect(data).toBeNull();
  });

  it('answers 401 without a signed-in user, and for a forged token', async () => {
    const anonymous = await newClient(server().url).rpc('get_user_by_auth', { auth_id: crypto.randomUUID() });
    expect(anonymous.status).toBe(401);
    expect(anonymous.error?.message).toBe('You must be signed in to do this');

    const { session } = await signUpUser(server());
    const [header, payload] = session.access_token.split('.');
    const forged = await post('get_user_by_auth', JSON.stringify({ auth_id: crypto.randomUUID() }), `${header}.${payload}.c2lnbmF0dXJl`);
    expect(forged.status).toBe(401);
  });

  it('answers 404 for an unknown procedure', async () => {
    const { client } = await signUpUser(server());
    const { status, error } = await untyped(client).rpc('drop_everything', {});
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST202');
  });

  it('answers a database out of connections or memory with 503 "too busy" and stays ready; a full disk is another answer', async () => {
    const voter = await signUpUser(server());
    const { mission } = await createMission(server());
    // The database itself raises what PostgreSQL says when every connection slot is taken.
    await server().db.exec(`create function refuse_for_now() returns trigger language plpgsql as $$
      begin raise exception 'sorry, too many clients already' using errcode = '53300'; end $$;
      create trigger refuse_for_now before insert on mission_votes for each row execute function refuse_for_now();
      create trigger refuse_for_now before insert on refresh_tokens for each row execute function refuse_for_now();`);
    try {
      const vote = await post('toggle_mission_vote', JSON.stringify({ p_mission_id: mission.mission_id }), voter.session.access_token);
      expect(vote.status).toBe(503);
      expect(vote.headers.get('retry-after')).toBe('5');
      expect(await vote.json()).toEqual({ code: '53300', message: SERVER_BUSY_MESSAGE, details: null, hint: null });
      const signIn = await fetch(`${server().url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', apikey: 'key' },
        body: JSON.stringify({ email: voter.email, password: voter.password }),
      });
      expect(signIn.status).toBe(503);
      expect(await signIn.json()).toEqual({ code: 503, error_code: 'service_unavailable', msg: SERVER_BUSY_MESSAGE });
      // Not a full disk: the instance stays ready for the load balancer.
      expect((await fetch(`${server().url}/readyz`)).status).toBe(200);
    } finally {
      await server().db.exec(`drop trigger refuse_for_now on mission_votes; drop trigger refuse_for_now on refresh_tokens; drop function refuse_for_now();`);
    }
    const again = await post('toggle_mission_vote', JSON.stringify({ p_mission_id: mission.mission_id }), voter.session.access_token);
    expect(again.status).toBe(200);
  });

  it('turns garbage into a clear 4xx and never a 500', async () => {
    const { session, user } = await signUpUser(server());
    const token = session.access_token;
    const cases: { body: string; contentType?: string; status: number; message: RegExp }[] = [
      { body: '{not json', status: 400, message: /not valid JSON/ },
      { body: JSON.stringify({ auth_id: 42 }), status: 400, message: /^Invalid parameter auth_id/ },
      { body: JSON.stringify({ auth_id: 'not-a-uuid' }), status: 400, message: /^Invalid parameter auth_id/ },
      { body: JSON.stringify({ auth_id: user.id, extra: true }), status: 400, message: /^Invalid parameter/ },
      { body: JSON.stringify({}), status: 400, message: /^Invalid parameter auth_id/ },
      { body: JSON.stringify([1, 2, 3]), status: 400, message: /^Invalid parameter/ },
      { body: JSON.stringify({ auth_id: 'x'.repeat(100_000) }), status: 413, message: /too large/i },
      { body: 'auth_id=1', contentType: 'text/plain', status: 415, message: /Unsupported Media Type|content-type/i },
    ];
    for (const testCase of cases) {
      const response = await post('get_user_by_auth', testCase.body, token, testCase.contentType);
      const body = (await response.json()) as { message: string; code: string };
      expect({ status: response.status, message: body.message }).toEqual({ status: testCase.status, message: expect.stringMatching(testCase.message) });
    }
    // Nothing changed for the user.
    const rows = await server().db.query<{ first_name: string }>('select first_name from users where id = $1', [user.id]);
    expect(rows).toEqual([{ first_name: 'Ada' }]);
  });
});

describeEachDatabase(
  'the web app',
  (server) => {
    it('serves index.html for every client route, with the runtime configuration and strict headers', async () => {
      for (const path of ['/', '/dashboard', '/mission/123', '/some/unknown/place']) {
        const response = await fetch(`${server().url}${path}`);
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toContain('text/html');
        const csp = response.headers.get('content-security-policy') ?? '';
        expect(csp).toContain("script-src 'self'");
        expect(csp).toContain("object-src 'none'");
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        const html = await response.text();
        expect(html).toContain('&quot;programmeName&quot;:&quot;Community Mission Game 2025&quot;');
      }
    });

    it('sends assets as the build compressed them: brotli when accepted, else gzip, else as they are; hashed ones cacheable for a year', async () => {
      const html = await (await fetch(`${server().url}/`)).text();
      const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)?.[1];
      expect(script).toMatch(/^\/assets\/.+\.js$/);
      const file = join(WEB_DIST, script ?? '');
      const forms = [
        { accept: 'gzip, deflate, br, zstd', encoding: 'br', bytes: statSync(`${file}.br`).size },
        { accept: 'gzip, br;q=0', encoding: 'gzip', bytes: statSync(`${file}.gz`).size },
        { accept: 'identity', encoding: null, bytes: statSync(file).size },
      ];
      for (const form of forms) {
        const response = await fetch(`${server().url}${script}`, { headers: { 'accept-encoding': form.accept } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-encoding')).toBe(form.encoding);
        expect(Number(response.headers.get('content-length'))).toBe(form.bytes);
        expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(response.headers.get('content-type')).toMatch(/^application\/javascript/);
        expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        // A script carries what a script needs, not a page's headers (each would cost a phone bytes).
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
        expect(response.headers.get('content-security-policy')).toBeNull();
        expect(response.headers.get('x-frame-options')).toBeNull();
        expect(await response.text()).toBe(readFileSync(file, 'utf8'));
      }
      // The service worker is precompressed too, and still checked on every visit.
      const worker = await fetch(`${server().url}/sw.js`, { headers: { 'accept-encoding': 'br' } });
      expect([worker.headers.get('content-encoding'), worker.headers.get('cache-control')]).toEqual(['br', 'no-cache']);
      // A worker runs under its own script's policy: the service worker keeps it.
      expect(worker.headers.get('content-security-policy')).toContain("script-src 'self'");
    });

    it('sends the page compressed once at start, with the configuration in it and its security headers', async () => {
      for (const [accept, encoding] of [
        ['gzip, deflate, br', 'br'],
        ['gzip', 'gzip'],
        ['identity', null],
      ] as const) {
        const response = await fetch(`${server().url}/signin`, { headers: { 'accept-encoding': accept } });
        expect(response.headers.get('content-encoding')).toBe(encoding);
        expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
        expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
        expect(await response.text()).toContain('&quot;productName&quot;:&quot;Orbit Days &amp; Nights&quot;');
      }
    });

    it('answers a missing asset or API path with 404, not the app', async () => {
      expect((await fetch(`${server().url}/assets/nope.js`)).status).toBe(404);
      expect((await fetch(`${server().url}/rest/v1/missions`)).status).toBe(404);
    });

    it('answers a path that climbs out of the web app as one with no file, and a folder with the app', async () => {
      for (const path of ['/%2e%2e/%2e%2e/package.json', '/assets/%2e%2e/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
        const response = await fetch(`${server().url}${path}`);
        expect([path, response.status]).toEqual([path, 404]);
        expect(await response.json()).toMatchObject({ code: 'not_found' });
      }
      for (const path of ['/assets/', '/icons/']) {
        const response = await fetch(`${server().url}${path}`);
        expect([path, response.status, response.headers.get('content-type')]).toEqual([path, 200, 'text/html; charset=utf-8']);
      }
    });

    it('names the page and the installable app after PRODUCT_NAME', async () => {
      expect(await (await fetch(`${server().url}/dashboard`)).text()).toContain('<title>Orbit Days &amp; Nights</title>');
      const response = await fetch(`${server().url}/manifest.webmanifest`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const manifest = (await response.json()) as { name: string; short_name: string; display: string; start_url: string; icons: unknown[] };
      expect(manifest).toMatchObject({ name: 'Orbit Days & Nights', short_name: 'Orbit Days & Nights', display: 'standalone', start_url: '/dashboard' });
      expect(manifest.icons.length).toBeGreaterThanOrEqual(3);
    });
  },
  { PRODUCT_NAME: 'Orbit Days & Nights' },
);

it('reads Accept-Encoding as HTTP says: the higher weight wins, q=0 refuses, * stands for what is not named, brotli on a tie', () => {
  expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
  expect(preferredEncoding('gzip;q=0.5, br;q=0.1')).toBe('gzip');
  expect(preferredEncoding('gzip;q=0.5, br;q=0.5')).toBe('br');
  expect(preferredEncoding('br;q=0, gzip')).toBe('gzip');
  expect(preferredEncoding('*;q=0.3, br;q=0')).toBe('gzip');
  expect(preferredEncoding('*')).toBe('br');
  expect(preferredEncoding('identity')).toBe('identity');
  expect(preferredEncoding(undefined)).toBe('identity');
  expect(preferredEncoding('GZIP')).toBe('gzip');
});
