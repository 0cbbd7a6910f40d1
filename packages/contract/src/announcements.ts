import { z } from './zod.ts';

/**
 * Announcements from the organisers (docs/product.md#announcements): a title, a text, an optional
 * link inside the app, to everyone or to one group, now or at a set time. Each recipient reads it
 * in the bell and in a banner on the dashboard until they dismiss it; an urgent one is also mailed
 * at once to those who have e-mails switched on.
 */

export const ANNOUNCEMENT_AUDIENCES = ['everyone', 'no_pre_survey', 'no_role_profile', 'no_team', 'mission_owners', 'starred_part'] as const;
export type AnnouncementAudience = (typeof ANNOUNCEMENT_AUDIENCES)[number];

export const AUDIENCE_LABELS: Record<AnnouncementAudience, string> = {
  everyone: 'Everyone',
  no_pre_survey: 'People who have not done the pre-conference survey',
  no_role_profile: 'People with no role profile',
  no_team: 'People in no team yet',
  mission_owners: 'Mission owners',
  starred_part: 'People who starred a part',
};

export const ANNOUNCEMENT_LIMITS = { title: 120, body: 2000, urgentPerDay: 3 } as const;

export const ANNOUNCEMENT_MESSAGES = {
  titleEmpty: 'Give the announcement a title.',
  titleTooLong: `Keep the title to ${ANNOUNCEMENT_LIMITS.title} characters or fewer.`,
  bodyEmpty: 'Write the text of the announcement.',
  bodyTooLong: `Keep the text to ${ANNOUNCEMENT_LIMITS.body.toLocaleString('en')} characters or fewer.`,
  unknownGroup: 'There is no such group of recipients. Choose one from the list.',
  unknownPart: 'That part is not in the published programme. Choose a part of the agenda.',
  badLink: 'The link must be a page of this app, starting with "/", such as /agenda-schedule.',
  badTime: 'The time to send it could not be read. Choose a date and a time.',
  pastTime: 'The time to send it has passed. Choose a later time, or send it now.',
  urgentLimit: `Only ${ANNOUNCEMENT_LIMITS.urgentPerDay} urgent announcements may go out in a day. Send this one as not urgent, or tomorrow.`,
  notFound: 'That announcement is not yours to dismiss, or it no longer exists.',
} as const;

/** What the organiser console lists. */
export interface AnnouncementSummary {
  id: string;
  title: string;
  audience: AnnouncementAudience;
  part_id: string | null;
  urgent: boolean;
  send_at: string;
  /** Null while it waits for its time. */
  sent_at: string | null;
  recipients: number | null;
}

/** An announcement its reader has not dismissed: the dashboard's banner. */
export interface AnnouncementBanner {
  id: string;
  title: string;
  body: string;
  link: string | null;
  urgent: boolean;
  sent_at: string;
}

/** At most this many people in the list of a group; `total` says how many there are. */
export const RECIPIENT_LIST_MAX = 500;

/** Who is in an announcement's group now: the first RECIPIENT_LIST_MAX by name, and how many in all. */
export interface AnnouncementRecipients {
  total: number;
  people: { user_id: string; first_name: string; last_name: string; email: string }[];
}

const uuid = z.uuid();

export const announcementProcedureParams = {
  // Checked by the procedures rather than here, so a refusal is in the organiser's words.
  count_announcement_recipients: z.strictObject({ p_audience: z.string().max(100), p_part_id: z.string().max(200).nullable() }),
  /** Organisers: who is in the group now, by name and e-mail as the console shows people. */
  list_announcement_recipients: z.strictObject({ p_audience: z.string().max(100), p_part_id: z.string().max(200).nullable() }),
  create_announcement: z.strictObject({
    p_title: z.string().max(10_000),
    p_body: z.string().max(100_000),
    p_link: z.string().max(2_000).nullable(),
    p_audience: z.string().max(100),
    p_part_id: z.string().max(200).nullable(),
    p_urgent: z.boolean(),
    /** When to send it (an ISO moment), or null for now. */
    p_send_at: z.string().max(100).nullable(),
  }),
  list_announcements: z.strictObject({}),
  get_my_announcements: z.strictObject({}),
  dismiss_announcement: z.strictObject({ p_announcement_id: uuid }),
  /** "Remind me 10 minutes before my starred sessions": the caller's choice (off unless switched on). */
  get_session_reminders: z.strictObject({}),
  set_session_reminders: z.strictObject({ p_on: z.boolean() }),
} as const;

/** How long before a starred part starts its reminder comes (docs/product.md#session-reminders). */
export const REMINDER_MINUTES = 10;

export interface AnnouncementProcedureResults {
  count_announcement_recipients: { recipients: number };
  list_announcement_recipients: AnnouncementRecipients;
  create_announcement: AnnouncementSummary;
  list_announcements: AnnouncementSummary[];
  get_my_announcements: AnnouncementBanner[];
  dismiss_announcement: { dismissed: boolean };
  get_session_reminders: { on: boolean };
  set_session_reminders: { on: boolean };
}
