// The yardstick for the vote spike: the smallest honest server that does the same toggle. Plain
// node:http and one pg pool on the same PostgreSQL, no framework, no batching, no counts kept, no
// live channel: it checks the bearer token (ES256, as the real server; each token is verified once
// and remembered, as the real server does too), then runs ONE statement per toggle on two tables of
// its own (a mission table and a vote table keyed by (mission, user)), and answers the same JSON
// string the real server answers. `npm run bench` runs it beside the real server in the same run.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { jwtVerify, type CryptoKey } from 'jose';

export interface MinimalServer {
  url: string;
  /** Vote rows the minimal server holds now. */
  votes: () => Promise<number>;
  close: () => Promise<void>;
}

const TOGGLE_SQL = `with deleted as (
    delete from minimal_votes where mission_id = $1 and user_id = $2 returning 1
  ), inserted as (
    insert into minimal_votes (mission_id, user_id)
    select $1, $2 where exists (select 1 from minimal_missions where mission_id = $1) and not exists (select 1 from deleted)
    on conflict do nothing returning 1
  )
  select exists (select 1 from deleted) as deleted, exists (select 1 from inserted) as inserted`;

/** Creates its two tables in the schema the URL's search_path names, with the given missions. */
export async function startMinimalServer(options: { databaseUrl: string; poolSize: number; publicKey: CryptoKey; missions: string[] }): Promise<MinimalServer> {
  const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize });
  await pool.query(`create table minimal_missions (mission_id uuid primary key);
    create table minimal_votes (mission_id uuid not null references minimal_missions on delete cascade, user_id uuid not null, primary key (mission_id, user_id))`);
  await pool.query('insert into minimal_missions select unnest($1::uuid[])', [options.missions]);
  const users = new Map<string, string>();

  const userOf = async (request: IncomingMessage): Promise<string | null> => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return null;
    const known = users.get(token);
    if (known) return known;
    try {
      const { payload } = await jwtVerify(token, options.publicKey, { audience: 'authenticated', algorithms: ['ES256'] });
      if (typeof payload.sub !== 'string') return null;
      users.set(token, payload.sub);
      return payload.sub;
    } catch {
      return null;
    }
  };

  const answer = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
  };

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    if (request.method !== 'POST' || request.url !== '/rest/v1/rpc/toggle_mission_vote') return answer(response, 404, { message: 'not found' });
    const user = await userOf(request);
    if (!user) return answer(response, 401, { message: 'You must be signed in to do this' });
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    const mission = typeof body === 'object' && body !== null && 'p_mission_id' in body ? body.p_mission_id : null;
    if (typeof mission !== 'string') return answer(response, 400, { message: 'p_mission_id is missing' });
    const { rows } = await pool.query<{ deleted: boolean; inserted: boolean }>(TOGGLE_SQL, [mission, user]);
    const row = rows[0];
    if (row?.deleted) return answer(response, 200, 'unvoted');
    if (row?.inserted) return answer(response, 200, 'voted');
    return answer(response, 400, { message: 'Mission not found' });
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch(() => answer(response, 500, { message: 'failed' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    votes: async () => Number((await pool.query<{ n: string }>('select count(*) as n from minimal_votes')).rows[0]?.n ?? -1),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await pool.end();
    },
  };
}
