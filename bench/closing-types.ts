/** What the closing-panel scenario (bench/closing-panel.ts) and its helper processes say to each other. Plain data only. */

/** One person of the room: their access token and the finalists they vote for, in order. */
export interface ClosingVoter {
  token: string;
  missions: string[];
}

export type ClosingCommand =
  | { kind: 'screens'; url: string; tokens: string[]; roundId: string }
  | { kind: 'votes'; url: string; roundId: string; voters: ClosingVoter[]; windowMs: number; thinkMs: number }
  | { kind: 'closed'; sentAt: number; waitMs: number }
  | { kind: 'end' };

/** A vote the server acknowledged (a 200 with its receipt). */
export interface AcknowledgedVote {
  voter: number;
  missionId: string;
  receipt: string;
}

export type ClosingReply =
  | { kind: 'screens'; connected: number; failed: number; errors: string[]; seconds: number }
  | {
      kind: 'votes';
      latencies: number[];
      scheduled: number[];
      sendLags: number[];
      seconds: number;
      acknowledged: AcknowledgedVote[];
      errors: number;
      errorSamples: string[];
    }
  | { kind: 'closed'; delays: number[]; screens: number }
  | { kind: 'failed'; error: string };
