/** What run.ts and the live scenario's helper processes (bench/live-worker.ts) send each other. Plain data only. */

/** One probe vote: the count it made the probe mission reach, and when its answer arrived (ms since the epoch). */
export interface ProbeVote {
  count: number;
  at: number;
}

export interface ProbeJob {
  url: string;
  missionId: string;
  /** The probe mission's vote count before the first probe vote. */
  base: number;
  /** Access tokens of people who have not voted for the probe mission: one vote each. */
  tokens: string[];
  intervalMs: number;
  durationMs: number;
}

export type ProbeReply = { kind: 'probed'; votes: ProbeVote[]; errors: string[] } | { kind: 'failed'; error: string };

/** Delays from a vote's answer to its arrival at the clients, over every (vote, client) pair of every round so far, in ms. */
export interface LiveDelays {
  samples: number;
  /** Pairs whose client never saw the vote's count. */
  missing: number;
  /** Pairs whose message arrived before the voter had its answer (counted as 0 ms). */
  early: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  clientsWithLast: number;
  /** Missions messages each client received per second while the probe ran. */
  messagesPerClientPerSecond: number;
  /** CPU time the clients' process used while the probe ran, as a share of one core. */
  cpuShare: number;
}

export type LiveClientsCommand =
  | { kind: 'connect'; url: string; tokens: string[] }
  | { kind: 'disconnect' }
  | { kind: 'watch'; missionId: string }
  | { kind: 'delays'; votes: ProbeVote[]; waitMs: number }
  | { kind: 'close' };

export type LiveClientsReply =
  | { kind: 'connected'; connected: number; failed: number; errors: string[]; seconds: number }
  | { kind: 'disconnected' }
  | { kind: 'watching' }
  | { kind: 'delays'; delays: LiveDelays; waitedMs: number }
  | { kind: 'failed'; error: string };
