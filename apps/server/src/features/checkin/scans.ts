import type { CheckinInvalidReason, CheckinScanResult } from '@mc/contract';
import type { Db, Queryable } from '../../db/db.ts';
import { transaction, type Tx } from '../../kernel/effects.ts';
import { peopleSeenBy } from '../../kernel/people.ts';
import { CHECKIN_CLOCK_SKEW_SECONDS } from '@mc/contract';

/*
 * Recording scans (docs/product.md#check-in-at-the-door). Every scan is kept by the id its door
 * gave it (checkin_scans): a scan sent again is answered from there and changes nothing, so an
 * offline queue resent after a lost answer arrives exactly once. A person has one check-in
 * (checkins, unique per person): the earliest scan of any door, whichever arrives first; an
 * earlier scan arriving later takes its place, and every other door is told "already".
 */

/** One scan to record: its badge id once the code verified, or why it was refused. */
export interface ScanInput {
  client_scan_id: string;
  scanned_at: string;
  /** The badge id and the code's version, or null when the code itself was refused. */
  badge: { badge_id: string; version: number | null } | null;
  /** Why the code was refused (set when badge is null). */
  refused: CheckinInvalidReason | null;
}

interface StoredScan {
  client_scan_id: string;
  user_id: string | null;
  badge_id: string | null;
  reason: CheckinInvalidReason | null;
}

/** The moment a scan counts at: the door's clock, unless that is ahead of the server's by more than the allowed skew. */
const COUNTED_AT = `case when $5::timestamptz > now() + interval '${CHECKIN_CLOCK_SKEW_SECONDS} seconds' then now() else $5::timestamptz end`;

/**
 * Records a door's scans in one transaction and answers one result per scan, in the order given.
 * People's check-ins are written in user id order, so two doors' batches never wait for each other
 * in a circle.
 */
export async function recordScans(db: Db, door: string, staffId: string, scans: readonly ScanInput[]): Promise<CheckinScanResult[]> {
  if (scans.length === 0) return [];
  return transaction(db, async (tx) => {
    const ids = scans.map((scan) => scan.client_scan_id);
    const earlier = new Map((await storedScans(tx, ids)).map((row) => [row.client_scan_id, row]));
    const badgeIds = [...new Set(scans.flatMap((scan) => (scan.badge ? [scan.badge.badge_id] : [])))];
    const badges = new Map(
      (
        await tx.query<{ badge_id: string; user_id: string; version: number }>(
          'select badge_id::text as badge_id, user_id::text as user_id, version from badges where badge_id = any($1::uuid[])',
          [badgeIds],
        )
      ).map((row) => [row.badge_id, row]),
    );
    const revoked = new Set(
      (await tx.query<{ badge_id: string }>('select badge_id::text as badge_id from revoked_badges where badge_id = any($1::uuid[])', [badgeIds])).map(
        (row) => row.badge_id,
      ),
    );

    // New scans, each with whose it is or why it is refused; the ones seen before are answered as stored.
    const fresh: { scan: ScanInput; userId: string | null; reason: CheckinInvalidReason | null }[] = [];
    const seenInBatch = new Set<string>();
    for (const scan of scans) {
      if (earlier.has(scan.client_scan_id) || seenInBatch.has(scan.client_scan_id)) continue;
      seenInBatch.add(scan.client_scan_id);
      if (!scan.badge) {
        fresh.push({ scan, userId: null, reason: scan.refused ?? 'malformed' });
        continue;
      }
      const badge = badges.get(scan.badge.badge_id);
      if (badge && (scan.badge.version === null || badge.version === scan.badge.version)) fresh.push({ scan, userId: badge.user_id, reason: null });
      else fresh.push({ scan, userId: null, reason: badge || revoked.has(scan.badge.badge_id) ? 'replaced' : 'unknown' });
    }
    fresh.sort((a, b) => (a.userId ?? '').localeCompare(b.userId ?? ''));

    let changed = false;
    for (const { scan, userId, reason } of fresh) {
      const [stored] = await tx.query<{ counted_at: string }>(
        `insert into checkin_scans (client_scan_id, user_id, badge_id, door, scanned_at, reason)
         values ($1, $2, $3, $4, ${COUNTED_AT}, $6)
         on conflict (client_scan_id) do nothing
         returning scanned_at as counted_at`,
        [scan.client_scan_id, userId, scan.badge?.badge_id ?? null, door, scan.scanned_at, reason],
      );
      // Another instance recorded the same scan a moment ago: it is answered as stored, below.
      if (!stored || !userId) continue;
      const taken = await tx.query<{ user_id: string }>(
        `insert into checkins (user_id, badge_id, door, checked_in_at, client_scan_id, recorded_by)
         values ($1, $2, $3, $4, $5, $6)
         on conflict (user_id) do update
            set badge_id = excluded.badge_id, door = excluded.door, checked_in_at = excluded.checked_in_at,
                client_scan_id = excluded.client_scan_id, recorded_by = excluded.recorded_by, recorded_at = now()
          where (excluded.checked_in_at, excluded.client_scan_id) < (checkins.checked_in_at, checkins.client_scan_id)
         returning user_id`,
        [userId, scan.badge?.badge_id, door, stored.counted_at, scan.client_scan_id, staffId],
      );
      if (taken.length > 0) changed = true;
    }
    if (changed) tx.effects.checkinsChanged();
    return answersFor(tx, ids);
  });
}

async function storedScans(db: Queryable, ids: readonly string[]): Promise<StoredScan[]> {
  return db.query<StoredScan>(
    `select client_scan_id::text as client_scan_id, user_id::text as user_id, badge_id::text as badge_id, reason
       from checkin_scans where client_scan_id = any($1::uuid[])`,
    [ids],
  );
}

/**
 * What the door is told for each scan, as things are now: checked in when this scan holds the
 * person's check-in, already when another (earlier) one does, invalid with the reason stored.
 * Names as the organisers' console shows them; nothing else of the person.
 */
async function answersFor(tx: Tx, ids: readonly string[]): Promise<CheckinScanResult[]> {
  const rows = await tx.query<{
    client_scan_id: string;
    reason: CheckinInvalidReason | null;
    badge_id: string | null;
    holder: string | null;
    checked_in_at: string | null;
    door: string | null;
    first_name: string | null;
    last_name: string | null;
  }>(
    `select s.client_scan_id::text as client_scan_id, s.reason, s.badge_id::text as badge_id,
            c.client_scan_id::text as holder, c.checked_in_at, c.door, seen.first_name, seen.last_name
       from checkin_scans s
       left join checkins c on c.user_id = s.user_id
       left join ${peopleSeenBy('organisers')} seen on seen.id = s.user_id
      where s.client_scan_id = any($1::uuid[])`,
    [ids],
  );
  const byId = new Map(rows.map((row) => [row.client_scan_id, row]));
  return ids.map((id) => {
    const row = byId.get(id);
    // A scan of someone whose account was deleted since: it went with the account.
    if (!row || row.reason || !row.holder) {
      return {
        client_scan_id: id,
        outcome: 'invalid',
        reason: row?.reason ?? 'replaced',
        badge_id: row?.badge_id ?? null,
        first_name: '',
        last_name: '',
        checked_in_at: null,
        door: null,
      };
    }
    return {
      client_scan_id: id,
      outcome: row.holder === id ? 'checked_in' : 'already',
      reason: null,
      badge_id: row.badge_id,
      first_name: row.first_name ?? '',
      last_name: row.last_name ?? '',
      checked_in_at: new Date(row.checked_in_at ?? '').toISOString(),
      door: row.door,
    };
  });
}
