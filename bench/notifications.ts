import { performance } from 'node:perf_hooks';
import type { Db } from '../apps/server/src/db/db.ts';
import { latencyFigures } from './latency.ts';
import type { LoadResult } from './load-types.ts';

/**
 * A change to a mission that `followers` new people follow (docs/decisions/020-notifications-and-digests.md):
 * its owner saves a new statement `changes` times, one after another over HTTP, as the mission form
 * does. Each save records one event and tells every follower in one statement; the figure is what
 * the owner waits for. Also answers how many of the followers added here each change told (the
 * seed's own subscribers to the mission are told too, and counted apart).
 */
export async function timeFollowerChanges(
  db: Db,
  options: { url: string; ownerToken: string; ownerId: string; missionId: string; followers: number; changes: number },
): Promise<{ result: LoadResult; toldPerChange: number[]; othersToldPerChange: number[] }> {
  // The followers: people of their own (plain rows, no sign-up work), each following the mission.
  // Their e-mail addresses are this scenario's alone, so its count below finds exactly them.
  await db.query(
    `with followers as (
       insert into users (id, email, password_hash, first_name, last_name, mobile)
       select gen_random_uuid(), 'follower' || n || '@bench.example.org', 'x', 'Follower', 'Number ' || n, '+27820000000'
         from generate_series(1, $2::int) as n
       returning id)
     insert into mission_subscriptions (mission_id, user_id) select $1, id from followers`,
    [options.missionId, options.followers],
  );
  const latencies: number[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const started = performance.now();
  for (let change = 1; change <= options.changes; change += 1) {
    const t0 = performance.now();
    const response = await fetch(`${options.url}/rest/v1/rpc/update_mission`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${options.ownerToken}` },
      body: JSON.stringify({ p_mission_id: options.missionId, p_updated_by: options.ownerId, p_statement: `Statement, version ${change} of ${Date.now()}` }),
    });
    const body = await response.text();
    latencies.push(performance.now() - t0);
    if (!response.ok) {
      errors += 1;
      if (errorSamples.length < 3) errorSamples.push(body.slice(0, 200));
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const told = await db.query<{ added: number; others: number }>(
    `select count(n.id) filter (where u.email like 'follower%@bench.example.org')::int as added,
            count(n.id) filter (where u.email not like 'follower%@bench.example.org')::int as others
       from mission_events e
       left join notifications n on n.event_id = e.id
       left join users u on u.id = n.user_id
      where e.mission_id = $1 and e.kind = 'mission_updated'
      group by e.id order by e.id desc limit $2`,
    [options.missionId, options.changes],
  );
  return {
    result: {
      ...latencyFigures(latencies, seconds),
      errors,
      non2xx: errors,
      answers: {},
      errorSamples,
    },
    toldPerChange: told.map((row) => row.added),
    othersToldPerChange: told.map((row) => row.others),
  };
}
