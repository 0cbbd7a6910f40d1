import WebSocket from 'ws';
import { LIVE_SOCKET_PATH, MISSIONS_TOPIC, ROUNDS_TOPIC, type RoundVoteAnswer, type LiveServerMessage, type RoundLiveEvent } from '@mc/contract';
import type { AcknowledgedVote, ClosingCommand, ClosingReply, ClosingVoter } from './closing-types.ts';

/**
 * The closing-panel scenario's helpers, each forked by bench/closing-panel.ts into its own process
 * so that neither shares the server's event loop (nor the other's):
 * - `screens`: N /live and /vote screens, each a live connection signed in as its person and
 *   following the missions and rounds topics, as the web app does. When a rounds message says the
 *   round closed, the screen reads the round again (get_current_vote_round, as the app's cache
 *   does on a change of state) and shows "Voting closed" once that read answers `closed`;
 * - `votes`: the room voting: each person starts at a random moment of the window and casts their
 *   votes a moment apart, each sent at its planned moment (open loop), noting each answer's
 *   latency from that moment and its receipt; between their votes they make their everyday
 *   toggles (Vote/Unvote, Subscribe) on the same missions, as the app's mission cards do.
 */

const CONNECT_CONCURRENCY = 50;

interface Screen {
  socket: WebSocket;
  /** When the screen showed "Voting closed" (ms since the epoch), or null. */
  closedAt: number | null;
}

let screens: Screen[] = [];
let roundId = '';
let waiters: (() => void)[] = [];

function send(reply: ClosingReply): void {
  process.send?.(reply);
}

async function post<T>(url: string, path: string, token: string, body: unknown): Promise<{ ok: boolean; status: number; json: T | null; text: string }> {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'bench', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  return { ok: response.ok, status: response.status, json: response.ok ? (JSON.parse(text) as T) : null, text };
}

/** The screen shows "Voting closed": the app applies the close from the message itself (apps/web/src/lib/live/roundsCache.ts). */
function showClosed(screen: Screen): void {
  if (screen.closedAt !== null) return;
  screen.closedAt = Date.now();
  const waiting = waiters;
  waiters = [];
  for (const resolve of waiting) resolve();
}

function connectOne(url: string, token: string): Promise<Screen> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}${LIVE_SOCKET_PATH}`, { perMessageDeflate: false });
    const screen: Screen = { socket, closedAt: null };
    const timer = setTimeout(() => reject(new Error('a screen did not get ready within 30 s')), 30_000);
    socket.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'auth', token })));
    socket.on('message', (raw: Buffer) => {
      // Missions messages are the everyday ranking's: a round screen has nothing to do with them.
      if (!raw.includes(ROUNDS_TOPIC) && !raw.includes('"ready"')) return;
      const message = JSON.parse(raw.toString()) as LiveServerMessage;
      if (message.type === 'ready') {
        socket.send(JSON.stringify({ type: 'subscribe', topics: [MISSIONS_TOPIC, ROUNDS_TOPIC] }));
        // The server handles a connection's frames in order, so its pong means the subscription is in.
        socket.ping();
        socket.once('pong', () => {
          clearTimeout(timer);
          resolve(screen);
        });
        return;
      }
      if (message.type !== 'event' || message.topic !== ROUNDS_TOPIC) return;
      const event = message.data as RoundLiveEvent;
      if (event.round_id === roundId && event.state === 'closed') showClosed(screen);
    });
  });
}

async function connectScreens(url: string, tokens: string[], round: string): Promise<ClosingReply> {
  roundId = round;
  screens = [];
  const started = Date.now();
  let next = 0;
  let failed = 0;
  const errors: string[] = [];
  const worker = async () => {
    while (next < tokens.length) {
      const token = tokens[next]!;
      next += 1;
      try {
        screens.push(await connectOne(url, token));
      } catch (error) {
        failed += 1;
        if (errors.length < 3) errors.push(error instanceof Error ? error.message : String(error));
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  return { kind: 'screens', connected: screens.length, failed, errors, seconds: (Date.now() - started) / 1000 };
}

/** Waits until every screen shows "Voting closed" (or the time is up), and answers each screen's delay from `sentAt`. */
async function closedDelays(sentAt: number, waitMs: number): Promise<ClosingReply> {
  const deadline = Date.now() + waitMs;
  while (screens.some((screen) => screen.closedAt === null) && Date.now() < deadline) {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
      waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
  const delays = screens.flatMap((screen) => (screen.closedAt === null ? [] : [Math.max(0, screen.closedAt - sentAt)]));
  return { kind: 'closed', delays, screens: screens.length };
}

/**
 * The room voting, open loop: every vote has its moment in the window, fixed before the first is
 * sent (each person starts at a random moment and casts their votes `thinkMs` apart), and goes out
 * at that moment whether or not the server has answered the person's earlier ones. A vote's latency
 * counts from its scheduled moment, so a slow server (or a late client) is never hidden by votes
 * that were sent later because earlier ones waited. How late the client itself sent is noted apart.
 */
async function vote(url: string, round: string, voters: ClosingVoter[], windowMs: number, thinkMs: number): Promise<ClosingReply> {
  const latencies: number[] = [];
  /** Each answered vote's moment in the window (ms), in the order of `latencies`. */
  const scheduled: number[] = [];
  const sendLags: number[] = [];
  const acknowledged: AcknowledgedVote[] = [];
  const errorSamples: string[] = [];
  let errors = 0;
  const toggleLatencies: number[] = [];
  const toggleErrorSamples: string[] = [];
  let toggleErrors = 0;
  const latest = Math.max(0, windowMs - thinkMs * voters[0]!.missions.length);
  const starts = voters.map(() => Math.random() * latest);
  const schedule = voters.flatMap((voter, index) => voter.missions.map((missionId, k) => ({ voter, index, missionId, at: starts[index]! + k * thinkMs })));
  // The everyday toggles go between a person's votes, half a step after each.
  const toggles = voters.flatMap((voter, index) => voter.toggles.map((toggle, k) => ({ voter, toggle, at: starts[index]! + (k + 0.5) * thinkMs })));
  const origin = performance.now();
  const flip = async ({ voter, toggle, at }: (typeof toggles)[number]) => {
    const due = origin + at;
    try {
      const answer = await post<string>(url, `/rest/v1/rpc/${toggle.procedure}`, voter.token, { p_mission_id: toggle.missionId });
      toggleLatencies.push(performance.now() - due);
      if (!answer.ok) {
        toggleErrors += 1;
        if (toggleErrorSamples.length < 3) toggleErrorSamples.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      }
    } catch (error) {
      toggleErrors += 1;
      if (toggleErrorSamples.length < 3) toggleErrorSamples.push(error instanceof Error ? error.message : String(error));
    }
  };
  const cast = async ({ voter, index, missionId, at }: (typeof schedule)[number]) => {
    const due = origin + at;
    sendLags.push(performance.now() - due);
    try {
      const answer = await post<RoundVoteAnswer>(url, '/rest/v1/rpc/cast_round_vote', voter.token, { p_round_id: round, p_mission_id: missionId });
      latencies.push(performance.now() - due);
      scheduled.push(at);
      const receipt = answer.json?.my_votes.find((mine) => mine.mission_id === missionId)?.receipt;
      if (answer.ok && receipt) acknowledged.push({ voter: index, missionId, receipt });
      else {
        errors += 1;
        if (errorSamples.length < 3) errorSamples.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      }
    } catch (error) {
      errors += 1;
      if (errorSamples.length < 3) errorSamples.push(error instanceof Error ? error.message : String(error));
    }
  };
  await Promise.all([
    ...schedule.map(
      (planned) =>
        new Promise<void>((resolve) => {
          setTimeout(() => void cast(planned).then(resolve), planned.at);
        }),
    ),
    ...toggles.map(
      (planned) =>
        new Promise<void>((resolve) => {
          setTimeout(() => void flip(planned).then(resolve), planned.at);
        }),
    ),
  ]);
  const seconds = (performance.now() - origin) / 1000;
  return { kind: 'votes', latencies, scheduled, sendLags, seconds, acknowledged, errors, errorSamples, toggleLatencies, toggleErrors, toggleErrorSamples };
}

process.on('message', (command: ClosingCommand) => {
  const run = async (): Promise<ClosingReply | null> => {
    switch (command.kind) {
      case 'screens':
        return connectScreens(command.url, command.tokens, command.roundId);
      case 'votes':
        return vote(command.url, command.roundId, command.voters, command.windowMs, command.thinkMs);
      case 'closed':
        return closedDelays(command.sentAt, command.waitMs);
      case 'end':
        for (const screen of screens) screen.socket.terminate();
        process.disconnect?.();
        return null;
    }
  };
  run().then(
    (reply) => {
      if (reply) send(reply);
    },
    (error: unknown) => send({ kind: 'failed', error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  );
});
