import { z } from './zod.ts';
import { DELETION_REASON_MAX } from './privacy.ts';

/**
 * The organiser console's Overview, Missions, People and Exports: their procedures' parameters
 * and answers. Every one of them is for organisers only (checked in the database on every call).
 */

export const MODERATION_MESSAGES = {
  reasonRequired: 'Please give a reason: the mission’s team will read it.',
  missionNotFound: 'Mission not found',
  notHidden: 'This mission is not hidden.',
  personNotFound: 'There is no account with that id. It may have been deleted already.',
  notYourself: 'You cannot delete your own account from the console.',
  outcomeChanged: 'What happens to this account’s mission has changed since you looked. Review the account again before deleting it.',
  signedOutExport: 'Sign in as an organiser to download exports.',
  unknownExport: 'There is no such export. Choose attendees, missions or survey completion.',
  badTimeZone: 'Invalid parameter p_time_zone: not a time zone name',
} as const;

/** What the audit log records for these sections (alongside the organisers' own kinds). */
export const MODERATION_AUDIT_KINDS = {
  missionHidden: 'mission.hidden',
  missionUnhidden: 'mission.unhidden',
  accountDeleted: 'account.deleted',
  exportDownloaded: 'export.downloaded',
} as const;

export const HIDE_REASON_MAX = 500;
export const ATTENDEE_SEARCH_LIMIT = 50;
/** How many missions the Overview ranks by votes. */
export const OVERVIEW_RANKED_MISSIONS = 20;
/** The Overview's votes-per-hour chart covers this many hours up to now. */
export const OVERVIEW_VOTE_HOURS = 48;
/** The Overview's sign-ups-per-day chart covers at most this many days up to today. */
export const OVERVIEW_SIGNUP_DAYS = 60;

/** The CSV files of the Exports section, by the name in their address. */
export const EXPORTS = {
  attendees: { file: 'attendees.csv', label: 'Attendees' },
  missions: { file: 'missions.csv', label: 'Missions' },
  'survey-completion': { file: 'survey-completion.csv', label: 'Survey completion' },
} as const;
export type ExportName = keyof typeof EXPORTS;
export const EXPORT_NAMES = Object.keys(EXPORTS) as ExportName[];
/** Where the server streams an export (GET, with the organiser's access token as bearer). */
export const exportPath = (name: ExportName): string => `/exports/v1/${EXPORTS[name].file}`;

/**
 * What deleting an account does to the mission it created: nothing to do, passes to a co-owner, or
 * (no co-owner can take it) hidden with a note for its team.
 */
export const MISSION_OUTCOMES = ['none', 'transferred', 'hidden'] as const;
export type MissionOutcome = (typeof MISSION_OUTCOMES)[number];

const id = z.uuid();

export const moderationProcedureParams = {
  get_event_overview: z.strictObject({
    /** The organiser's time zone (an IANA name such as Africa/Johannesburg): days and hours are counted in it. */
    p_time_zone: z.string().trim().min(1).max(64).optional().default('UTC'),
  }),
  list_missions_for_organisers: z.strictObject({}),
  hide_mission: z.strictObject({
    p_mission_id: id,
    p_reason: z.string().trim().max(HIDE_REASON_MAX),
  }),
  unhide_mission: z.strictObject({ p_mission_id: id }),
  find_attendees: z.strictObject({ p_search_term: z.string().max(254) }),
  get_attendee_activity: z.strictObject({ p_user_id: id }),
  delete_attendee_account: z.strictObject({
    p_user_id: id,
    /** What the console showed would happen to the person's mission; refused if it is no longer so. */
    p_mission_outcome: z.enum(MISSION_OUTCOMES),
    /** Why (the request received by other means): kept in the audit log, which keeps nothing else of the person. */
    p_reason: z.string().trim().max(DELETION_REASON_MAX),
  }),
} as const;

export interface OverviewFigures {
  registered: number;
  pre_survey_done: number;
  post_survey_done: number;
  anonymous: number;
  sharing: number;
  /** Signed up but not yet chosen between anonymous and sharing. */
  anonymity_not_chosen: number;
  role_profiles: number;
  missions: number;
  hidden_missions: number;
  /** People on at least one team. */
  team_members: number;
  votes: number;
  subscriptions: number;
}

export interface CountAt {
  /** A day (YYYY-MM-DD) or an hour (YYYY-MM-DDTHH:00) in the asked time zone. */
  at: string;
  count: number;
}

export interface RankedMission {
  mission_id: string;
  name: string;
  vote_count: number;
  subscription_count: number;
  team_count: number;
  hidden: boolean;
}

export interface EventOverview {
  figures: OverviewFigures;
  signups_per_day: CountAt[];
  votes_per_hour: CountAt[];
  missions_by_votes: RankedMission[];
  time_zone: string;
  generated_at: string;
}

export interface PersonRef {
  user_id: string;
  first_name: string;
  last_name: string;
  email: string;
}

export interface OrganiserMissionMember extends PersonRef {
  role_in_team: string;
  is_co_owner: boolean;
}

export interface OrganiserMission {
  mission_id: string;
  name: string;
  statement: string;
  created_at: string;
  /** Null once its creator deleted their account (the mission is then hidden with a note). */
  creator: PersonRef | null;
  team: OrganiserMissionMember[];
  vote_count: number;
  subscription_count: number;
  /** Set while hidden: when, why and by whom (their e-mail). */
  hidden: { at: string; reason: string; by: string | null } | null;
}

export type Anonymity = 'anonymous' | 'sharing' | 'not_chosen';

export interface AttendeeSummary extends PersonRef {
  registered_at: string;
  anonymity: Anonymity;
  is_organiser: boolean;
}

export interface AccountDeletionPlan {
  mission_outcome: MissionOutcome;
  /** The mission the person created, if any. */
  mission: { mission_id: string; name: string } | null;
  /** Who becomes the mission's owner when it passes on. */
  new_owner: PersonRef | null;
  votes: number;
  subscriptions: number;
  memberships: number;
}

/** What a person has done; never their survey answers (not kept here) nor their date of birth (never stored). */
export interface AttendeeActivity extends AttendeeSummary {
  pre_survey_completed: boolean;
  post_survey_completed: boolean;
  last_sign_in_at: string | null;
  role_profile: { role_title: string; updated_at: string } | null;
  teams: { mission_id: string; name: string; role_in_team: string; is_co_owner: boolean; hidden: boolean }[];
  votes: number;
  subscriptions: number;
  deletion: AccountDeletionPlan;
}

export interface AccountDeleted {
  email: string;
  mission_outcome: MissionOutcome;
  new_owner_email: string | null;
}

export interface ModerationProcedureResults {
  get_event_overview: EventOverview;
  list_missions_for_organisers: OrganiserMission[];
  hide_mission: OrganiserMission;
  unhide_mission: OrganiserMission;
  find_attendees: AttendeeSummary[];
  get_attendee_activity: AttendeeActivity;
  delete_attendee_account: AccountDeleted;
}
