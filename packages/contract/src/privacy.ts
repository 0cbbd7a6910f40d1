import { z } from './zod.ts';
import type { MissionOutcome } from './moderation.ts';

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
} as const;

/** What the audit log records for a person's own requests. */
export const PRIVACY_AUDIT_KINDS = {
  accountDeletedByOwner: 'account.deleted_by_owner',
  dataExportRequested: 'data_export.requested',
  dataExportDownloaded: 'data_export.downloaded',
} as const;

/** What the audit log and the answers say instead of a deleted person. */
export const DELETED_ACCOUNT_LABEL = 'deleted account';

/** The note a mission gets when its only owner deleted their account (it is hidden, for its team). */
export const ORPHANED_MISSION_NOTE = 'The person who created this mission deleted their account, so it is hidden. An organiser can show it again.';

export const DELETION_REASON_MAX = 500;
/** How long a prepared download of one's data may be fetched. */
export const DATA_EXPORT_HOURS = 24;
/** Where a prepared download is fetched (GET, with the person's access token as bearer). */
export const dataExportPath = (exportId: string): string => `/account/v1/exports/${encodeURIComponent(exportId)}`;

export const privacyProcedureParams = {
  delete_my_account: z.strictObject({
    /** The account's e-mail, typed again: the deletion's confirmation. */
    p_email: z.string().max(254),
  }),
  /** Prepares the caller's data as a zip, downloadable at dataExportPath(export_id) for DATA_EXPORT_HOURS. */
  request_my_data_export: z.strictObject({}),
  /** How other attendees see the caller: their search result and team-list row. */
  get_how_others_see_me: z.strictObject({}),
} as const;

export interface OwnAccountDeleted {
  mission_outcome: MissionOutcome;
}

export interface DataExportReady {
  export_id: string;
  expires_at: string;
  bytes: number;
}

/** The caller as other attendees see them, and what a search must type to find them. */
export interface SeenByOthers {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  found_by: 'name_or_email' | 'whole_email';
}

export interface PrivacyProcedureResults {
  get_how_others_see_me: SeenByOthers;
  delete_my_account: OwnAccountDeleted;
  request_my_data_export: DataExportReady;
}
