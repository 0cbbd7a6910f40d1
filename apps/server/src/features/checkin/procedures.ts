import { CHECKIN_FIND_LIMIT, CHECKIN_FIND_MIN, CHECKIN_MESSAGES, MODERATION_MESSAGES, type BadgePublicKey, type CheckinPerson } from '@mc/contract';
import { businessError, invalidParameter } from '../../http/errors.ts';
import { doorStaffProcedure, isDoorStaff, organiserProcedure } from '../../kernel/access.ts';
import { actorOf } from '../../kernel/actor.ts';
import { transaction } from '../../kernel/effects.ts';
import { peopleSeenBy } from '../../kernel/people.ts';
import { procedure, type CallContext } from '../../rpc/procedure.ts';
import { ensureBadges, myBadge, replaceBadge } from './badges.ts';
import { verifyBadgeCode } from './codes.ts';
import { checkinFigures, DoorStaffRefused, listDoorStaff, setDoorStaff } from './door-staff.ts';
import { recordScans, type ScanInput } from './scans.ts';

/** A scan as the door read it, checked: the badge id, or why the code is refused. */
async function readScan(ctx: CallContext, scan: { code: string; scanned_at: string; client_scan_id: string }): Promise<ScanInput> {
  const verified = await verifyBadgeCode(ctx.keys, ctx.config.EVENT_ID, scan.code);
  return verified.ok
    ? { client_scan_id: scan.client_scan_id, scanned_at: scan.scanned_at, badge: { badge_id: verified.payload.b, version: verified.payload.v }, refused: null }
    : { client_scan_id: scan.client_scan_id, scanned_at: scan.scanned_at, badge: null, refused: verified.reason };
}

function onlyResult<T>(results: readonly T[]): T {
  const [result] = results;
  if (result === undefined) throw new Error('a scan was recorded without an answer');
  return result;
}

/** "%" and "_" typed by the door staff are letters, not patterns. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function checkedTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return timeZone;
  } catch {
    throw invalidParameter(MODERATION_MESSAGES.badTimeZone);
  }
}

/** Check-in at the door: the attendee's badge, the door staff's procedures and the organisers'. */
export const checkinProcedures = {
  my_badge: procedure('my_badge', async (_params, ctx) => myBadge(ctx.db, ctx.keys, ctx.config.EVENT_ID, ctx.userId)),

  replace_my_badge: procedure('replace_my_badge', async (_params, ctx) => {
    await replaceBadge(ctx.db, ctx.userId);
    return myBadge(ctx.db, ctx.keys, ctx.config.EVENT_ID, ctx.userId);
  }),

  checkin_scan: doorStaffProcedure('checkin_scan', async (params, ctx) =>
    onlyResult(
      await recordScans(ctx.db, params.p_door, ctx.userId, [
        await readScan(ctx, { code: params.p_code, scanned_at: params.p_scanned_at, client_scan_id: params.p_client_scan_id }),
      ]),
    ),
  ),

  checkin_sync: doorStaffProcedure('checkin_sync', async (params, ctx) => {
    const scans: ScanInput[] = [];
    for (const scan of params.p_scans) scans.push(await readScan(ctx, scan));
    return recordScans(ctx.db, params.p_door, ctx.userId, scans);
  }),

  checkin_find: doorStaffProcedure('checkin_find', async ({ p_query }, ctx) => {
    if (p_query.length < CHECKIN_FIND_MIN) throw businessError(CHECKIN_MESSAGES.findTooShort);
    return transaction(ctx.db, async (tx) => {
      // Names as the organisers' console shows them, found by part of a name or by the whole e-mail address.
      const found = await tx.query<{ id: string }>(
        `select seen.id::text as id from ${peopleSeenBy('organisers')} seen
          where seen.first_name ilike $1 escape '\\' or seen.last_name ilike $1 escape '\\'
             or (seen.first_name || ' ' || seen.last_name) ilike $1 escape '\\' or lower(seen.email) = lower($2)
          order by lower(seen.last_name), lower(seen.first_name), seen.id limit $3`,
        [likePattern(p_query), p_query, CHECKIN_FIND_LIMIT],
      );
      const ids = found.map((row) => row.id);
      await ensureBadges(tx, ids);
      const rows = await tx.query<CheckinPerson & { id: string }>(
        `select seen.id::text as id, b.badge_id::text as badge_id, seen.first_name, seen.last_name, c.checked_in_at, c.door
           from ${peopleSeenBy('organisers')} seen join badges b on b.user_id = seen.id left join checkins c on c.user_id = seen.id
          where seen.id = any($1::uuid[])`,
        [ids],
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.flatMap((id) => {
        const row = byId.get(id);
        return row
          ? [
              {
                badge_id: row.badge_id,
                first_name: row.first_name,
                last_name: row.last_name,
                checked_in_at: row.checked_in_at === null ? null : new Date(row.checked_in_at).toISOString(),
                door: row.door,
              },
            ]
          : [];
      });
    });
  }),

  checkin_person: doorStaffProcedure('checkin_person', async (params, ctx) =>
    onlyResult(
      await recordScans(ctx.db, params.p_door, ctx.userId, [
        {
          client_scan_id: params.p_client_scan_id,
          scanned_at: params.p_scanned_at,
          badge: { badge_id: params.p_badge_id.toLowerCase(), version: null },
          refused: null,
        },
      ]),
    ),
  ),

  checkin_replaced_badges: doorStaffProcedure('checkin_replaced_badges', async ({ p_since }, ctx) => {
    const [row] = await ctx.db.query<{ badge_ids: string[] | null; server_time: string }>(
      `select (select array_agg(badge_id::text order by revoked_at, badge_id) from revoked_badges
                where $1::timestamptz is null or revoked_at >= $1::timestamptz - interval '5 seconds') as badge_ids,
              now() as server_time`,
      [p_since],
    );
    return { badge_ids: row?.badge_ids ?? [], server_time: new Date(row?.server_time ?? Date.now()).toISOString() };
  }),

  checkin_keys: doorStaffProcedure('checkin_keys', async (_params, ctx) => {
    const jwk = ctx.keys.publicJwk;
    const key: BadgePublicKey = { kty: String(jwk.kty), crv: String(jwk.crv), x: String(jwk.x), y: String(jwk.y), kid: ctx.keys.kid, alg: 'ES256' };
    return { event_id: ctx.config.EVENT_ID, keys: [key], server_time: new Date().toISOString() };
  }),

  get_my_door_staff_status: procedure('get_my_door_staff_status', async (_params, ctx) => ({ is_door_staff: await isDoorStaff(ctx.db, ctx.userId) })),

  organiser_set_door_staff: organiserProcedure('organiser_set_door_staff', { emails: 'others' }, async (params, ctx) => {
    try {
      return await setDoorStaff(ctx.db, params.p_email, params.p_door_staff, actorOf(ctx));
    } catch (error) {
      if (error instanceof DoorStaffRefused) throw businessError(error.message);
      throw error;
    }
  }),

  organiser_list_door_staff: organiserProcedure('organiser_list_door_staff', { emails: 'others' }, async (_params, ctx) => listDoorStaff(ctx.db)),

  organiser_checkin_figures: organiserProcedure('organiser_checkin_figures', async ({ p_time_zone }, ctx) =>
    checkinFigures(ctx.db, checkedTimeZone(p_time_zone)),
  ),
};
