/** What the questions scenario sends to its upvote worker, and what comes back. Plain data only. */

export interface UpvoteJob {
  url: string;
  /** The procedure's path (`/rest/v1/rpc/vote_question`). */
  path: string;
  questionId: string;
  /** The part's live topic, and the token the projector-like subscriber signs in with. */
  topic: string;
  projectorToken: string;
  /** One access token per person upvoting; each upvotes once. */
  tokens: string[];
  /** People who press a second time (an upvote given again changes nothing): the first `repeats` of them. */
  repeats: number;
  /** The room's pace: every upvote is sent within this many seconds, evenly. */
  seconds: number;
  /** At most this many upvotes in flight at once (the sender's connections). */
  connections: number;
}

export interface UpvoteFigures {
  sent: number;
  /** Answers that were 2xx, and what they said. */
  ok: number;
  errors: number;
  errorSamples: string[];
  /** First upvote sent → last answer read, s. */
  seconds: number;
  /** Answer times, ms. */
  p50: number;
  p99: number;
  /** Answer → the projector's first message counting at least what the answer counted, ms. */
  delay: { p50: number; p95: number; max: number; missing: number };
  /** The projector's messages, and the count in its last one. */
  messages: number;
  shown: number;
}
