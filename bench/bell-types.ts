/** What the programme-publish scenario and its open apps (bench/bell-worker.ts) send each other. Plain data only. */

/** One person whose app is open: their id (for their live topic) and access token. */
export interface BellWatcher {
  id: string;
  token: string;
}

export type BellCommand = { kind: 'connect'; url: string; watchers: BellWatcher[] } | { kind: 'collect'; waitMs: number } | { kind: 'close' };

export type BellReply =
  | { kind: 'connected'; connected: number; failed: number; errors: string[]; seconds: number }
  /** When each app's bell first held the programme change (ms since the epoch), null if it never did. */
  | { kind: 'bells'; at: (number | null)[]; errors: string[] }
  | { kind: 'failed'; error: string };
