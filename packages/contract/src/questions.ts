import { partIdSchema } from './conference.ts';
import { z } from './zod.ts';

/**
 * "The room talks back" (docs/product.md#session-hosts): the people the organisers
 * name as hosts of a programme part, who may moderate that part's questions (and nothing else of
 * the console), and the questions attendees ask on every part.
 */

export const HOST_MESSAGES = {
  /** A host procedure called by someone who is neither a host of that part nor an organiser. */
  hostsOnly: "Only this session's hosts and the organisers can do this",
  unknownPart: 'This part is not in the published programme',
  unknownEmail: 'There is no account with that e-mail address. The person must sign up first.',
} as const;

/** What the audit log records for session hosts. */
export const HOST_AUDIT_KINDS = {
  added: 'session_host.added',
  removed: 'session_host.removed',
} as const;

const email = z.string().trim().min(1, 'Enter an e-mail address').max(254);

export const hostProcedureParams = {
  /** The hosts of one part, for the console (organisers). */
  list_part_hosts: z.strictObject({ p_part_id: partIdSchema }),
  /** Names the person with this e-mail a host of the part (organisers). */
  add_part_host: z.strictObject({ p_part_id: partIdSchema, p_email: email }),
  /** Takes the right back (organisers). */
  remove_part_host: z.strictObject({ p_part_id: partIdSchema, p_user_id: z.uuid() }),
  /** The parts the caller hosts (anyone signed in): the app shows their moderation controls there. */
  get_my_hosted_parts: z.strictObject({}),
} as const;

/** A host as the console lists them: organisers see who people are (docs/product.md#anonymity). */
export interface PartHost {
  part_id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
  added_at: string;
  added_by: string;
}

export interface HostedParts {
  part_ids: string[];
}

export interface HostProcedureResults {
  list_part_hosts: PartHost[];
  add_part_host: PartHost[];
  remove_part_host: PartHost[];
  get_my_hosted_parts: HostedParts;
}

// ---- Questions ----

/** The most characters a question keeps (after trimming). */
export const QUESTION_MAX = 280;
/** Questions a person may have open (neither answered nor hidden) on one part. */
export const OPEN_QUESTIONS_PER_PART = 5;
/** Asking opens this long before a part starts… */
export const ASKING_OPENS_BEFORE_MINUTES = 15;
/** …and closes this long after it ends, unless a host opens or closes it by hand. */
export const ASKING_CLOSES_AFTER_MINUTES = 30;
/** How many votes let anyone (not only the asker) start a mission from a question. */
export const MISSION_FROM_QUESTION_VOTES = 10;
/** The most characters a hiding reason keeps. */
export const QUESTION_HIDE_REASON_MAX = 200;

/**
 * The live channel's address (LIVE_SOCKET_PATH in live.ts, the same text; questions.test.ts checks
 * it): written here too so the questions screens do not share live.ts with the app's own live
 * connection, which would split it into a chunk of its own listed in /signin's first download.
 */
export const QUESTIONS_SOCKET_PATH = '/live/v1/websocket';

/** The bus topic of question changes (only part ids travel on it; browsers never follow it). */
export const QUESTIONS_TOPIC = 'questions';
/** The live topic of one part's questions: what anyone may see of them, at most a few times a second. */
export const questionsTopic = (partId: string): string => `${QUESTIONS_TOPIC}:${partId}`;

export const QUESTION_MESSAGES = {
  empty: 'Please write your question',
  tooLong: 'A question is at most 280 characters',
  notPublished: 'This part is not in the published programme, so it takes no questions',
  notOpen: 'Questions for this part are closed',
  tooMany: 'You already have 5 open questions on this part. Wait until one is answered.',
  notFound: 'Question not found',
  ownQuestion: 'You cannot vote for your own question',
  notVisible: 'This question cannot be voted on',
  reasonRequired: 'Please give a reason for hiding the question',
  pinVisibleOnly: 'Only a question everyone can see can be pinned',
  missionNotAllowed: 'Only the asker can start a mission from this question until it has 10 votes',
  missionNotVisible: 'A mission can only start from a question everyone can see',
} as const;

/** What the audit log records for questions (every moderation step). */
export const QUESTION_AUDIT_KINDS = {
  pinned: 'question.pinned',
  unpinned: 'question.unpinned',
  answered: 'question.answered',
  reopened: 'question.reopened',
  hidden: 'question.hidden',
  shown: 'question.shown',
  approved: 'question.approved',
  settings: 'question.settings_saved',
} as const;

export const QUESTION_SORTS = ['votes', 'newest'] as const;
export type QuestionSort = (typeof QUESTION_SORTS)[number];
/** 'auto': open from 15 minutes before the part to 30 minutes after it; or opened or closed by hand. */
export const ASKING_MODES = ['auto', 'open', 'closed'] as const;
export type AskingMode = (typeof ASKING_MODES)[number];
export const MODERATION_ACTIONS = ['pin', 'unpin', 'answer', 'reopen', 'hide', 'show', 'approve'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];
export const QUESTION_STATES = ['pending', 'visible', 'hidden'] as const;
export type QuestionState = (typeof QUESTION_STATES)[number];

const questionId = z.uuid();

export const questionProcedureParams = {
  get_part_questions: z.strictObject({ p_part_id: partIdSchema, p_sort: z.enum(QUESTION_SORTS).optional().default('votes') }),
  /** Length and emptiness are checked by the procedure, so the refusal is the product's sentence. */
  ask_question: z.strictObject({ p_part_id: partIdSchema, p_body: z.string().max(4 * QUESTION_MAX), p_anonymous: z.boolean().optional().default(false) }),
  /** p_up true gives the caller's vote (again: nothing changes), false takes it back. */
  vote_question: z.strictObject({ p_question_id: questionId, p_up: z.boolean() }),
  /** Hosts of the question's part and organisers. */
  moderate_question: z.strictObject({
    p_question_id: questionId,
    p_action: z.enum(MODERATION_ACTIONS),
    p_reason: z.string().trim().max(QUESTION_HIDE_REASON_MAX).nullable().optional().default(null),
  }),
  /** Hosts of the part and organisers: asking open or closed by hand, and pre-moderation. */
  set_part_questions: z.strictObject({ p_part_id: partIdSchema, p_asking: z.enum(ASKING_MODES), p_premoderated: z.boolean() }),
  /** Organisers: the part's questions with the askers' real names (the console). */
  list_part_questions_for_organisers: z.strictObject({ p_part_id: partIdSchema }),
} as const;

/** A question as one person sees it. */
export interface PartQuestion {
  question_id: string;
  body: string;
  /** The asker's name as others see it, or null for "Anonymous attendee". */
  asker_name: string | null;
  vote_count: number;
  answered: boolean;
  asked_at: string;
  state: QuestionState;
  /** Only the asker and the part's hosts read the reason of a hidden question. */
  hidden_reason: string | null;
  /** The caller asked it / upvoted it. */
  mine: boolean;
  voted: boolean;
}

/**
 * What anyone may see of a part's questions: the live topic sends it, get_part_questions answers
 * it with the caller's own part. Whether asking is open is worked out from `asking`, `opens_at` and
 * `closes_at` against the server's time (get_part_questions' server_time), so it needs no message.
 */
export interface PartQuestionsPublic {
  part_id: string;
  asking: AskingMode;
  premoderated: boolean;
  /** When asking opens and closes by itself (null when the part has no date). */
  opens_at: string | null;
  closes_at: string | null;
  pinned_question_id: string | null;
  /** How many missions anyone may see were started from this part's questions ("Missions started here"). */
  missions_started: number;
  /** The visible questions only: unanswered first, most votes first. */
  questions: PublicQuestion[];
}

export type PublicQuestion = Omit<PartQuestion, 'mine' | 'voted' | 'hidden_reason' | 'state'>;

export interface PartQuestions extends Omit<PartQuestionsPublic, 'questions'> {
  /** Whether the caller may ask now. */
  asking_open: boolean;
  /** The caller hosts this part (or is an organiser with their second factor). */
  is_host: boolean;
  /** Every question the caller may see (their own pending or hidden ones; all of them for hosts), in the order asked for. */
  questions: PartQuestion[];
  my_open_count: number;
  server_time: string;
}

/** A question in the organisers' console: the asker's real name, whatever they chose. */
export interface OrganiserQuestion extends PartQuestion {
  asker_real_name: string;
  asked_anonymously: boolean;
}

export type QuestionsLiveEvent = PartQuestionsPublic;

export interface QuestionProcedureResults {
  get_part_questions: PartQuestions;
  ask_question: PartQuestions;
  vote_question: { question_id: string; voted: boolean; vote_count: number };
  moderate_question: PartQuestions;
  set_part_questions: PartQuestions;
  list_part_questions_for_organisers: OrganiserQuestion[];
}
