import { z } from './zod.ts';

/**
 * Check-in at the door with a QR badge (docs/product.md#check-in-at-the-door,
 * docs/decisions/052-badge-codes-and-badge-pdfs.md).
 *
 * The code in a badge's QR is a compact JWS (`header.payload.signature`, base64url) signed ES256
 * with the server's signing key, the same key whose public half is served at BADGE_JWKS_PATH:
 * header `{ alg: 'ES256', kid, typ: 'mc-badge' }`, payload `{ b, e, v }` (BadgeCodePayload).
 * Nothing in clear beyond the badge's opaque id: never a user id, a name or an e-mail address.
 * A door verifies a code on the device with the public key (checkin_keys) and keeps a deny list of
 * badges that were replaced (checkin_replaced_badges, asked at least every
 * REPLACED_BADGES_POLL_SECONDS while online); the server checks every scan again when it arrives.
 */

/** The JWS header's `typ` of a badge code; an access token (typ JWT) is never a badge. */
export const BADGE_CODE_TYPE = 'mc-badge';
export const BADGE_CODE_ALG = 'ES256';
/** The longest code the server (and a door) reads: anything longer is refused before it is parsed. */
export const BADGE_CODE_MAX = 1024;
/** Where the public signing keys are served (no sign-in): the same keys checkin_keys answers. */
export const BADGE_JWKS_PATH = '/auth/v1/.well-known/jwks.json';
/** A door asks for replaced badges at least this often while online: a replaced code is refused everywhere within it. */
export const REPLACED_BADGES_POLL_SECONDS = 60;
/** The most scans one checkin_sync call carries (a request body is at most 64 KB): a door sends a longer queue in several calls, oldest first. */
export const CHECKIN_SYNC_BATCH_MAX = 100;
/** A door's name, as the door staff type it once on the door's screen ("North gate"). */
export const DOOR_NAME_MAX = 60;
/** A scan whose time is later than the server's clock by more than this is counted at the server's time. */
export const CHECKIN_CLOCK_SKEW_SECONDS = 300;
/** How many people checkin_find answers at most. */
export const CHECKIN_FIND_LIMIT = 20;
/** The shortest search checkin_find answers (a name or an e-mail address, as typed). */
export const CHECKIN_FIND_MIN = 2;

/** A badge code's payload, as signed. */
export interface BadgeCodePayload {
  /** The badge's id: a random uuid that names nobody by itself. A replaced badge gets a new one. */
  b: string;
  /** The event the badge is for (the server's EVENT_ID): a code of another event is refused. */
  e: string;
  /** How many codes the person has had (1 for the first): shown on "My badge" to tell codes apart. */
  v: number;
}

/** A public key of the server, as a JWK, for verifying badge codes on a door's device. */
export interface BadgePublicKey {
  kty: string;
  crv: string;
  x: string;
  y: string;
  kid: string;
  alg: string;
}

export const CHECKIN_OUTCOMES = ['checked_in', 'already', 'invalid'] as const;
export type CheckinOutcome = (typeof CHECKIN_OUTCOMES)[number];

/**
 * Why a scan was refused: the code is not a badge code at all (garbage, too long, bad signature,
 * unknown key), a badge of another event, a badge that was replaced by a newer one (or whose
 * account was deleted), or a badge the server does not know.
 */
export const CHECKIN_INVALID_REASONS = ['malformed', 'other_event', 'replaced', 'unknown'] as const;
export type CheckinInvalidReason = (typeof CHECKIN_INVALID_REASONS)[number];

/** What the door shows for each refusal (the web app has the same texts in every language). */
export const CHECKIN_INVALID_MESSAGES: Record<CheckinInvalidReason, string> = {
  malformed: 'This is not a badge of this event. Find the person by name instead.',
  other_event: 'This badge is for another event.',
  replaced: 'This badge was replaced by a newer one. Ask for the badge on their phone now, or find them by name.',
  unknown: 'This badge is not known here. Find the person by name instead.',
};

export const CHECKIN_MESSAGES = {
  doorStaffOnly: 'Only door staff can do this',
  doorRequired: 'Name this door (for example “North gate”)',
  findTooShort: 'Type at least 2 letters of a name or an e-mail address',
  unknownEmail: 'There is no account with that e-mail address. The person must sign up first.',
  /** A voting round limited to people checked in refuses everyone else with this. */
  roundCheckedInOnly: 'This round is for people at the venue. Check in at the door to vote.',
  pollCheckedInOnly: 'This poll is for people at the venue. Check in at the door to answer.',
  badgesBadQuery: 'Choose a layout (sheet or single) and, if you like, a date written YYYY-MM-DD.',
} as const;

/** What the audit log records for check-in. */
export const CHECKIN_AUDIT_KINDS = {
  doorStaffGranted: 'door_staff.granted',
  doorStaffRevoked: 'door_staff.revoked',
  badgesDownloaded: 'badges.downloaded',
} as const;

/**
 * The procedures door staff may call beyond what any attendee may do: exactly these, and nothing
 * of the organisers' (the server's test over the whole registry holds it to this list).
 */
export const DOOR_STAFF_PROCEDURES = ['checkin_scan', 'checkin_sync', 'checkin_find', 'checkin_person', 'checkin_replaced_badges', 'checkin_keys'] as const;
export type DoorStaffProcedure = (typeof DOOR_STAFF_PROCEDURES)[number];

/* The live channel's checkins topic (CHECKINS_TOPIC) is in live.ts, which the signed-in layout loads. */

const id = z.uuid();
const door = z.string().trim().min(1, CHECKIN_MESSAGES.doorRequired).max(DOOR_NAME_MAX);
/** The moment the door read the code, by the door's clock (ISO 8601 with an offset). */
const scannedAt = z.iso.datetime({ offset: true });
/** Capped before anything parses it: a longer text is refused by the schema, never decoded. */
const code = z.string().max(BADGE_CODE_MAX);
const email = z.string().trim().min(1, 'Enter an e-mail address').max(254);

/** One scan in a door's offline queue. `client_scan_id` is made by the door once per scan: sending it again changes nothing. */
export const checkinQueuedScanSchema = z.strictObject({
  code,
  scanned_at: scannedAt,
  client_scan_id: id,
});
export type CheckinQueuedScan = z.input<typeof checkinQueuedScanSchema>;

export const checkinProcedureParams = {
  /** The caller's badge (made on first ask): what it shows and its code. */
  my_badge: z.strictObject({}),
  /** A new code (new badge id, version + 1): the old one is refused at once by the server and by every door within a minute. */
  replace_my_badge: z.strictObject({}),
  /** Door staff: one code as the door read it. */
  checkin_scan: z.strictObject({ p_code: code, p_door: door, p_scanned_at: scannedAt, p_client_scan_id: id }),
  /** Door staff: a door's queued scans, oldest first; answers one result per scan, in order. */
  checkin_sync: z.strictObject({ p_door: door, p_scans: z.array(checkinQueuedScanSchema).max(CHECKIN_SYNC_BATCH_MAX) }),
  /** Door staff: people by name or e-mail address as typed (someone without a phone). */
  checkin_find: z.strictObject({ p_query: z.string().trim().max(254) }),
  /** Door staff: checks in someone found with checkin_find. */
  checkin_person: z.strictObject({ p_badge_id: id, p_door: door, p_scanned_at: scannedAt, p_client_scan_id: id }),
  /** Door staff: badge ids refused since a moment (null: all), for the door's deny list. */
  checkin_replaced_badges: z.strictObject({ p_since: scannedAt.nullable() }),
  /** Door staff: what a door needs to verify codes offline. */
  checkin_keys: z.strictObject({}),
  /** Anyone signed in: whether they are door staff (the menu offers the door's screen only to them). */
  get_my_door_staff_status: z.strictObject({}),
  /** Organisers: make someone door staff, or stop it (audited). */
  organiser_set_door_staff: z.strictObject({ p_email: email, p_door_staff: z.boolean() }),
  organiser_list_door_staff: z.strictObject({}),
  /** Organisers: who is checked in now, in all, per door and per hour (in the time zone given). */
  organiser_checkin_figures: z.strictObject({ p_time_zone: z.string().trim().min(1).max(64).optional().default('UTC') }),
} as const;

export interface MyBadge {
  badge_id: string;
  /** The QR's content: the signed code. */
  code: string;
  version: number;
  event_id: string;
  /** The name as other attendees see it ("Anonymous attendee" for someone anonymous). */
  first_name: string;
  last_name: string;
  anonymous: boolean;
  /** The role profile's title, or null (also null for someone anonymous). */
  role_title: string | null;
  /** The mission the person is in (the latest they joined), or null (also null for someone anonymous). */
  mission_title: string | null;
  checked_in_at: string | null;
  door: string | null;
}

/** What a door shows for one scan (or a check-in by name). */
export interface CheckinScanResult {
  client_scan_id: string;
  outcome: CheckinOutcome;
  /** Set only when the outcome is invalid. */
  reason: CheckinInvalidReason | null;
  badge_id: string | null;
  /** The person's name as the organisers' console shows it; empty when invalid. Never an e-mail, a mobile or an answer. */
  first_name: string;
  last_name: string;
  /** The person's first check-in (the earliest scan of any door), or null when invalid. */
  checked_in_at: string | null;
  door: string | null;
}

/** A person checkin_find found. */
export interface CheckinPerson {
  badge_id: string;
  first_name: string;
  last_name: string;
  checked_in_at: string | null;
  door: string | null;
}

export interface ReplacedBadges {
  /** Badge ids refused from now on (replaced, or their account deleted), oldest first. */
  badge_ids: string[];
  /** Pass as p_since next time: the server's clock when it answered. */
  server_time: string;
}

export interface CheckinKeys {
  event_id: string;
  keys: BadgePublicKey[];
  server_time: string;
}

export interface DoorStaffEntry {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  granted_at: string;
  /** Who made them door staff ("command line" when npm run organiser did). */
  granted_by: string;
  /** How many people they checked in. */
  checkins: number;
}

export interface DoorStaffChange {
  email: string;
  is_door_staff: boolean;
  changed: boolean;
}

export interface CheckinFigures {
  checked_in: number;
  registered: number;
  /** Most check-ins first. */
  per_door: { door: string; count: number }[];
  /** Hours in the time zone given ("2026-11-23T14:00"), oldest first, only hours with check-ins. */
  per_hour: { at: string; count: number }[];
  generated_at: string;
}

export interface CheckinProcedureResults {
  my_badge: MyBadge;
  replace_my_badge: MyBadge;
  checkin_scan: CheckinScanResult;
  checkin_sync: CheckinScanResult[];
  checkin_find: CheckinPerson[];
  checkin_person: CheckinScanResult;
  checkin_replaced_badges: ReplacedBadges;
  checkin_keys: CheckinKeys;
  get_my_door_staff_status: { is_door_staff: boolean };
  organiser_set_door_staff: DoorStaffChange;
  organiser_list_door_staff: DoorStaffEntry[];
  organiser_checkin_figures: CheckinFigures;
}

export const BADGE_LAYOUTS = ['sheet', 'single'] as const;
export type BadgeLayout = (typeof BADGE_LAYOUTS)[number];
/** Badges on one A4 sheet in the sheet layout (two columns of four). */
export const BADGES_PER_SHEET = 8;

/**
 * Where organisers download badges as a PDF (GET, the organiser's access token as bearer):
 * `sheet` puts 8 on an A4 page, `single` one per page; `since` (YYYY-MM-DD) only people who
 * registered on or after that day.
 */
export function badgesPdfPath(layout: BadgeLayout, since: string | null = null): string {
  return `/exports/v1/badges.pdf?layout=${layout}${since ? `&since=${encodeURIComponent(since)}` : ''}`;
}
