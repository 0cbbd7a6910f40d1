import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { NotificationList, NotificationSettings } from '@mc/contract';
import type { Queryable } from '../src/db/db.ts';
import { untyped, type TestServer, type TestUser } from './harness.ts';

/** Server suites' helpers for notifications: follow, read the bell, call a procedure by name, and people in bulk. */

/** Calls a procedure by name as `user` (any name, any parameters) and answers its data; an error fails the test. */
export async function callAs(user: TestUser, name: string, params: Record<string, unknown> = {}): Promise<unknown> {
  const { data, error } = await untyped(user.client).rpc(name, params);
  expect(error).toBeNull();
  return data;
}

export async function follow(user: TestUser, missionId: string): Promise<void> {
  const { data, error } = await user.client.rpc('toggle_mission_subscription', { p_mission_id: missionId });
  expect(error).toBeNull();
  expect(data).toBe('subscribed');
}

export async function bell(user: TestUser): Promise<NotificationList> {
  const { data, error } = await user.client.rpc('get_my_notifications', {});
  expect(error).toBeNull();
  if (!data) throw new Error('get_my_notifications answered nothing');
  return data;
}

export async function texts(user: TestUser): Promise<string[]> {
  return (await bell(user)).items.map((item) => item.text);
}

export async function saveSettings(
  user: TestUser,
  settings: Partial<{ email_digest: NotificationSettings['email_digest']; allow_team_additions: boolean }>,
): Promise<void> {
  const { error } = await user.client.rpc('save_notification_settings', {
    p_email_digest: settings.email_digest ?? 'off',
    p_allow_team_additions: settings.allow_team_additions ?? true,
  });
  expect(error).toBeNull();
}

/** `count` people made straight in SQL (sign-up's scrypt would take minutes), each following the mission. */
export async function seedFollowers(server: TestServer, missionId: string, count: number): Promise<string[]> {
  const tag = randomUUID().slice(0, 8);
  const rows = await server.db.query<{ id: string }>(
    `insert into users (id, email, password_hash, first_name, last_name, mobile)
     select gen_random_uuid(), 'follower' || n || '.' || $2 || '@example.org', 'not-a-hash', 'Follower', n::text, '+27820000000'
       from generate_series(1, $1::int) as n
     returning id`,
    [count, tag],
  );
  const ids = rows.map((row) => row.id);
  await server.db.query('insert into mission_subscriptions (mission_id, user_id) select $1, id from unnest($2::uuid[]) as id', [missionId, ids]);
  return ids;
}

/**
 * Statements that background passes send on their own clock, whatever request is being answered:
 * the voting rounds' schedule check (features/rounds/state.ts, every second) and the check for
 * other instances' translation corrections (features/translations/corrections.ts, every 3 s).
 */
const BACKGROUND_STATEMENTS = [/^\s*select exists \(select 1 from vote_rounds\s/, /^select language, version from translation_versions$/];

/**
 * Runs `action` and answers how many statements the server sent to the database meanwhile (every
 * query, inside transactions or not): a request's round trips, counted where they leave the server.
 */
export async function countStatements(server: TestServer, action: () => Promise<void>): Promise<number> {
  const db = server.db;
  const { query, transaction } = db;
  let count = 0;
  const counting = (target: Queryable): Queryable => ({
    query: <Row>(sql: string, params?: readonly unknown[]) => {
      count += 1;
      return target.query<Row>(sql, params);
    },
    exec: (sql) => {
      count += 1;
      return target.exec(sql);
    },
  });
  db.query = <Row>(sql: string, params?: readonly unknown[]) => {
    if (!BACKGROUND_STATEMENTS.some((background) => background.test(sql))) count += 1;
    return query<Row>(sql, params);
  };
  db.transaction = <T>(fn: (tx: Queryable) => Promise<T>) => transaction((tx) => fn(counting(tx)));
  try {
    await action();
  } finally {
    db.query = query;
    db.transaction = transaction;
  }
  return count;
}
