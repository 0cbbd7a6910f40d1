import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { UNSUBSCRIBE_API_PATH, UNSUBSCRIBE_MESSAGES, UNSUBSCRIBE_PAGE_PATH, type UnsubscribeAnswer, type UnsubscribeResult } from '@mc/contract';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Db } from '../../db/db.ts';
import { languageOf } from '../../i18n/language.ts';
import { translate } from '../../i18n/translate.ts';

/**
 * One-click unsubscribe from notification e-mails (RFC 8058; docs/decisions/020-notifications-and-digests.md).
 *
 * A link's token is the person's id and their unsubscribe generation, signed with HMAC-SHA256
 * under a key derived from the server's signing key: no row per mail, nothing to look up for a
 * forged token. Using a link switches mail off and moves the generation on, which revokes every
 * link mailed before (so an old mail cannot switch mail off again once the person turned it back
 * on). A new signing key invalidates every link, like every session.
 */

const TOKEN = /^([A-Za-z0-9_-]{27})\.([A-Za-z0-9_-]{22})$/;
const MAC_BYTES = 16;

export function unsubscribeKey(keys: SigningKeys): Buffer {
  return Buffer.from(hkdfSync('sha256', keys.secretsKey, 'mission-control', 'unsubscribe-links-v1', 32));
}

function payloadOf(userId: string, generation: number): Buffer {
  const payload = Buffer.alloc(20);
  Buffer.from(userId.replace(/-/g, ''), 'hex').copy(payload, 0);
  payload.writeUInt32BE(generation, 16);
  return payload;
}

function macOf(key: Buffer, payload: Buffer): Buffer {
  return createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
}

export function unsubscribeToken(key: Buffer, userId: string, generation: number): string {
  const payload = payloadOf(userId, generation);
  return `${payload.toString('base64url')}.${macOf(key, payload).toString('base64url')}`;
}

/** The person and generation a token names, or null when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(key: Buffer, token: string): { userId: string; generation: number } | null {
  const match = TOKEN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const payload = Buffer.from(match[1], 'base64url');
  const mac = Buffer.from(match[2], 'base64url');
  if (payload.length !== 20 || mac.length !== MAC_BYTES || !timingSafeEqual(mac, macOf(key, payload))) return null;
  const hex = payload.subarray(0, 16).toString('hex');
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { userId, generation: payload.readUInt32BE(16) };
}

/** The address of the page a mail's text links to, and of the one-click POST its headers name. */
export function unsubscribeLinks(publicUrl: string, token: string): { page: string; oneClick: string } {
  const query = `?token=${encodeURIComponent(token)}`;
  return { page: `${publicUrl}${UNSUBSCRIBE_PAGE_PATH}${query}`, oneClick: `${publicUrl}${UNSUBSCRIBE_API_PATH}${query}` };
}

/** RFC 8058: mail programs offer one click, and POST `List-Unsubscribe=One-Click` to the address. */
export function unsubscribeHeaders(links: { oneClick: string }): Record<string, string> {
  return { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

/**
 * Switches mail off for the token's person if the token is current; one statement, so two clicks
 * at once cannot both succeed.
 */
export async function unsubscribe(db: Db, key: Buffer, token: string): Promise<UnsubscribeResult> {
  const named = readUnsubscribeToken(key, token);
  if (!named) return 'invalid';
  const [row] = await db.query<{ user_id: string }>(
    `update notification_settings set email_digest = 'off', unsubscribe_generation = unsubscribe_generation + 1, updated_at = now()
      where user_id = $1 and unsubscribe_generation = $2
      returning user_id`,
    [named.userId, named.generation],
  );
  if (!row) return 'used';
  await db.query('update notifications set mail_pending = false where user_id = $1 and mail_pending', [named.userId]);
  return 'unsubscribed';
}

const STATUS: Record<UnsubscribeResult, number> = { unsubscribed: 200, used: 410, invalid: 400 };

/**
 * POST UNSUBSCRIBE_API_PATH?token=…: what mail programs send for one click (body
 * `List-Unsubscribe=One-Click`, as a form) and what the unsubscribe page sends. No sign-in: the
 * token is the whole credential, and it can do nothing but switch this person's mail off. A GET
 * (a mail program without one-click support opening the address) goes to the page, which asks
 * before changing anything: link checkers open links too.
 */
export function registerUnsubscribeRoutes(app: FastifyInstance, db: Db, keys: SigningKeys): void {
  const key = unsubscribeKey(keys);
  app.register(async (scope) => {
    // The one-click body is a form; its content does not matter, only the token in the address.
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) =>
      done(null, {}),
    );
    scope.post<{ Querystring: { token?: unknown } }>(UNSUBSCRIBE_API_PATH, async (request, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      const result = await unsubscribe(db, key, token);
      // The page shows the message; `result` says the same to a program, in no language.
      const answer: UnsubscribeAnswer = { result, message: translate(UNSUBSCRIBE_MESSAGES[result], languageOf(request.headers['accept-language'])) };
      return reply.code(STATUS[result]).header('cache-control', 'no-store').send(answer);
    });
    scope.get<{ Querystring: { token?: unknown } }>(UNSUBSCRIBE_API_PATH, async (request, reply) => {
      const token = typeof request.query.token === 'string' ? request.query.token : '';
      return reply.header('cache-control', 'no-store').redirect(`${UNSUBSCRIBE_PAGE_PATH}?token=${encodeURIComponent(token)}`, 303);
    });
  });
}
