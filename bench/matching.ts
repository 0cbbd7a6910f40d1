import { performance } from 'node:perf_hooks';
import { OBJECTIVES, ROLE_ARCHETYPES } from '@mc/contract';
import type { Db } from '../apps/server/src/db/db.ts';
import { proposePlacements } from '../apps/server/src/features/matching/builder.ts';
import { refreshMatchWords } from '../apps/server/src/features/matching/words.ts';
import { latencyFigures } from './latency.ts';
import type { LoadResult } from './load-types.ts';

/*
 * Matching at event size (docs/decisions/033-matching-and-the-team-builder.md): 3,000 attendees
 * with varied role profiles (several languages), 1,000 open roles on the 300 seeded missions.
 * Times "missions that need you" for one attendee at a time over HTTP, "people who fit" for an
 * owner, and the organisers' team builder on the whole event.
 */

export const MATCHERS = 3_000;
export const OPEN_ROLES = 1_000;

const SKILLS = [
  'facilitation',
  'arabic',
  'translation',
  'accounting',
  'fundraising',
  'design',
  'photography',
  'teaching',
  'coding',
  'nursing',
  'cooking',
  'logistics',
  'law',
  'carpentry',
  'plumbing',
  'farming',
  'marketing',
  'writing',
  'research',
  'mentoring',
  'public speaking',
  'first aid',
  'video editing',
  'data analysis',
  'community organising',
  'counselling',
  'music',
  'sport',
  'تيسير',
  'ترجمة',
  'تعليم',
  'διάλογος',
  'facilitación',
  'enseñanza',
  'ファシリテーション',
  'การสอน',
  'संगठन',
  'логистика',
];

/** Matcher n's id: its own range, apart from the seed's users and missions. */
export function matcherId(n: number): string {
  return `00000000-0000-4000-a000-${n.toString(16).padStart(12, '0')}`;
}

const pick = (n: number, k: number) => SKILLS[(n * 7 + k * 13) % SKILLS.length] ?? 'facilitation';

/** Seeds the matchers, their profiles, varied mission objectives and the open roles, in a few statements. */
export async function seedMatching(db: Db, missions: number): Promise<void> {
  const profiles = Array.from({ length: MATCHERS }, (_, index) => {
    const n = index + 1;
    const skills = Array.from({ length: 3 + (n % 5) }, (_, k) => pick(n, k)).join(', ');
    return {
      id: matcherId(n),
      skills: `I bring ${skills}.`,
      archetype: ROLE_ARCHETYPES[n % ROLE_ARCHETYPES.length],
      objective: OBJECTIVES[n % OBJECTIVES.length],
    };
  });
  await db.query(
    `insert into users (id, email, password_hash, first_name, last_name, mobile, pre_survey_completed)
     select p.id, 'matcher.' || p.id || '@example.org', 'x', 'Matcher', right(p.id::text, 6), '+27820000000', true
       from jsonb_to_recordset($1::jsonb) as p(id uuid)`,
    [JSON.stringify(profiles)],
  );
  await db.query(
    `insert into role_profiles (user_id, role_title, role_archype, high_objective, intention, skills_and_resources,
            knowledge_and_experience, community_need, contribution, first_action_next_7_days)
     select p.id, 'Helper', p.archetype, p.objective, 'To help where I fit', p.skills, 'Some years of volunteering',
            'People need each other', 'My weekends', 'Ask a team'
       from jsonb_to_recordset($1::jsonb) as p(id uuid, skills text, archetype text, objective text)`,
    [JSON.stringify(profiles)],
  );
  await db.query(`update missions set objective_or_focus = ($1::text[])[1 + (hashtext(mission_id::text) & 1023) % $2::int]`, [
    [...OBJECTIVES],
    OBJECTIVES.length,
  ]);
  const roles = Array.from({ length: OPEN_ROLES }, (_, index) => ({
    title: `Role ${index + 1}`,
    mission: `00000000-0000-4000-9000-${(1 + (index % missions)).toString(16).padStart(12, '0')}`,
    skills: Array.from({ length: 1 + (index % 4) }, (_, k) => pick(index * 3 + 1, k)),
    archetype: index % 2 ? ROLE_ARCHETYPES[index % ROLE_ARCHETYPES.length] : null,
    places: 1 + (index % 5),
  }));
  await db.query(
    `insert into mission_roles (mission_id, title, skills, archetype, places)
     select r.mission, r.title, array(select distinct unnest(r.skills)), r.archetype, r.places
       from jsonb_to_recordset($1::jsonb) as r(title text, mission uuid, skills text[], archetype text, places int)`,
    [JSON.stringify(roles)],
  );
}

export interface MatchingFigures {
  wordsMs: number;
  suggestions: LoadResult & { p95: number };
  people: LoadResult & { p95: number };
  builder: { ms: number[]; placed: number; unplaced: number; totalFit: number; stoppedEarly: boolean };
}

async function timeCalls(url: string, calls: { name: string; body: object; token: string }[]): Promise<LoadResult & { p95: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const errorSamples: string[] = [];
  const started = performance.now();
  for (const call of calls) {
    const t0 = performance.now();
    const response = await fetch(`${url}/rest/v1/rpc/${call.name}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${call.token}` },
      body: JSON.stringify(call.body),
    });
    const text = await response.text();
    latencies.push(performance.now() - t0);
    if (!response.ok) {
      errors += 1;
      if (errorSamples.length < 3) errorSamples.push(text.slice(0, 200));
    }
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const p95 = Math.round(sorted[Math.floor(0.95 * sorted.length)] ?? 0);
  const figures = latencyFigures(latencies, (performance.now() - started) / 1000);
  return { ...figures, p95, errors, non2xx: errors, answers: {}, errorSamples };
}

/** `tokenOf(id)` mints an access token for a user id; owners are the seed's users 1…missions. */
export async function runMatching(
  db: Db,
  url: string,
  tokenOf: (userId: string) => Promise<string>,
  ownerToken: (n: number) => string,
): Promise<MatchingFigures> {
  const t0 = performance.now();
  await refreshMatchWords(db);
  const wordsMs = performance.now() - t0;
  await db.exec('analyze');

  const askers = await Promise.all(Array.from({ length: 300 }, (_, index) => tokenOf(matcherId(1 + ((index * 97) % MATCHERS)))));
  const suggestions = await timeCalls(
    url,
    askers.map((token) => ({ name: 'get_missions_for_me', body: { p_limit: 5 }, token })),
  );
  const roles = await db.query<{ role_id: string; mission_id: string }>('select role_id, mission_id from mission_roles order by role_id limit 100');
  const people = await timeCalls(
    url,
    roles.map((role) => ({
      name: 'get_people_for_role',
      body: { p_role_id: role.role_id },
      token: ownerToken(Number.parseInt(role.mission_id.slice(-12), 16)),
    })),
  );
  const ms: number[] = [];
  let last: Awaited<ReturnType<typeof proposePlacements>> | undefined;
  for (let run = 0; run < 3; run += 1) {
    const started = performance.now();
    last = await proposePlacements(db);
    ms.push(Math.round(performance.now() - started));
  }
  return {
    wordsMs,
    suggestions,
    people,
    builder: {
      ms,
      placed: last?.placements.length ?? 0,
      unplaced: last?.unplaced.length ?? 0,
      totalFit: last?.total_fit ?? 0,
      stoppedEarly: last?.stopped_early ?? true,
    },
  };
}

/** The table rows and checks of the figures, printing the builder's line as it goes. */
export function matchingReport(
  figures: MatchingFigures,
  seededProfiles: number,
): {
  rows: { scenario: string; connections: number; users: number; result: LoadResult; note: string }[];
  checks: { name: string; ok: boolean; detail: string }[];
} {
  const { suggestions, people, builder } = figures;
  console.log(`suggestions p95 ${suggestions.p95} ms, builder ${builder.ms.join('/')} ms`);
  console.log(
    `matching words filled for every profile and role in ${(figures.wordsMs / 1000).toFixed(1)} s; team builder: ${builder.ms.join(' / ')} ms, ` +
      `${builder.placed} placed, ${builder.unplaced} unplaced, total fit ${builder.totalFit}${builder.stoppedEarly ? ', STOPPED EARLY' : ''}`,
  );
  const profiles = `${MATCHERS + seededProfiles} profiles (${MATCHERS} varied + the seed's ${seededProfiles})`;
  return {
    rows: [
      {
        scenario: 'get_missions_for_me, one attendee at a time',
        connections: 1,
        users: 300,
        result: suggestions,
        note: `p95 ${suggestions.p95} ms; ${profiles}`,
      },
      { scenario: 'get_people_for_role, one owner at a time', connections: 1, users: 100, result: people, note: `p95 ${people.p95} ms` },
    ],
    checks: [
      {
        name: 'missions that need you: p95 ≤ 50 ms for one attendee',
        ok: suggestions.p95 <= 50 && suggestions.errors === 0,
        detail: `p95 ${suggestions.p95} ms over ${suggestions.requests} calls, ${suggestions.errors} errors${suggestions.errorSamples[0] ? `; ${suggestions.errorSamples[0]}` : ''}`,
      },
      {
        name: 'the team builder solves the event in ≤ 10 s without stopping early',
        ok: Math.max(...builder.ms) <= 10_000 && !builder.stoppedEarly,
        detail: `${builder.ms.join(' / ')} ms; ${builder.placed} placed of ${builder.placed + builder.unplaced}`,
      },
    ],
  };
}
