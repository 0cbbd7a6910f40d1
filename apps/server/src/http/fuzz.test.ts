import { expect, it } from 'vitest';
import { procedureParams } from '@mc/contract';
import { describeEachDatabase, signUpUser, type TestUser } from '../../test/harness.ts';

/**
 * Every procedure and every auth route, sent a generated set of bad values in every parameter:
 * each answer is a 4xx in the caller's error shape (PostgREST's or Supabase Auth's), never a 500
 * or a cut connection, and the server answers normally afterwards.
 */

const DEPTH = 4000;
const deeplyNested = '['.repeat(DEPTH) + ']'.repeat(DEPTH);

/** JSON texts of values no parameter accepts. Each is a raw JSON text so deep nesting stays as sent. */
const BAD_VALUES: Record<string, string> = {
  nul: JSON.stringify('a\u0000b'),
  'only nul': JSON.stringify('\u0000'),
  'lone high surrogate': '"x\\ud800y"',
  'lone low surrogate': '"\\udc00"',
  'array of text': '["a","b"]',
  'array of nul': '["\\u0000"]',
  'huge number': '1e308',
  'huge negative number': '-1e308',
  'beyond 2^64': '18446744073709551617',
  // Beyond every limit a numeric parameter has (a match list's length, places in a role): wrong
  // for a text parameter and out of range for a number.
  number: '1234567',
  object: '{"a":"b"}',
  'object with a nul key': '{"a\\u0000":"b"}',
  'deeply nested': deeplyNested,
  'long text': JSON.stringify('x'.repeat(20_000)),
};

/** Whole bodies that are not an object of parameters. */
const BAD_BODIES: Record<string, string> = {
  array: '[1,2]',
  text: '"text"',
  number: '42',
  'deeply nested': deeplyNested,
  'deeply nested object': '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH),
  'not json': '{"a":',
  'nul outside a string': '{"a":"b"}\u0000',
};

interface Sent {
  label: string;
  status: number;
  body: Record<string, unknown>;
}

async function sendRaw(url: string, method: string, body: string | undefined, token?: string): Promise<Sent> {
  const response = await fetch(url, {
    method,
    headers: { apikey: 'any-public-key', 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body }),
    redirect: 'manual',
  });
  const text = await response.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { unparsable: text.slice(0, 200) };
  }
  return { label: `${method} ${url.replace(/^https?:\/\/[^/]+/, '')}`, status: response.status, body: parsed };
}

function expectClientError(sent: Sent, shape: 'rest' | 'auth', what: string): void {
  const context = `${what}: ${sent.label} → ${sent.status} ${JSON.stringify(sent.body).slice(0, 300)}`;
  expect(sent.status, context).toBeGreaterThanOrEqual(400);
  expect(sent.status, context).toBeLessThan(500);
  if (shape === 'rest') {
    expect(Object.keys(sent.body).sort(), context).toEqual(['code', 'details', 'hint', 'message']);
    expect(typeof sent.body.message, context).toBe('string');
  } else {
    expect(sent.body, context).toMatchObject({ code: sent.status, error_code: expect.any(String), msg: expect.any(String) });
  }
}

/** `{"outer":{"inner": value}}` for a dotted name, as raw JSON text. */
function bodyWith(name: string, valueJson: string, base: Record<string, unknown> = {}): string {
  const parts = name.split('.');
  let json = valueJson;
  for (let index = parts.length - 1; index >= 0; index -= 1) {
    const part = parts[index] as string;
    const siblings = index === 0 ? base : {};
    const rest = Object.entries(siblings).filter(([key]) => key !== part);
    const restJson = rest.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`).join(',');
    json = `{${restJson ? `${restJson},` : ''}${JSON.stringify(part)}:${json}}`;
  }
  return json;
}

describeEachDatabase(
  'every route against generated bad values',
  (server) => {
    let person: TestUser;

    async function stillAnswers(): Promise<void> {
      expect((await fetch(`${server().url}/healthz`)).status).toBe(200);
      const missions = await sendRaw(`${server().url}/rest/v1/rpc/get_all_missions`, 'POST', '{}', person.session.access_token);
      expect(missions.status).toBe(200);
    }

    it('answers every procedure’s every parameter with 4xx in PostgREST’s shape', { timeout: 240_000 }, async () => {
      person = await signUpUser(server());
      const token = person.session.access_token;
      for (const [name, schema] of Object.entries(procedureParams)) {
        const url = `${server().url}/rest/v1/rpc/${name}`;
        const parameters = Object.keys(schema.shape);
        for (const parameter of [...parameters, 'p_unknown']) {
          for (const [kind, value] of Object.entries(BAD_VALUES)) {
            expectClientError(await sendRaw(url, 'POST', bodyWith(parameter, value), token), 'rest', `${parameter} = ${kind}`);
          }
        }
        for (const [kind, body] of Object.entries(BAD_BODIES)) {
          expectClientError(await sendRaw(url, 'POST', body, token), 'rest', `body ${kind}`);
        }
        expectClientError(await sendRaw(`${url}?p=1&p=2`, 'POST', '{}', token), 'rest', 'repeated query parameter');
        expectClientError(await sendRaw(`${url}?p=%00`, 'POST', '{}', token), 'rest', 'NUL in the query');
      }
      await stillAnswers();
    });

    it('answers every auth route’s every field with 4xx in Supabase Auth’s shape', { timeout: 240_000 }, async () => {
      person ??= await signUpUser(server());
      const auth = `${server().url}/auth/v1`;
      const routes: Array<{ method: string; path: string; fields: string[]; token?: string }> = [
        {
          method: 'POST',
          path: '/signup',
          fields: ['email', 'password', 'data', 'data.first_name', 'data.last_name', 'data.date_of_birth', 'data.mobile_number'],
        },
        { method: 'POST', path: '/token?grant_type=password', fields: ['email', 'password'] },
        { method: 'POST', path: '/token?grant_type=refresh_token', fields: ['refresh_token'] },
        { method: 'POST', path: '/recover', fields: ['email'] },
        { method: 'POST', path: '/factors', fields: ['factor_type', 'friendly_name', 'issuer'], token: person.session.access_token },
        { method: 'POST', path: `/factors/${crypto.randomUUID()}/verify`, fields: ['challenge_id', 'code'], token: person.session.access_token },
        {
          method: 'PUT',
          path: '/user',
          fields: ['data', 'password', 'data.first_name', 'data.mobile_number', 'data.is_anonymous', 'data.anonymous_guid'],
          token: person.session.access_token,
        },
      ];
      for (const route of routes) {
        for (const field of route.fields) {
          for (const [kind, value] of Object.entries(BAD_VALUES)) {
            const sent = await sendRaw(auth + route.path, route.method, bodyWith(field, value), route.token);
            expectClientError(sent, 'auth', `${field} = ${kind}`);
          }
        }
        for (const [kind, body] of Object.entries(BAD_BODIES)) {
          expectClientError(await sendRaw(auth + route.path, route.method, body, route.token), 'auth', `body ${kind}`);
        }
      }
      const queryRoutes = [
        '/verify?type=recovery&token=',
        '/verify?type=',
        '/verify?type=recovery&token=t&redirect_to=',
        '/token?grant_type=',
        '/logout?scope=',
        '/recover?redirect_to=',
      ];
      const badQueryValues = ['%00', 'a%00b', 'a&x=1&x=2'];
      for (const route of queryRoutes) {
        // A redirect_to that is not ours is replaced by the reset page, not refused: only NULs and
        // repeats are bad there. Everywhere else an unknown value is refused too.
        const values = route.endsWith('redirect_to=') ? badQueryValues : [...badQueryValues, '%ED%A0%80', 'a%20b'];
        for (const value of values) {
          const method = route.startsWith('/verify') ? 'GET' : 'POST';
          const body = method === 'GET' ? undefined : '{"email":"someone@example.org"}';
          const sent = await sendRaw(`${auth}${route}${value}`, method, body, route.startsWith('/logout') ? person.session.access_token : undefined);
          expectClientError(sent, 'auth', `query ${route}${value}`);
        }
        expectClientError(
          await sendRaw(
            `${auth}${route}a&${route.slice(route.lastIndexOf('?') + 1, route.lastIndexOf('='))}=b`,
            route.startsWith('/verify') ? 'GET' : 'POST',
            route.startsWith('/verify') ? undefined : '{}',
          ),
          'auth',
          `repeated ${route}`,
        );
      }
      await stillAnswers();
      // The person's session survived all of it.
      expect((await sendRaw(`${auth}/user`, 'GET', undefined, person.session.access_token)).status).toBe(200);
    });
  },
  {
    RPC_CALLS_PER_PERSON_PER_MINUTE: '1000000',
    RPC_DIRECTORY_CALLS_PER_PERSON_PER_HOUR: '1000000',
    SIGNIN_PER_ADDRESS_PER_MINUTE: '1000000',
    RECOVERY_PER_ADDRESS_PER_HOUR: '1000000',
  },
);
