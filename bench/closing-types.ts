/** What the closing-panel scenario (bench/closing-panel.ts) and its helper processes say to each other. Plain data only. */

/** An everyday toggle a person makes while the room votes: Vote/Unvote or Subscribe/Unsubscribe on a mission. */
export interface ClosingToggle {
  procedure: 'toggle_mission_vote' | 'toggle_mission_subscription';
  missionId: string;
}

/** One person of the room: their access token, the finalists they vote for, in order, and the toggles between their votes. */
export interface ClosingVoter {
  token: string;
  missions: string[];
  toggles: ClosingToggle[];
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
      /** The everyday toggles mixed in: each answer's latency from its moment, and the ones that failed. */
      toggleLatencies: number[];
      toggleErrors: number;
      toggleErrorSamples: string[];
    }
  | { kind: 'closed'; delays: number[]; screens: number }
  | { kind: 'failed'; error: string };
