/**
 * What the live channel says of polls (docs/product.md#polls), without zod: the signed-in layout's
 * live updates import it, and they load before any poll screen.
 */

export const POLL_KINDS = ['single', 'multiple', 'rating', 'open'] as const;
export type PollKind = (typeof POLL_KINDS)[number];

export const POLL_STATES = ['draft', 'open', 'closed'] as const;
export type PollState = (typeof POLL_STATES)[number];

/** The live channel's public topic of polls: each message is one part's polls as anyone may see them. */
export const POLLS_TOPIC = 'polls';

/** A poll's results as shown. `counts`: per option (single, multiple) or per rating 1–5 (rating); `top`: the most given open answers. */
export interface PollResults {
  counts: number[];
  average: number | null;
  top: { text: string; count: number }[];
}

/** A poll as anyone may see it: what the live channel sends. `results` is null while they are hidden. */
export interface PublicPoll {
  poll_id: string;
  part_id: string;
  kind: PollKind;
  question: string;
  options: string[];
  state: PollState;
  hide_results: boolean;
  /** Only people checked in at the door may answer (docs/product.md#check-in-at-the-door). */
  checked_in_only: boolean;
  /** How many people have answered. */
  answer_count: number;
  results: PollResults | null;
  opened_at: string | null;
  closed_at: string | null;
}

/** What the polls topic sends: one part's polls (not the drafts), at most a few times a second. */
export interface PollsLiveEvent {
  part_id: string;
  polls: PublicPoll[];
}
