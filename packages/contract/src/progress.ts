import { z } from './zod.ts';

/*
 * Missions after the conference (docs/product.md#mission-updates): the updates its owners post,
 * its status and milestones, and its public page. The procedures' parameters and answers, the
 * limits and the messages, word for word.
 */

/** A mission's status; "active" is every mission's until its owners say otherwise. */
export const MISSION_STATUSES = ['active', 'paused', 'completed', 'stopped'] as const;
export type MissionStatus = (typeof MISSION_STATUSES)[number];

export const PROGRESS_LIMITS = {
  titleChars: 120,
  textChars: 2000,
  linkChars: 500,
  statusReasonChars: 200,
  milestones: 5,
  milestoneChars: 120,
  /** The most bytes an uploaded photo may have, as sent. */
  photoBytes: 5 * 1024 * 1024,
  /** The most pixels the server decodes (width × height), so a small file cannot unpack into gigabytes. */
  photoInputPixels: 40_000_000,
  /** The longer side of the stored photo, at most (a larger one is scaled down). */
  photoEdge: 1600,
  /** How long an update may be edited after it was posted. */
  editHours: 24,
  slugMin: 3,
  slugMax: 60,
} as const;

export const PROGRESS_MESSAGES = {
  titleRequired: 'Please give the update a title.',
  titleTooLong: 'The title is too long: at most 120 characters.',
  textTooLong: 'The update is too long: at most 2,000 characters.',
  linkNotHttps: 'The link must be a full https:// address.',
  linkTooLong: 'The link is too long: at most 500 characters.',
  photoTooLarge: 'The photo is too large: at most 5 MB.',
  photoNotImage: 'This file is not a photo the app can read. Choose a JPEG, PNG, WebP or GIF image.',
  photoTooManyPixels: 'The photo has too many pixels: at most 40 megapixels.',
  photoNotFound: 'The photo was not found. Please add it again.',
  ownersOnly: 'Only the mission’s owner and co-owners can do this.',
  missionNotFound: 'Mission not found',
  updateNotFound: 'This update was not found. It may have been deleted.',
  editWindowOver: 'An update can only be edited during the first 24 hours after it was posted.',
  reasonRequired: 'Please give a short reason for this status.',
  reasonTooLong: 'The reason is too long: at most 200 characters.',
  tooManyMilestones: 'A mission has at most 5 milestones.',
  milestoneRequired: 'A milestone needs a text.',
  milestoneTooLong: 'A milestone is too long: at most 120 characters.',
  slugInvalid: 'The address may use 3 to 60 lower-case letters, digits and hyphens, starting and ending with a letter or digit.',
  slugTaken: 'This address is already taken by another mission. Please choose another one.',
  hideReasonRequired: 'Please give a reason: the mission’s team will read it.',
  notHidden: 'This update is not hidden.',
} as const;

/** What the audit log records when organisers hide or unhide an update. */
export const PROGRESS_AUDIT_KINDS = {
  updateHidden: 'update.hidden',
  updateUnhidden: 'update.unhidden',
} as const;

/** Where a signed-in owner uploads a photo (POST, the image as the body), and where photos are served. */
export const UPDATE_PHOTO_UPLOAD_PATH = '/content/v1/update-photos';
export const updatePhotoPath = (photoId: string): string => `${UPDATE_PHOTO_UPLOAD_PATH}/${photoId}.jpg`;
/** A mission's public page. */
export const publicMissionPath = (slug: string): string => `/m/${slug}`;

export interface Milestone {
  text: string;
  done: boolean;
}

/** The end of the Mission shape (procedures.ts): what its owners say of its progress (docs/product.md#mission-status). */
export interface MissionProgressFields {
  /** Active unless its owners said otherwise. */
  status: MissionStatus;
  /** Why it is paused, completed or stopped (null while active). */
  status_reason: string | null;
  milestones: Milestone[];
  /** The address of its public page (/m/{slug}) while its owners publish it, else null. */
  public_slug: string | null;
}

/** One update as its reader may see it. */
export interface MissionUpdate {
  update_id: string;
  mission_id: string;
  title: string;
  text: string;
  link: string | null;
  /** The photo's address, or null. */
  photo_url: string | null;
  /** The author as other attendees see them ("Anonymous attendee" for someone anonymous). */
  author_name: string;
  created_at: string;
  edited_at: string | null;
  /** The caller may still edit it (an owner, within 24 hours of posting). */
  can_edit: boolean;
  /** The caller may delete it (the mission's owners). */
  can_delete: boolean;
  /** Set while the organisers hide it: only the team and the organisers then see it. */
  hidden_reason: string | null;
}

/** An uploaded photo, ready to be attached to an update. */
export interface UploadedPhoto {
  photo_id: string;
  url: string;
  width: number;
  height: number;
}

const id = z.uuid();
const milestone = z.strictObject({ text: z.string(), done: z.boolean() });

export const progressProcedureParams = {
  /** A mission's updates, newest first. */
  get_mission_updates: z.strictObject({ p_mission_id: id }),
  /** Owners: posts an update (the photo uploaded first, to UPDATE_PHOTO_UPLOAD_PATH). */
  post_mission_update: z.strictObject({
    p_mission_id: id,
    p_title: z.string(),
    p_text: z.string(),
    p_link: z.string().nullish(),
    p_photo_id: id.nullish(),
  }),
  /** Owners: changes an update's title, text and link within 24 hours of posting. */
  edit_mission_update: z.strictObject({ p_update_id: id, p_title: z.string(), p_text: z.string(), p_link: z.string().nullish() }),
  /** Owners: deletes an update (and its photo). */
  delete_mission_update: z.strictObject({ p_update_id: id }),
  /** Organisers: hides an update with a reason its team reads. */
  hide_mission_update: z.strictObject({ p_update_id: id, p_reason: z.string().trim().max(500) }),
  unhide_mission_update: z.strictObject({ p_update_id: id }),
  /** Owners: sets the status, with a reason unless it is active. */
  set_mission_status: z.strictObject({ p_mission_id: id, p_status: z.enum(MISSION_STATUSES), p_reason: z.string().nullish() }),
  /** Owners: replaces the milestones (at most five). */
  set_mission_milestones: z.strictObject({ p_mission_id: id, p_milestones: z.array(milestone).max(20) }),
  /** Owners: publishes the public page at /m/{slug}, or (null) unpublishes it. */
  set_mission_public_page: z.strictObject({ p_mission_id: id, p_slug: z.string().nullable() }),
} as const;

export interface ProgressProcedureResults {
  get_mission_updates: MissionUpdate[];
  post_mission_update: MissionUpdate;
  edit_mission_update: MissionUpdate;
  delete_mission_update: null;
  hide_mission_update: MissionUpdate;
  unhide_mission_update: MissionUpdate;
  set_mission_status: null;
  set_mission_milestones: null;
  set_mission_public_page: { slug: string | null };
}

/** Whether `link` is one the app accepts: a full https address. */
export function isHttpsLink(link: string): boolean {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/;
