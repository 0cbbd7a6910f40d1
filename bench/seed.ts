import type { Queryable } from '../apps/server/src/db/db.ts';

/**
 * Bulk seeding straight through SQL: one statement per table (generate_series), so 2,000 users
 * and 20,000 votes take well under a second. Ids are deterministic so every scenario can address
 * user n or mission n without reading them back:
 *   user n    = 00000000-0000-4000-8000-<n in 12 hex digits>   (n = 1 … users)
 *   mission n = 00000000-0000-4000-9000-<n in 12 hex digits>   (created by user n)
 */
export function userId(n: number): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

export function missionId(n: number): string {
  return `00000000-0000-4000-9000-${n.toString(16).padStart(12, '0')}`;
}

export function userEmail(n: number): string {
  return `bench.user${n}@example.org`;
}

const USER_ID_SQL = (n: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
const MISSION_ID_SQL = (n: string) => `('00000000-0000-4000-9000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;

const FIRST_NAMES = [
  'Ada',
  'Grace',
  'Alan',
  'Katherine',
  'Linus',
  'Margaret',
  'Dennis',
  'Barbara',
  'Ken',
  'Frances',
  'Edsger',
  'Radia',
  'Thabo',
  'Naledi',
  'Sipho',
  'Zanele',
];
const LAST_NAMES = [
  'Lovelace',
  'Hopper',
  'Turing',
  'Johnson',
  'Torvalds',
  'Hamilton',
  'Ritchie',
  'Liskov',
  'Thompson',
  'Allen',
  'Dijkstra',
  'Perlman',
  'Mokoena',
  'Dlamini',
  'Nkosi',
  'Khumalo',
];
const OBJECTIVE = 'Community building and engagement';

function textArray(values: readonly string[]): string {
  return `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', ')}]`;
}

export interface SeedCounts {
  users: number;
  missions: number;
  votes: number;
  subscriptions: number;
  members: number;
}

/** Users 1…users, each with a role profile and a completed pre-survey, all sharing one password hash. */
export async function seedUsers(db: Queryable, users: number, passwordHash: string): Promise<void> {
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, mobile, pre_survey_completed)
     select ${USER_ID_SQL('n')}, 'bench.user' || n || '@example.org', $1,
            (${textArray(FIRST_NAMES)})[1 + n % ${FIRST_NAMES.length}],
            (${textArray(LAST_NAMES)})[1 + (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}] || n,
            '+2782' || lpad(n::text, 7, '0'), true
       from generate_series(1, $2::int) n`,
    [passwordHash, users],
  );
  await db.query(
    `insert into role_profiles (user_id, role_title, role_archype, high_objective, intention, skills_and_resources,
            knowledge_and_experience, community_need, contribution, first_action_next_7_days)
     select ${USER_ID_SQL('n')}, 'Community builder ' || n, null, null, 'To connect people', 'Facilitation, code',
            'Ten years of meetups', 'Better places to meet', 'My time and my network', 'Call three people'
       from generate_series(1, $1::int) n`,
    [users],
  );
}

/**
 * Missions from+1 … to, mission n created by user n (one mission per creator), each with its
 * creator as owner and three more members.
 */
export async function seedMissions(db: Queryable, from: number, to: number, users: number): Promise<void> {
  await db.query(
    `insert into missions (mission_id, name, shared_intention, objective_or_focus, statement, core_message,
            problem_being_solved, first_team_action, created_by)
     select ${MISSION_ID_SQL('n')}, 'Mission ' || n, 'We intend to make mission ' || n || ' happen',
            $3, repeat('A statement about why this matters. ', 8), 'Together we go further',
            repeat('People in our community lack a way to meet and act together. ', 6), 'Hold a first meeting', ${USER_ID_SQL('n')}
       from generate_series($1::int + 1, $2::int) n`,
    [from, to, OBJECTIVE],
  );
  await db.query(
    `insert into mission_members (mission_id, user_id, role_in_team, is_co_owner)
     select ${MISSION_ID_SQL('n')}, ${USER_ID_SQL('n')}, 'owner', true from generate_series($1::int + 1, $2::int) n
     union all
     select ${MISSION_ID_SQL('n')}, ${USER_ID_SQL(`1 + (n * 7 + k * 131) % $3::int`)}, 'member', false
       from generate_series($1::int + 1, $2::int) n, generate_series(1, 3) k
     on conflict do nothing`,
    [from, to, users],
  );
}

/**
 * Adds votes until mission_votes holds `total` rows: user u votes for missions spread evenly over
 * 1…missions (distinct per user, so no conflicts), and one subscription for every fourth vote.
 */
export async function seedVotes(db: Queryable, total: number, missions: number, users: number): Promise<void> {
  const [row] = await db.query<{ count: number }>('select count(*)::int as count from mission_votes');
  const existing = row?.count ?? 0;
  const perUser = Math.ceil(total / users);
  if (perUser > missions) throw new Error(`cannot place ${total} distinct votes with ${users} users and ${missions} missions`);
  // Pair i (0-based) = user 1 + i % users, its (i / users)-th vote, on a mission that no other
  // vote of that user hits: the offsets k * stride are distinct modulo `missions` for k < perUser.
  const stride = Math.floor(missions / perUser);
  await db.query(
    `insert into mission_votes (mission_id, user_id)
     select ${MISSION_ID_SQL(`1 + ((i % $3::int) + (i / $3::int) * $4::int) % $5::int`)}, ${USER_ID_SQL(`1 + i % $3::int`)}
       from generate_series($1::int, $2::int - 1) i
     on conflict do nothing`,
    [existing, total, users, stride, missions],
  );
  // When earlier votes used another spread, a few pairs collide: top up with random distinct pairs.
  for (let round = 0; round < 20; round += 1) {
    const [now] = await db.query<{ count: number }>('select count(*)::int as count from mission_votes');
    const missing = total - (now?.count ?? 0);
    if (missing <= 0) break;
    await db.query(
      `insert into mission_votes (mission_id, user_id)
       select ${MISSION_ID_SQL('1 + floor(random() * $2::int)::int')}, ${USER_ID_SQL('1 + floor(random() * $3::int)::int')}
         from generate_series(1, $1::int)
       on conflict do nothing`,
      [missing, missions, users],
    );
  }
  await db.query(
    `insert into mission_subscriptions (mission_id, user_id)
     select mission_id, user_id from mission_votes where (hashtext(user_id::text || mission_id::text) & 3) = 0
     on conflict do nothing`,
  );
}

export async function counts(db: Queryable): Promise<SeedCounts> {
  const [row] = await db.query<SeedCounts>(
    `select (select count(*)::int from users) as users, (select count(*)::int from missions) as missions,
            (select count(*)::int from mission_votes) as votes, (select count(*)::int from mission_subscriptions) as subscriptions,
            (select count(*)::int from mission_members) as members`,
  );
  if (!row) throw new Error('no counts');
  return row;
}
