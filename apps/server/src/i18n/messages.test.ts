import { createClient, type RealtimeClientOptions } from '@supabase/supabase-js';
import { expect, it } from 'vitest';
import WebSocket from 'ws';
import { encodeDateOfBirth, MISSION_MESSAGES, type Database } from '@mc/contract';
import { makeLeader, missionParams, UNKNOWN_ID } from '../../test/factories.ts';
import { describeEachDatabase, signUpUser, uniqueEmail } from '../../test/harness.ts';
import { translate } from './translate.ts';

/*
 * The server's messages in the request's language (docs/product.md#languages): the first language
 * of Accept-Language that has a catalogue, English otherwise. Only the message changes: the status,
 * the code and every other field are the same in every language, in both APIs' shapes.
 */

const AFRIKAANS = 'af-ZA,af;q=0.9,en;q=0.8';
const ISIZULU = 'zu-ZA,zu;q=0.9';
const ISIXHOSA = 'xh';

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { apikey: 'any-public-key', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** An unmodified supabase-js client whose every request names a language (and, when given, is signed in with `token`). */
function clientIn(url: string, language: string, token?: string) {
  return createClient<Database>(url, 'any-public-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { 'accept-language': language, ...(token ? { authorization: `Bearer ${token}` } : {}) } },
    realtime: { transport: WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']> },
  });
}

describeEachDatabase("the server's messages in the request's language", (server) => {
  it('answers a broken business rule in Afrikaans and isiZulu, in English without Accept-Language, with the same status and code', async () => {
    const user = await signUpUser(server());
    const call = (language?: string) =>
      post(`${server().url}/rest/v1/rpc/create_mission`, missionParams(user), {
        authorization: `Bearer ${user.session.access_token}`,
        ...(language ? { 'accept-language': language } : {}),
      });
    const english = MISSION_MESSAGES.surveyFirst;
    expect(await call()).toEqual({ status: 400, body: { code: 'P0001', message: english, details: null, hint: null } });
    expect(await call(AFRIKAANS)).toEqual({
      status: 400,
      body: { code: 'P0001', message: "Voltooi asseblief die voorkonferensie-opname voordat jy 'n missie skep.", details: null, hint: null },
    });
    expect(await call(ISIZULU)).toEqual({ status: 400, body: { code: 'P0001', message: translate(english, 'zu'), details: null, hint: null } });
    expect(translate(english, 'zu')).not.toBe(english);
    // A language without a catalogue, or none at all, is English.
    expect(await call('fr-FR,fr;q=0.9')).toEqual(await call('*'));
    expect((await call('fr-FR,fr;q=0.9')).body).toMatchObject({ message: english });
  });

  it('puts what a runtime message names into its translation, through supabase-js', async () => {
    const owner = await signUpUser(server());
    await makeLeader(server(), owner);
    const client = (language: string) => clientIn(server().url, language, owner.session.access_token);
    const params = missionParams(owner, { p_member_ids: [UNKNOWN_ID] });
    const english = await owner.client.rpc('create_mission', params);
    expect(english.error).toMatchObject({ code: 'P0001', message: MISSION_MESSAGES.unknownMembers + UNKNOWN_ID });
    const afrikaans = await client(AFRIKAANS).rpc('create_mission', params);
    expect(afrikaans.status).toBe(english.status);
    expect(afrikaans.error).toMatchObject({ code: 'P0001', message: `Sommige van die gekose spanlede bestaan nie: ${UNKNOWN_ID}`, details: null, hint: null });
    const isiXhosa = await client(ISIXHOSA).rpc('create_mission', params);
    expect(isiXhosa.error?.message).toBe(`Amanye amalungu eqela akhethiweyo awekho: ${UNKNOWN_ID}`);
  });

  it('answers auth errors in the language, in both of Supabase Auth shapes, with the same status and codes', async () => {
    const token = `${server().url}/auth/v1/token?grant_type=password`;
    const wrong = { email: uniqueEmail('nobody'), password: encodeDateOfBirth('1990-01-01') };
    const english = 'Invalid login credentials';
    expect(await post(token, wrong)).toEqual({ status: 400, body: { code: 400, error_code: 'invalid_credentials', msg: english } });
    expect(await post(token, wrong, { 'accept-language': AFRIKAANS })).toEqual({
      status: 400,
      body: { code: 400, error_code: 'invalid_credentials', msg: 'Ongeldige aanmeldbesonderhede' },
    });
    expect(await post(token, wrong, { 'accept-language': ISIZULU, 'x-supabase-api-version': '2024-01-01' })).toEqual({
      status: 400,
      body: { code: 'invalid_credentials', message: 'Imininingwane yokungena ayivumelekile' },
    });

    // A session that has ended, and a call without a token.
    const ended = await signUpUser(server());
    expect((await ended.client.auth.signOut()).error).toBeNull();
    const getUser = (language?: string) =>
      fetch(`${server().url}/auth/v1/user`, {
        headers: { apikey: 'any-public-key', authorization: `Bearer ${ended.session.access_token}`, ...(language ? { 'accept-language': language } : {}) },
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));
    const sessionGone = { code: 403, error_code: 'session_not_found' };
    expect(await getUser()).toEqual({ status: 403, body: { ...sessionGone, msg: 'Session from session_id claim in JWT does not exist' } });
    expect(await getUser(AFRIKAANS)).toEqual({ status: 403, body: { ...sessionGone, msg: 'Die sessie uit die session_id-eis in die JWT bestaan nie' } });
    expect(await getUser(ISIZULU)).toEqual({ status: 403, body: { ...sessionGone, msg: 'Iseshini evela ku-session_id ku-JWT ayikho' } });
    expect(await post(`${server().url}/auth/v1/logout`, {}, { 'accept-language': ISIXHOSA })).toEqual({
      status: 401,
      body: { code: 401, error_code: 'no_authorization', msg: 'Esi siphelo sifuna ithokheni ye-Bearer' },
    });
  });

  it('keeps supabase-js reading an auth error as before: the same class, status and code', async () => {
    const { error } = await clientIn(server().url, ISIZULU).auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: encodeDateOfBirth('1990-01-01'),
    });
    expect(error).toMatchObject({ name: 'AuthApiError', status: 400, code: 'invalid_credentials', message: 'Imininingwane yokungena ayivumelekile' });
  });
});
