import { z } from './zod.ts';

/**
 * Voting rounds (docs/product.md#voting-rounds): the closing panel's vote, which organisers
 * create, open, close and reveal, and attendees vote in from /vote. Separate from the everyday
 * Vote/Unvote on missions.
 */

export const ROUND_STATES = ['draft', 'open', 'closed', 'revealed'] as const;
export type RoundState = (typeof ROUND_STATES)[number];

export const ROUND_NAME_MAX = 120;
export const ROUND_VOTES_MIN = 1;
export const ROUND_VOTES_MAX = 5;
/** The most missions a shortlist holds. */
export const ROUND_SHORTLIST_MAX = 100;

/** The public topic of the live channel that says a round changed (its state or how many have voted). */
export const ROUNDS_TOPIC = 'rounds';

/**
 * What the rounds topic sends, at most twice a second per round: what anyone may see of it now.
 * `counts` is null while the round's counts are hidden.
 */
export interface RoundLiveEvent {
  round_id: string;
  state: RoundState;
  opens_at: string | null;
  closes_at: string | null;
  voter_count: number;
  counts: { mission_id: string; vote_count: number }[] | null;
}

export const ROUND_MESSAGES = {
  nameRequired: 'Please give the round a name',
  votesPerPerson: 'Each person has 1 to 5 votes in a round',
  shortlistEmpty: 'Choose at least one mission for the shortlist, or all visible missions',
  shortlistUnknown: 'Some missions of the shortlist do not exist or are hidden',
  closeBeforeOpen: 'The round cannot close before it opens',
  closeInPast: 'The closing time has already passed',
  notFound: 'Voting round not found',
  notDraft: 'Only a round that has not opened yet can be changed',
  alreadyOpened: 'This round has already been opened',
  anotherOpen: 'Another round is open. Close it before opening this one.',
  notOpenedYet: 'This round has not opened yet',
  alreadyClosed: 'This round is already closed',
  revealNeedsClose: 'Close the round before revealing its result',
  alreadyRevealed: 'This round’s result is already revealed',
  notYetOpen: 'Voting has not opened yet',
  closed: 'Voting has closed',
  notInRound: 'This mission is not in this round',
  ownMission: 'You cannot vote for your own mission in this round',
  alreadyVoted: 'You have already voted for this mission',
  noVotesLeft: 'You have no votes left in this round',
  notYourVote: 'You have not voted for this mission in this round',
  notRevealed: 'The result of this round is not revealed yet',
  malformedReceipt: 'A receipt code is 32 letters and digits (0–9, a–f), as shown on your vote screen',
} as const;

/** What the audit log records for rounds. */
export const ROUND_AUDIT_KINDS = {
  created: 'vote_round.created',
  updated: 'vote_round.updated',
  opened: 'vote_round.opened',
  closed: 'vote_round.closed',
  revealed: 'vote_round.revealed',
  exported: 'vote_round.exported',
} as const;

/** Receipts as shown: 32 hex digits in eight groups of four, for reading aloud and comparing. */
export function formatReceipt(receipt: string): string {
  return receipt.replace(/(.{4})(?=.)/g, '$1-');
}

/** A receipt as typed (any case, with spaces or dashes) in its stored form, or null when it is not one. */
export function normaliseReceipt(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '').toLowerCase();
  return /^[0-9a-f]{32}$/.test(compact) ? compact : null;
}

const id = z.uuid();
/** A moment as sent: read by the procedure (parseMoment, moments.ts), so a refusal is in the organiser's words. */
const moment = z.string().max(100);
const when = moment.nullable().optional().default(null);
const votesPerPerson = z
  .number({ error: ROUND_MESSAGES.votesPerPerson })
  .int(ROUND_MESSAGES.votesPerPerson)
  .min(ROUND_VOTES_MIN, ROUND_MESSAGES.votesPerPerson)
  .max(ROUND_VOTES_MAX, ROUND_MESSAGES.votesPerPerson);

const roundSettings = {
  p_name: z.string().trim().max(ROUND_NAME_MAX),
  p_votes_per_person: votesPerPerson,
  p_allow_own_mission: z.boolean().optional().default(false),
  p_show_counts_while_open: z.boolean().optional().default(false),
  /** Whether one person may give several of their votes to the same mission. */
  p_allow_repeat_votes: z.boolean().optional().default(false),
  /** Only people checked in at the door may vote ("Only people checked in may vote"). */
  p_checked_in_only: z.boolean().optional().default(false),
  /** null: every mission that is not hidden; otherwise the shortlist of finalists. */
  p_mission_ids: z.array(id).max(ROUND_SHORTLIST_MAX).nullable(),
  /** When the database opens and closes the round by itself (ISO 8601 with an offset), or null. */
  p_opens_at: when,
  p_closes_at: when,
};

export const roundProcedureParams = {
  create_vote_round: z.strictObject(roundSettings),
  update_vote_round: z.strictObject({ p_round_id: id, ...roundSettings }),
  /** The closing time of an open round (or null for none): the countdown on /live follows it. */
  set_vote_round_close: z.strictObject({ p_round_id: id, p_closes_at: moment.nullable() }),
  open_vote_round: z.strictObject({ p_round_id: id }),
  close_vote_round: z.strictObject({ p_round_id: id }),
  reveal_vote_round: z.strictObject({ p_round_id: id }),
  list_vote_rounds: z.strictObject({}),
  get_current_vote_round: z.strictObject({}),
  cast_round_vote: z.strictObject({ p_round_id: id, p_mission_id: id }),
  withdraw_round_vote: z.strictObject({ p_round_id: id, p_mission_id: id }),
  get_my_round_votes: z.strictObject({ p_round_id: id }),
  get_vote_round_result: z.strictObject({ p_round_id: id }),
  check_vote_receipt: z.strictObject({ p_round_id: id, p_receipt: z.string().max(100) }),
} as const;

export interface RoundSettings {
  round_id: string;
  name: string;
  state: RoundState;
  votes_per_person: number;
  allow_own_mission: boolean;
  show_counts_while_open: boolean;
  allow_repeat_votes: boolean;
  /** Only people checked in at the door may vote. */
  checked_in_only: boolean;
  all_missions: boolean;
  opens_at: string | null;
  closes_at: string | null;
  opened_at: string | null;
  closed_at: string | null;
  revealed_at: string | null;
}

/** A mission as a round shows it. vote_count is null while the round's counts are hidden from the caller. */
export interface RoundMission {
  mission_id: string;
  name: string;
  statement: string;
  team: string[];
  vote_count: number | null;
}

/** One of the caller's votes in a round, with its receipt code (32 hex digits). */
export interface MyRoundVote {
  mission_id: string;
  /** Which of the person's votes this is (1..votes_per_person): a mission may hold several. */
  slot: number;
  receipt: string;
  cast_at: string;
}

/** A round as attendees and the projector see it. */
export interface CurrentRound extends RoundSettings {
  missions: RoundMission[];
  /** How many people have voted (not for whom). */
  voter_count: number;
  my_votes: MyRoundVote[];
  votes_left: number;
  /** The server's clock when it answered, so a countdown does not trust the device's clock. */
  server_time: string;
}

/**
 * What a vote (or taking one back) answers: the caller's votes now, and how many they have left.
 * The rest of the round is unchanged by it, and screens keep it from get_current_vote_round and
 * the live channel; answering only this keeps a vote cheap when the whole room votes at once.
 */
export interface RoundVoteAnswer {
  round_id: string;
  state: RoundState;
  votes_per_person: number;
  my_votes: MyRoundVote[];
  votes_left: number;
}

/** A round in the console: organisers see the counts in every state. */
export interface OrganiserRound extends RoundSettings {
  missions: RoundMission[];
  voter_count: number;
  vote_count: number;
  created_at: string;
}

export interface RoundResultMission {
  mission_id: string;
  name: string;
  statement: string;
  team_size: number;
  vote_count: number;
  /** Every counted vote's receipt for this mission, sorted: no order of voting shows through. */
  receipts: string[];
}

export interface RoundResult {
  round: RoundSettings;
  /** Most votes first; ties by name. */
  missions: RoundResultMission[];
  voter_count: number;
  vote_count: number;
}

export interface ReceiptCheck {
  /** Whether the receipt is among the published, counted votes, and for which mission. */
  counted: boolean;
  mission_id: string | null;
  mission_name: string | null;
}

export interface RoundProcedureResults {
  create_vote_round: OrganiserRound;
  update_vote_round: OrganiserRound;
  set_vote_round_close: OrganiserRound;
  open_vote_round: OrganiserRound;
  close_vote_round: OrganiserRound;
  reveal_vote_round: OrganiserRound;
  list_vote_rounds: OrganiserRound[];
  get_current_vote_round: CurrentRound | null;
  cast_round_vote: RoundVoteAnswer;
  withdraw_round_vote: RoundVoteAnswer;
  get_my_round_votes: MyRoundVote[];
  get_vote_round_result: RoundResult;
  check_vote_receipt: ReceiptCheck;
}

/** Where a revealed round's CSV files stream from (GET, organiser's access token as bearer). */
export const roundExportPath = (roundId: string, file: 'result' | 'receipts'): string => `/exports/v1/rounds/${roundId}/${file}.csv`;
