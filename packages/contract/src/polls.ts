import { z } from './zod.ts';
import { partIdSchema } from './conference.ts';
import { POLL_KINDS, type PublicPoll } from './pollsLive.ts';

export * from './pollsLive.ts';

/**
 * Live polls per programme part (docs/product.md#polls): a host asks the room, attendees answer
 * from the part's details, the results move on phones and the projector (/live/polls/{part}).
 */

export const POLL_QUESTION_MAX = 200;
export const POLL_OPTION_MAX = 80;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;
export const POLL_OPEN_ANSWER_MAX = 60;
export const POLL_RATING_MIN = 1;
export const POLL_RATING_MAX = 5;
/** The open answers a result lists: the most given ones. */
export const POLL_TOP_ANSWERS = 10;

export const POLL_MESSAGES = {
  partNotPublished: 'That part is not in the published programme. Reload the agenda and try again.',
  questionRequired: 'Please write the question',
  optionsNeeded: 'Give at least 2 options, each with some text',
  tooManyOptions: 'A poll has at most 10 options',
  optionsRepeat: 'Each option must be different',
  notFound: 'Poll not found',
  alreadyOpened: 'This poll has already been opened',
  notOpen: 'This poll is not open',
  anotherOpen: 'Another poll of this part is open. Close it before opening this one.',
  closed: 'This poll is closed: answers are no longer taken',
  notYetOpen: 'This poll has not opened yet',
  chooseOne: 'Choose one option',
  chooseSome: 'Choose at least one option',
  unknownOption: 'That option is not in this poll',
  rating: 'Give a rating from 1 to 5',
  openAnswer: 'Write an answer of at most 60 characters',
} as const;

/** What the audit log records for polls and feedback. */
export const POLL_AUDIT_KINDS = {
  created: 'poll.created',
  opened: 'poll.opened',
  closed: 'poll.closed',
} as const;

const id = z.uuid();

export const pollProcedureParams = {
  /** A part's polls as the caller may see them (a host also sees the drafts). */
  get_part_polls: z.strictObject({ p_part_id: partIdSchema }),
  create_poll: z.strictObject({
    p_part_id: partIdSchema,
    p_kind: z.enum(POLL_KINDS),
    p_question: z.string().trim().max(POLL_QUESTION_MAX),
    /** The choices of a single- or several-choice poll; empty for a rating or an open answer. Checked by the procedure, so the message is the product's. */
    p_options: z.array(z.string().trim().max(POLL_OPTION_MAX)).max(100).optional().default([]),
    /** Results stay hidden from everyone until the poll closes. */
    p_hide_results: z.boolean().optional().default(false),
    /** Only people checked in at the door may answer. */
    p_checked_in_only: z.boolean().optional().default(false),
  }),
  open_poll: z.strictObject({ p_poll_id: id }),
  close_poll: z.strictObject({ p_poll_id: id }),
  /** One answer per person, changeable while the poll is open: the option numbers (0-based), a rating, or a short text. */
  answer_poll: z.strictObject({
    p_poll_id: id,
    p_choices: z.array(z.number().int()).max(POLL_OPTIONS_MAX).nullable().optional().default(null),
    p_rating: z.number().int().nullable().optional().default(null),
    p_text: z.string().max(1000).nullable().optional().default(null),
  }),
} as const;

/** The caller's own answer. */
export interface MyPollAnswer {
  choices: number[] | null;
  rating: number | null;
  text: string | null;
}

export interface PartPoll extends PublicPoll {
  my_answer: MyPollAnswer | null;
}

/** A part's polls as the caller sees them, newest first. */
export interface PartPolls {
  part_id: string;
  /** The part's title in the published programme (the projector shows it). */
  part_title: string;
  /** Whether the caller may create, open and close this part's polls. */
  can_host: boolean;
  polls: PartPoll[];
}

export interface PollProcedureResults {
  get_part_polls: PartPolls;
  create_poll: PartPolls;
  open_poll: PartPolls;
  close_poll: PartPolls;
  answer_poll: PartPolls;
}
