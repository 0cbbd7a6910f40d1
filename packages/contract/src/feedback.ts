import { z } from './zod.ts';
import { partIdSchema } from './conference.ts';

/**
 * Feedback after each part (docs/product.md#feedback): once a part has ended, the people who took
 * part rate it from 1 to 5 with an optional comment for its speakers. Nobody but the organisers
 * reads it, and never with a name.
 */

export const FEEDBACK_COMMENT_MAX = 1000;
/** How long after a part ends its people are still asked (a server down at the end asks when it is back). */
export const FEEDBACK_ASK_WITHIN_HOURS = 12;

export const FEEDBACK_MESSAGES = {
  unknownPart: 'That part is not in the published programme. Reload the agenda and try again.',
  notEnded: 'Feedback opens once this part has ended',
  switchedOff: 'The organisers have switched off feedback for this part',
  rating: 'Give a rating from 1 to 5',
  comment: 'A comment has at most 1,000 characters',
} as const;

export const FEEDBACK_AUDIT_KINDS = {
  switched: 'feedback.switched',
  exported: 'feedback.exported',
} as const;

export const feedbackProcedureParams = {
  /** The caller's feedback on a part and whether they may give it now. */
  get_my_part_feedback: z.strictObject({ p_part_id: partIdSchema }),
  give_part_feedback: z.strictObject({
    p_part_id: partIdSchema,
    p_rating: z.number().int(),
    p_comment: z.string().max(10_000).optional().default(''),
  }),
  /** Organisers: every part's ratings and comments, never who gave them. */
  list_part_feedback: z.strictObject({}),
  set_part_feedback_off: z.strictObject({ p_part_id: partIdSchema, p_off: z.boolean() }),
} as const;

export interface MyPartFeedback {
  part_id: string;
  /** Whether feedback may be given now: the part has ended and the organisers have not switched it off. */
  open: boolean;
  switched_off: boolean;
  rating: number | null;
  comment: string | null;
}

/** One part's feedback as organisers see it: no names, ever. */
export interface PartFeedbackSummary {
  part_id: string;
  title: string;
  switched_off: boolean;
  count: number;
  average: number | null;
  /** How many gave 1, 2, 3, 4 and 5. */
  distribution: number[];
  comments: string[];
}

export interface FeedbackProcedureResults {
  get_my_part_feedback: MyPartFeedback;
  give_part_feedback: MyPartFeedback;
  list_part_feedback: PartFeedbackSummary[];
  set_part_feedback_off: PartFeedbackSummary[];
}

/** The organisers' CSV of all feedback: one row per rating, with its part, never a person. */
export const FEEDBACK_EXPORT_PATH = '/exports/v1/feedback.csv';
