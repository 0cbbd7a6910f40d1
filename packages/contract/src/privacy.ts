import type { LanguageCode } from './constants.ts';
import { z } from './zod.ts';
import type { MissionOutcome } from './moderation.ts';
import type { MissionMember, UserSearchResult } from './procedures.ts';
import type { RoleCard } from './roles.ts';

/**
 * A person's own data (docs/product.md#personal-data): what anonymity covers, deleting one's
 * account, downloading one's data.
 */

/** How a person who chose to stay anonymous is shown to every other attendee (the server's people_shown view). */
export const ANONYMOUS_DISPLAY_NAME = 'Anonymous attendee';

/** The anonymity dialog's one added sentence: what the choice covers. */
export const ANONYMITY_COVERS =
  'Staying anonymous also means other attendees see you only as “Anonymous attendee”, never your name or e-mail, in search, teams, missions and notifications; the organisers still see who you are.';

export const PRIVACY_MESSAGES = {
  emailMismatch: 'The e-mail address you typed is not the one of this account. Nothing was deleted.',
  nothingLeft: 'There is no account left to delete: it has been deleted already.',
  deletionReasonRequired: 'Please give a reason: it is kept in the audit log.',
  signedOutDownload: 'Sign in to download your data.',
  exportNotFound: 'There is no such download for your account. It may have expired: prepare a new one.',
  sessionNotFound: 'That session has ended already, or is not one of yours.',
  currentSession: 'This is the session you are using: sign out from the menu instead.',
} as const;

/** What the audit log records for a person's own requests. */
export const PRIVACY_AUDIT_KINDS = {
  accountDeletedByOwner: 'account.deleted_by_owner',
  dataExportRequested: 'data_export.requested',
  dataExportDownloaded: 'data_export.downloaded',
  privacyPageSaved: 'privacy_page.saved',
} as const;

/** What the audit log and the answers say instead of a deleted person. */
export const DELETED_ACCOUNT_LABEL = 'deleted account';

/**
 * The names the server writes in place of a person's (docs/product.md#languages): each is said in
 * the reader's language where the server writes a sentence with it (a bell) and where a screen
 * shows a name it was given.
 */
export const PERSON_NAME_MESSAGES = { anonymous: ANONYMOUS_DISPLAY_NAME, deleted: DELETED_ACCOUNT_LABEL } as const;

/** The note a mission gets when its only owner deleted their account (it is hidden, for its team). */
export const ORPHANED_MISSION_NOTE = 'The person who created this mission deleted their account, so it is hidden. An organiser can show it again.';

export const DELETION_REASON_MAX = 500;
/** How long a prepared download of one's data may be fetched. */
export const DATA_EXPORT_HOURS = 24;
/** Where a prepared download is fetched (GET, with the person's access token as bearer). */
export const dataExportPath = (exportId: string): string => `/account/v1/exports/${encodeURIComponent(exportId)}`;

/** The privacy page's longest text, in characters. */
export const PRIVACY_PAGE_MAX = 20_000;
/** Where the public privacy page's text is read (GET, no sign-in). */
export const PRIVACY_PAGE_PATH = '/account/v1/privacy';

export const privacyProcedureParams = {
  delete_my_account: z.strictObject({
    /** The account's e-mail, typed again: the deletion's confirmation. */
    p_email: z.string().max(254),
  }),
  /** Prepares the caller's data as a zip, downloadable at dataExportPath(export_id) for DATA_EXPORT_HOURS. */
  request_my_data_export: z.strictObject({}),
  /** How other attendees see the caller: their search result and team-list row. */
  get_how_others_see_me: z.strictObject({}),
  /** The caller's signed-in sessions, newest use first. */
  list_my_sessions: z.strictObject({}),
  /** Ends one of the caller's other sessions; answers the sessions left. */
  sign_out_session: z.strictObject({ p_session_id: z.uuid() }),
  /** Ends every session of the caller but this one; answers the sessions left (this one). */
  sign_out_other_sessions: z.strictObject({}),
  /** Organisers: the privacy page's text as written, with its placeholders, for the editor. */
  get_privacy_page_source: z.strictObject({}),
  /** Organisers: saves the privacy page's text; null goes back to the built-in template. */
  save_privacy_page: z.strictObject({ p_body: z.string().max(PRIVACY_PAGE_MAX).nullable() }),
} as const;

export interface OwnAccountDeleted {
  mission_outcome: MissionOutcome;
}

export interface DataExportReady {
  export_id: string;
  expires_at: string;
  bytes: number;
}

/**
 * The caller as other attendees see them, and what a search must type to find them: each part is
 * what the server answers another attendee (search, team list, role card), made by the same code.
 */
export interface SeenByOthers {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  found_by: 'name_or_email' | 'whole_email';
  /** Their row in the people search; null without a role profile (the search lists only people with one). */
  search_result: UserSearchResult | null;
  /** Their row in a team list (without the team-specific columns). */
  team_row: Pick<MissionMember, 'user_id' | 'first_name' | 'last_name' | 'email'>;
  /** Their role card as an attendee outside their teams reads it; null when such an attendee may not (or there is no role profile). */
  role_card: RoleCard | null;
  has_role_profile: boolean;
  /** How each audience names them and which contact details it gets, read from the one rule (docs/product.md#anonymity). */
  audiences: SeenByAudience[];
}

/** Who may look at a person: other attendees (owners and the projector included), their teammates, the organisers' console. */
export type PersonAudience = 'attendees' | 'teammates' | 'organisers';

/** A person as one audience sees them; an empty e-mail or mobile is one that audience does not get. */
export interface SeenByAudience {
  audience: PersonAudience;
  first_name: string;
  last_name: string;
  email: string;
  mobile: string;
}

/** One signed-in session of the caller. */
export interface MySession {
  session_id: string;
  /** "Chrome on Android"; "Unknown browser" when the browser did not say. */
  device: string;
  signed_in_at: string;
  /** The last time the session got a new access token (about hourly while the app is open). */
  last_used_at: string;
  current: boolean;
}

/** A value the privacy page's text can name as {name}, filled in from the server's settings when shown. */
export interface PrivacyPlaceholder {
  name: string;
  value: string;
  meaning: string;
}

/** The privacy page as organisers edit it. */
export interface PrivacyPageSource {
  body: string;
  is_default: boolean;
  /** The built-in template in each language, its {placeholders} as written: what people read while organisers saved no text. */
  templates: Record<LanguageCode, string>;
  updated_at: string | null;
  placeholders: PrivacyPlaceholder[];
}

/** The public privacy page: the text with every placeholder filled in. */
export interface PrivacyPage {
  body: string;
  updated_at: string | null;
}

export interface PrivacyProcedureResults {
  get_how_others_see_me: SeenByOthers;
  delete_my_account: OwnAccountDeleted;
  request_my_data_export: DataExportReady;
  list_my_sessions: MySession[];
  sign_out_session: MySession[];
  sign_out_other_sessions: MySession[];
  get_privacy_page_source: PrivacyPageSource;
  save_privacy_page: PrivacyPageSource;
}
