/**
 * Notifications (docs/product.md#notifications): the bell's list, a person's settings, the
 * one-click unsubscribe link of notification e-mails, and the live channel's per-person topic.
 * No zod here: the bell is in the top bar of every signed-in screen and loads with it; the
 * procedures' parameter schemas are in procedures.ts.
 */

/** Why a person is told: the same change reads differently to the person added, the team and followers. */
export const NOTIFICATION_KINDS = [
  'mission_changed',
  'team_changed',
  'votes_milestone',
  'added_to_team',
  'removed_from_team',
  'team_member_joined',
  'mission_hidden',
  'mission_unhidden',
  'join_requested',
  'invited_to_team',
  'request_declined',
  'round_revealed',
  'programme_changed',
  'announcement',
  'session_reminder',
  'mission_update',
  'feedback_requested',
  /** A mission started from a question the reader asked or upvoted (docs/product.md#missions-from-questions). */
  'question_became_mission',
  'mission_checkin',
  'mission_checkin_reminder',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The one-page form of a mission's check-in (its owners), where its bell and e-mail lead. */
export const missionCheckinPath = (missionId: string, day: number): string => `/mission/${encodeURIComponent(missionId)}/check-in/${day}`;

/** How often notifications are mailed: never, as they happen, or once a day. */
export const EMAIL_DIGESTS = ['off', 'immediate', 'daily'] as const;
export type EmailDigest = (typeof EMAIL_DIGESTS)[number];

/** The bell lists this many, newest first. */
export const NOTIFICATIONS_SHOWN = 50;

/** One notification as its reader may see it. */
export interface NotificationItem {
  id: string;
  kind: NotificationKind;
  /** The sentence the bell and the e-mail show (built on the server, the one place its words live). */
  text: string;
  created_at: string;
  read: boolean;
  /** The mission, or null when its reader may no longer see it (hidden by the organisers, or deleted). */
  mission_id: string | null;
  /** added_to_team while its reader is still an ordinary member of that team: the bell offers "Leave team". */
  can_leave: boolean;
  /** The open request this asks its reader to answer (a request to an owner, an invitation), else null. */
  request_id: string | null;
  /** The voting round whose result was revealed (round_revealed): the bell links to /vote. */
  round_id: string | null;
  /** The part whose feedback is asked for (feedback_requested): the bell links to it in the agenda. */
  part_id?: string | null;
  /** A mission's check-in (mission_checkin, mission_checkin_reminder): its day; the bell links to its form. */
  checkin_day?: number | null;
}

export interface NotificationList {
  items: NotificationItem[];
  unread: number;
}

export interface NotificationSettings {
  email_digest: EmailDigest;
  /** "Others may add me to their team" (on unless the person turned it off). */
  allow_team_additions: boolean;
}

export interface NotificationProcedureResults {
  get_my_notifications: NotificationList;
  mark_notifications_read: { unread: number };
  get_notification_settings: NotificationSettings;
  save_notification_settings: NotificationSettings;
}

/**
 * The live channel's topic of one person (only their own connections may follow it). Its events
 * say that their notifications changed, with the bell's list as get_my_notifications answers it
 * (read by the same query, so the same rules decide what they may see): a room of open apps need
 * not all read their bells at once.
 */
export const userTopic = (userId: string): string => `user:${userId}`;
export interface UserLiveEvent {
  notifications: true;
  list: NotificationList;
}

export const NOTIFICATION_TEXT = {
  settingsSaved: 'Notification settings saved.',
  settingsFailed: 'Could not save your notification settings. Please try again.',
} as const;

/** The unsubscribe page a mail links to, and the address mail programs POST to (RFC 8058). */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';
export const UNSUBSCRIBE_API_PATH = '/mail/v1/unsubscribe';

export type UnsubscribeResult = 'unsubscribed' | 'used' | 'invalid';

/** What an unsubscribe answers, word for word (the page shows it). */
export const UNSUBSCRIBE_MESSAGES: Record<UnsubscribeResult, string> = {
  unsubscribed: 'You are unsubscribed: no more notification e-mails will be sent to you. The bell in the app still shows everything.',
  used: 'This link has already been used or replaced by a newer one, so nothing was changed. To change your e-mails, sign in and open your profile page.',
  invalid:
    'This unsubscribe link is not valid, so nothing was changed. Use the link in your newest e-mail, or sign in and change your e-mails on your profile page.',
};

export interface UnsubscribeAnswer {
  result: UnsubscribeResult;
  message: string;
}
