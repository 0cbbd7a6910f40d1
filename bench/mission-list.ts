// The mission list as `npm run bench` checks it: every listed count equals the vote rows, and one
// call as a browser makes it (time to the last byte, bytes on the wire).
import { performance } from 'node:perf_hooks';
import { request as httpRequest } from 'node:http';
import { gunzipSync } from 'node:zlib';
import type { Db } from '../apps/server/src/db/db.ts';
import { checks } from './report.ts';

/** Every listed mission's vote_count equals its vote rows, and the list has every mission. */
export async function checkListedCounts(db: Db, url: string, accessToken: string, missions: number): Promise<void> {
  const listed = await fetchAllMissions(url, accessToken);
  const perMission = await db.query<{ mission_id: string; count: number }>('select mission_id, count(*)::int as count from mission_votes group by mission_id');
  const rowsByMission = new Map(perMission.map((row) => [row.mission_id, row.count]));
  const mismatched = listed.filter((mission) => mission.vote_count !== (rowsByMission.get(mission.mission_id) ?? 0));
  const listedTotal = listed.reduce((sum, mission) => sum + mission.vote_count, 0);
  checks.push({
    name: `get_all_missions vote_count = vote rows, per mission (${missions} missions)`,
    ok: mismatched.length === 0 && listed.length === missions,
    detail: `${listed.length} missions, ${mismatched.length} mismatched, Σ vote_count ${listedTotal}`,
  });
}

export async function voteRows(db: Db): Promise<number> {
  const [row] = await db.query<{ count: number }>('select count(*)::int as count from mission_votes');
  return row?.count ?? -1;
}

interface ListedMission {
  mission_id: string;
  vote_count: number;
}

async function fetchAllMissions(url: string, accessToken: string): Promise<ListedMission[]> {
  const response = await fetch(`${url}/rest/v1/rpc/get_all_missions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${accessToken}` },
    body: '{}',
  });
  if (!response.ok) throw new Error(`get_all_missions: ${response.status} ${await response.text()}`);
  return (await response.json()) as ListedMission[];
}

/** One list call as a browser makes it (gzip accepted): time to the last byte, bytes on the wire, and unpacked. */
export async function timeOne(url: string, accessToken: string): Promise<{ ms: number; bytes: number; gzip: number }> {
  const t0 = performance.now();
  const wire = await new Promise<Buffer>((resolve, reject) => {
    const request = httpRequest(`${url}/rest/v1/rpc/get_all_missions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${accessToken}`, 'accept-encoding': 'gzip' },
    });
    request.once('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('end', () => resolve(Buffer.concat(chunks)));
      response.once('error', reject);
    });
    request.end('{}');
  });
  const ms = performance.now() - t0;
  return { ms, bytes: gunzipSync(wire).length, gzip: wire.length };
}
