/**
 * Every localStorage key the web app uses, in one place (docs/product.md#sign-in-and-sessions).
 * supabase-js keeps its own session entry; these are the copies and flags the product asks for.
 */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  refreshToken: 'refresh_token',
  isAnonymous: 'is_anonymous',
  anonymityChoiceMade: 'anonymity_choice_made',
  anonymousGuid: 'anonymous_guid',
  /** "compact" or "detailed": how the person last chose to see the agenda on this device. */
  agendaView: 'agenda_view',
  /** "light" or "dark"; absent: follow the system. Also read by public/theme.js before the first paint. */
  theme: 'mc-theme',
  /** "true" once the person answered the offer to install the app on this device. */
  installOfferDismissed: 'install_offer_dismissed',
  /** Toggles sent whose answer never came (JSON list of "person:kind:mission"): checked before the next press. */
  uncheckedToggles: 'unchecked_toggles',
  /** Session reminders this device already showed as system notifications (JSON list of notification ids). */
  remindersShown: 'reminders_shown',
  /** The interface language chosen on this device ("en", "af", "zu" or "xh"). */
  language: 'language',
  /** "true" while the language above is one the person picked on this device and their account does not keep yet. */
  languageChosen: 'language_chosen',
  /** What the person typed in the role profile form and has not saved yet (JSON: their id and the fields); removed at sign-out. */
  roleProfileDraft: 'role_profile_draft',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** localStorage can be missing or throw (private mode, quota); storage is best effort. */
export function readStored(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A stored JSON list of strings; an entry that is missing or not such a list reads as empty. */
export function readStoredStrings(key: StorageKey): string[] {
  try {
    const parsed: unknown = JSON.parse(readStored(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((entry): entry is string => typeof entry === 'string') : [];
  } catch {
    return [];
  }
}

export function writeStored(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`Could not store ${key}`, error);
  }
}

export function removeStored(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing stored, nothing to remove
  }
}

export function storeSessionTokens(tokens: { access_token: string; refresh_token: string }): void {
  writeStored(STORAGE_KEYS.accessToken, tokens.access_token);
  writeStored(STORAGE_KEYS.refreshToken, tokens.refresh_token);
}

export function clearSessionTokens(): void {
  removeStored(STORAGE_KEYS.accessToken);
  removeStored(STORAGE_KEYS.refreshToken);
}

export interface AnonymityChoice {
  isAnonymous: boolean;
  anonymousGuid: string | null;
}

export function storeAnonymityChoice(choice: AnonymityChoice): void {
  writeStored(STORAGE_KEYS.anonymityChoiceMade, 'true');
  writeStored(STORAGE_KEYS.isAnonymous, String(choice.isAnonymous));
  if (choice.anonymousGuid) writeStored(STORAGE_KEYS.anonymousGuid, choice.anonymousGuid);
  else removeStored(STORAGE_KEYS.anonymousGuid);
}

export function clearAnonymityChoice(): void {
  removeStored(STORAGE_KEYS.anonymityChoiceMade);
  removeStored(STORAGE_KEYS.isAnonymous);
  removeStored(STORAGE_KEYS.anonymousGuid);
}

/** The locally stored anonymity choice, or null when none was made on this device. */
export function readAnonymityChoice(): AnonymityChoice | null {
  if (readStored(STORAGE_KEYS.anonymityChoiceMade) !== 'true') return null;
  return {
    isAnonymous: readStored(STORAGE_KEYS.isAnonymous) === 'true',
    anonymousGuid: readStored(STORAGE_KEYS.anonymousGuid),
  };
}

/** sessionStorage: set while the app reloads itself once after a deploy replaced its code chunks. */
export const SESSION_KEYS = {
  chunkReloadAt: 'mc_chunk_reload_at',
} as const;

/**
 * Reloads the page once when a screen's code cannot be fetched because a newer deploy replaced it.
 * Returns false (and does nothing) when it already tried within the last minute, so it never loops.
 */
export function reloadOnceForNewDeploy(now: number = Date.now()): boolean {
  try {
    const last = Number(window.sessionStorage.getItem(SESSION_KEYS.chunkReloadAt) ?? 0);
    if (now - last < 60_000) return false;
    window.sessionStorage.setItem(SESSION_KEYS.chunkReloadAt, String(now));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}
