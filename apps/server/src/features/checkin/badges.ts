import { randomUUID } from 'node:crypto';
import type { MyBadge } from '@mc/contract';
import type { SigningKeys } from '../../auth/keys.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { transaction } from '../../kernel/effects.ts';
import { peopleSeenBy } from '../../kernel/people.ts';
import { signBadgeCode } from './codes.ts';

/*
 * Badges: one per person, made the first time anyone needs it (the person's "My badge", a door
 * finding them by name, the organisers' PDF). Replacing one gives it a new random id and the next
 * version; the old id goes to revoked_badges, which refuses it at the server at once and at every
 * door once it has asked (checkin_replaced_badges).
 */

/** Makes a badge for each of these people who has none yet (a first code, version 1). */
export async function ensureBadges(db: Queryable, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db.query(
    `insert into badges (user_id, badge_id, version)
     select u.id, gen_random_uuid(), 1 from users u
      where u.id = any($1::uuid[]) and not exists (select 1 from badges b where b.user_id = u.id)
     on conflict (user_id) do nothing`,
    [userIds],
  );
}

/** What a badge shows of a person, as other attendees see them (the badge is worn in public). */
export interface BadgeCard {
  user_id: string;
  badge_id: string;
  version: number;
  first_name: string;
  last_name: string;
  anonymous: boolean;
  role_title: string | null;
  mission_title: string | null;
  checked_in_at: string | null;
  door: string | null;
}

/**
 * Badge cards of the people `where` selects (a condition on `u`, the users table, with its own
 * parameters from $1), in name order. Someone anonymous is "Anonymous attendee" with neither role
 * title nor mission: only what they allowed other attendees to see.
 */
export async function badgeCards(db: Queryable, where: string, params: readonly unknown[]): Promise<BadgeCard[]> {
  return db.query<BadgeCard>(
    `select u.id::text as user_id, b.badge_id::text as badge_id, b.version, shown.first_name, shown.last_name, shown.anonymous,
            case when shown.anonymous then null else rp.role_title end as role_title,
            case when shown.anonymous then null else (
              select m.name from mission_members mm join missions m on m.mission_id = mm.mission_id
               where mm.user_id = u.id and m.hidden_at is null
               order by mm.added_at desc, m.mission_id limit 1) end as mission_title,
            c.checked_in_at, c.door
       from users u
       join badges b on b.user_id = u.id
       join ${peopleSeenBy('attendees')} shown on shown.id = u.id
       left join role_profiles rp on rp.user_id = u.id
       left join checkins c on c.user_id = u.id
      where ${where}
      order by lower(shown.last_name), lower(shown.first_name), u.id`,
    params,
  );
}

export async function myBadge(db: Db, keys: SigningKeys, eventId: string, userId: string): Promise<MyBadge> {
  await ensureBadges(db, [userId]);
  const [card] = await badgeCards(db, 'u.id = $1', [userId]);
  if (!card) throw new Error('the caller has no account row');
  return {
    badge_id: card.badge_id,
    code: await signBadgeCode(keys, { b: card.badge_id, e: eventId, v: card.version }),
    version: card.version,
    event_id: eventId,
    first_name: card.first_name,
    last_name: card.last_name,
    anonymous: card.anonymous,
    role_title: card.role_title,
    mission_title: card.mission_title,
    checked_in_at: card.checked_in_at === null ? null : new Date(card.checked_in_at).toISOString(),
    door: card.door,
  };
}

/** A new code for the caller: a new badge id and the next version; the old id is refused from now on. */
export async function replaceBadge(db: Db, userId: string): Promise<void> {
  await transaction(db, async (tx) => {
    const [old] = await tx.query<{ badge_id: string; version: number }>(
      'select badge_id::text as badge_id, version from badges where user_id = $1 for update',
      [userId],
    );
    if (!old) {
      await ensureBadges(tx, [userId]);
      return;
    }
    await tx.query(`insert into revoked_badges (badge_id, reason) values ($1, 'replaced') on conflict (badge_id) do nothing`, [old.badge_id]);
    await tx.query('update badges set badge_id = $2, version = version + 1, issued_at = now() where user_id = $1', [userId, randomUUID()]);
    // A check-in stays: the person is at the venue whatever code they carry now.
  });
}
