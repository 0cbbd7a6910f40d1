import { z } from './zod.ts';
import { MISSION_STATUSES, type MissionStatus, type MissionUpdate } from './progress.ts';

/*
 * Check-ins after the conference (docs/product.md#check-ins): 30, 60 and 90 days after the
 * programme's last day, each mission's owners are asked "How is {mission} going?"; their answer
 * becomes an update. And the organisers' console section "After the event". The procedures'
 * parameters and answers, the limits and the messages, word for word.
 */

/** The days after the programme's last day (venue time) on which the owners are asked. */
export const MISSION_CHECKIN_DAYS = [30, 60, 90] as const;
export type MissionCheckinDay = (typeof MISSION_CHECKIN_DAYS)[number];

/** A check-in not answered this many days after it was sent is asked once more. */
export const MISSION_CHECKIN_REMINDER_DAYS = 7;

/** "No news" in the organisers' console: no update for this many days. */
export const NO_NEWS_DAYS = 30;

export const MISSION_CHECKIN_LIMITS = {
  happenedChars: 1000,
  needsChars: 600,
} as const;

export const MISSION_CHECKIN_MESSAGES = {
  notSent: 'This check-in has not been sent yet.',
  alreadyAnswered: 'This check-in was already answered.',
  happenedRequired: 'Please say what happened.',
  happenedTooLong: 'What happened is too long: at most 1,000 characters.',
  needsTooLong: 'What you need is too long: at most 600 characters.',
} as const;

export const AFTER_EVENT_AUDIT_KINDS = {
  exported: 'after_event.exported',
} as const;

/** The organisers' CSV of every mission after the event. */
export const AFTER_EVENT_EXPORT_PATH = '/exports/v1/after-the-event.csv';

/** One check-in of a mission: when it was (or will be) sent, and its answer. */
export interface MissionCheckin {
  day: MissionCheckinDay;
  /** The venue's day it is due (YYYY-MM-DD), from the published programme. */
  due_on: string;
  sent_at: string | null;
  reminded_at: string | null;
  answered_at: string | null;
  /** The update the answer became (null once deleted, or before an answer). */
  update_id: string | null;
}

/** What the check-in page shows its owner. */
export interface MissionCheckins {
  mission_id: string;
  mission_name: string;
  /** The owners may switch check-ins off for their mission. */
  on: boolean;
  status: MissionStatus;
  status_reason: string | null;
  checkins: MissionCheckin[];
}

/** One answered check-in as the organisers read it. */
export interface CheckinAnswer {
  day: MissionCheckinDay;
  answered_at: string;
  happened: string;
  needs: string;
  team_together: boolean;
  status: MissionStatus;
}

/** One mission in "After the event". */
export interface AfterEventMission {
  mission_id: string;
  name: string;
  status: MissionStatus;
  status_reason: string | null;
  hidden: boolean;
  checkins_on: boolean;
  last_update_title: string | null;
  last_update_at: string | null;
  /** No update for NO_NEWS_DAYS days (or never one). */
  no_news: boolean;
  answers: CheckinAnswer[];
}

export interface AfterEventFigures {
  missions: number;
  active: number;
  paused: number;
  completed: number;
  stopped: number;
  /** Per check-in day: the share (0 to 1) of missions with an update on or after that day; null before the day. */
  updated_after: { day: MissionCheckinDay; share: number | null }[];
}

export interface AfterEventOverview {
  /** The programme's last day (YYYY-MM-DD). */
  last_day: string;
  figures: AfterEventFigures;
  missions: AfterEventMission[];
}

const id = z.uuid();
const day = z.union([z.literal(30), z.literal(60), z.literal(90)]);

export const missionCheckinProcedureParams = {
  /** Owners: the mission's check-ins and whether they are on. */
  get_mission_checkins: z.strictObject({ p_mission_id: id }),
  /** Owners: switch the check-ins on or off for their mission. */
  set_mission_checkins: z.strictObject({ p_mission_id: id, p_on: z.boolean() }),
  /** Owners: answer a check-in that was sent; the answer becomes an update and sets the status. */
  answer_mission_checkin: z.strictObject({
    p_mission_id: id,
    p_day: day,
    p_happened: z.string().max(20_000),
    p_needs: z.string().max(20_000),
    p_team_together: z.boolean(),
    p_status: z.enum(MISSION_STATUSES),
    p_reason: z.string().nullish(),
  }),
  /** Organisers: every mission after the event, with the figures; only those without news for 30 days when asked. */
  get_after_event_overview: z.strictObject({ p_no_news_only: z.boolean().default(false) }),
} as const;

export interface MissionCheckinProcedureResults {
  get_mission_checkins: MissionCheckins;
  set_mission_checkins: MissionCheckins;
  answer_mission_checkin: MissionUpdate;
  get_after_event_overview: AfterEventOverview;
}

/** The venue's day (YYYY-MM-DD) that is `days` days after the programme's last day `lastDay`. */
export function daysAfter(lastDay: string, days: number): string {
  const [year, month, day] = lastDay.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}
