import { z } from './zod.ts';

/**
 * The organiser console's procedures: their parameters and answers. Every procedure listed in
 * organiserProcedureParams except get_my_organiser_status is for organisers only; the server
 * checks the role in the database on every call and answers 403 42501 to anyone else.
 */

export const ORGANISER_MESSAGES = {
  organisersOnly: 'Only organisers can do this',
  unknownEmail: 'There is no account with that e-mail address. The person must sign up first.',
  lastOrganiser: 'You cannot revoke the last organiser. Grant the role to someone else first.',
} as const;

/** The audit log's kinds of action, one per thing an organiser can change. */
export const AUDIT_KINDS = {
  organiserGranted: 'organiser.granted',
  organiserRevoked: 'organiser.revoked',
  programmeConferenceSaved: 'programme.conference_saved',
  programmeSpeakerSaved: 'programme.speaker_saved',
  programmeSpeakerDeleted: 'programme.speaker_deleted',
  programmeSpeakersReordered: 'programme.speakers_reordered',
  programmeSessionSaved: 'programme.session_saved',
  programmeSessionDeleted: 'programme.session_deleted',
  programmeImported: 'programme.imported',
  programmePublished: 'programme.published',
  announcementCreated: 'announcement.created',
  mfaReset: 'mfa.reset',
} as const;

const email = z.string().trim().min(1, 'Enter an e-mail address').max(254);

export const AUDIT_PAGE_SIZE = 50;

/** "programme.speaker_saved" → "Programme: speaker saved", for kinds any feature adds. */
export function describeAuditKind(kind: string): string {
  const [area = '', action = ''] = kind.split('.', 2);
  const words = (text: string) => text.replace(/[_-]+/g, ' ').trim();
  const areaText = words(area);
  const title = areaText.charAt(0).toUpperCase() + areaText.slice(1);
  return action ? `${title}: ${words(action)}` : title;
}

export const organiserProcedureParams = {
  get_my_organiser_status: z.strictObject({}),
  list_organisers: z.strictObject({}),
  grant_organiser: z.strictObject({ p_email: email }),
  revoke_organiser: z.strictObject({ p_email: email }),
  /** Removes another person's authenticators and recovery codes (they lost their phone). */
  reset_mfa: z.strictObject({ p_email: email }),
  list_audit_log: z.strictObject({
    /** Only what this person did. */
    p_actor_id: z.uuid().nullable().optional(),
    /** Only what was done on the command line (npm run organiser). */
    p_command_line: z.boolean().optional(),
    /** Only this kind of action (see AUDIT_KINDS). */
    p_kind: z.string().max(100).nullable().optional(),
    /** The next page: the next_cursor of the page before. */
    p_cursor: z.string().max(200).nullable().optional(),
  }),
} as const;

export interface OrganiserStatus {
  is_organiser: boolean;
}

export interface OrganiserListEntry {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  granted_at: string;
  granted_by: string;
}

/** What a grant or a revoke did: `changed` is false when the person already had (or lacked) the role. */
export interface OrganiserRoleChange {
  email: string;
  is_organiser: boolean;
  changed: boolean;
}

/** What a reset of someone's two-step sign-in did. */
export interface MfaReset {
  email: string;
  factors_removed: number;
}

export interface AuditEntry {
  id: string;
  at: string;
  actor_id: string | null;
  actor_label: string;
  kind: string;
  subject: string;
  before: unknown;
  after: unknown;
}

export interface AuditLogPage {
  entries: AuditEntry[];
  /** Pass as p_cursor for the older entries; null on the last page. */
  next_cursor: string | null;
  /** Everyone who has acted, for the person filter. */
  actors: { actor_id: string | null; actor_label: string }[];
  /** Every kind recorded so far, for the kind filter. */
  kinds: string[];
}

export interface OrganiserProcedureResults {
  get_my_organiser_status: OrganiserStatus;
  list_organisers: OrganiserListEntry[];
  grant_organiser: OrganiserRoleChange;
  revoke_organiser: OrganiserRoleChange;
  reset_mfa: MfaReset;
  list_audit_log: AuditLogPage;
}
