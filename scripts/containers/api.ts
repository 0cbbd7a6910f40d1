// What `npm run test:containers` does to the app from outside, as the web app does: supabase-js over
// HTTP or HTTPS, and the live channel's WebSocket. HTTPS goes to the compose layout's proxy, whose
// certificate comes from Caddy's own local authority: the clients trust that authority only.
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { randomUUID } from 'node:crypto';
import { createClient, type RealtimeClientOptions, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { encodeDateOfBirth, LIVE_SOCKET_PATH, MISSIONS_TOPIC, type Database, type LiveServerMessage, type MissionsLiveEvent } from '@mc/contract';

export type Client = SupabaseClient<Database>;

export interface Person {
  client: Client;
  id: string;
  email: string;
  password: string;
  accessToken: string;
}

/** Node's fetch cannot be given a certificate authority of its own; this one sends through node:https with it. */
export function fetchTrusting(ca: string | undefined): typeof fetch {
  return async (input, init) => {
    const message = new Request(input, init);
    const body = message.body ? Buffer.from(await message.arrayBuffer()) : undefined;
    const url = new URL(message.url);
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<Response>((resolve, reject) => {
      const outgoing = send(
        url,
        { method: message.method, headers: Object.fromEntries(message.headers), ca, signal: init?.signal ?? undefined },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
          incoming.on('error', reject);
          incoming.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              for (const item of Array.isArray(value) ? value : [value ?? '']) headers.append(name, item);
            }
            const status = incoming.statusCode ?? 500;
            const noBody = status === 204 || status === 304 || message.method === 'HEAD';
            resolve(new Response(noBody ? null : Buffer.concat(chunks), { status, headers }));
          });
        },
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  };
}

export function newClient(url: string, ca?: string): Client {
  return createClient<Database>(url, 'any-public-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchTrusting(ca) },
    // Node 20 has no global WebSocket; supabase-js needs one even when realtime is unused.
    realtime: { transport: WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']> },
  });
}

export function uniqueEmail(): string {
  return `containers.${Date.now().toString(36)}.${randomUUID().slice(0, 8)}@example.org`;
}

export async function signUp(url: string, ca?: string): Promise<Person> {
  const client = newClient(url, ca);
  const email = uniqueEmail();
  const password = encodeDateOfBirth('1984-11-23');
  const { data, error } = await client.auth.signUp({
    email,
    password,
    options: { data: { first_name: 'Container', last_name: 'Tester', date_of_birth: password, mobile_number: '+27825550123' } },
  });
  if (error || !data.session || !data.user) throw new Error(`sign-up at ${url} failed: ${error?.message ?? 'no session'}`);
  return { client, id: data.user.id, email, password, accessToken: data.session.access_token };
}

export async function signIn(url: string, email: string, password: string, ca?: string): Promise<Person> {
  const client = newClient(url, ca);
  const { data, error } = await client.auth.signInWithPassword({ email, password });
  if (error || !data.session || !data.user) throw new Error(`sign-in at ${url} failed: ${error?.message ?? 'no session'}`);
  return { client, id: data.user.id, email, password, accessToken: data.session.access_token };
}

/** A new mission founded by `person` (survey done and a role profile first, as the app asks). */
export async function createMission(person: Person, name: string): Promise<string> {
  const survey = await person.client.rpc('mark_survey_completed', { p_user_id: person.id, p_survey_type: 'pre_survey_completed' });
  if (survey.error) throw new Error(`mark_survey_completed: ${survey.error.message}`);
  const profile = await person.client.rpc('create_role_profile', {
    p_user_id: person.id,
    p_intention: 'Run it as operators do',
    p_skills_and_resources: 'Containers',
    p_knowledge_and_experience: 'Compose files',
    p_community_need: 'An image to run',
    p_contribution: 'A tested layout',
    p_first_action_next_7_days: 'Stop an instance and count the votes',
    p_role_title: 'Operator',
    p_high_objective: 'Life & Well-being',
    p_role_archype: 'Architect',
  });
  if (profile.error) throw new Error(`create_role_profile: ${profile.error.message}`);
  const { data, error } = await person.client.rpc('create_mission', {
    p_creator_id: person.id,
    p_name: name,
    p_shared_intention: 'Stay up',
    p_objective_or_focus: 'Life & Well-being',
    p_statement: 'We keep every acknowledged vote',
    p_core_message: 'Nothing lost',
    p_problem_being_solved: 'Lost votes',
    p_first_team_action: 'Stop an instance and check',
  });
  const missionId = data?.[0]?.mission_id;
  if (error || !missionId) throw new Error(`create_mission: ${error?.message ?? 'no mission'}`);
  return missionId;
}

/** True when the server acknowledged the vote (it answers 'voted'). */
export async function vote(person: Person, missionId: string): Promise<boolean> {
  const { data, error } = await person.client.rpc('toggle_mission_vote', { p_mission_id: missionId });
  return !error && data === 'voted';
}

/** Whether the server at `url` (not necessarily the one the person signed in on) has the person's vote. */
export async function hasVoted(url: string, person: Person, missionId: string): Promise<boolean> {
  const client = createClient<Database>(url, 'any-public-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { authorization: `Bearer ${person.accessToken}` } },
    realtime: { transport: WebSocket as unknown as NonNullable<RealtimeClientOptions['transport']> },
  });
  const { data, error, status } = await client.rpc('get_all_missions', {});
  if (error) throw new Error(`get_all_missions at ${url}: HTTP ${status} ${error.message}`);
  return data.some((row) => row.mission_id === missionId && row.is_voted);
}

/** A live screen: a WebSocket that signed in and follows the missions topic. */
export class LiveScreen {
  private readonly received: LiveServerMessage[] = [];
  private waiters: (() => void)[] = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (raw: Buffer) => {
      this.received.push(JSON.parse(raw.toString()) as LiveServerMessage);
      this.wake();
    });
    socket.on('close', () => this.wake());
  }

  static async follow(baseUrl: string, token: string, ca?: string): Promise<LiveScreen> {
    const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`, ca ? { ca } : {});
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    const screen = new LiveScreen(socket);
    socket.send(JSON.stringify({ type: 'auth', token }));
    await screen.waitFor((message) => message.type === 'ready', 'the live channel to be ready');
    socket.send(JSON.stringify({ type: 'subscribe', topics: [MISSIONS_TOPIC] }));
    // The server reads a connection's frames in order: once it answers a later ping, the subscription is in.
    await new Promise<void>((resolve) => {
      socket.once('pong', () => resolve());
      socket.ping();
    });
    return screen;
  }

  /** Resolves once a missions event shows `missionId` with `votes` votes. */
  async waitForVotes(missionId: string, votes: number): Promise<void> {
    await this.waitFor(
      (message) =>
        message.type === 'event' &&
        message.topic === MISSIONS_TOPIC &&
        (message.data as MissionsLiveEvent).counts.some((counts) => counts.mission_id === missionId && counts.vote_count === votes),
      `${votes} vote(s) on the live screen`,
    );
  }

  close(): void {
    this.socket.close();
  }

  private async waitFor(match: (message: LiveServerMessage) => boolean, what: string, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!this.received.some(match)) {
      if (this.socket.readyState === WebSocket.CLOSED) throw new Error(`the live connection closed while waiting for ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const wake of waiting) wake();
  }
}
