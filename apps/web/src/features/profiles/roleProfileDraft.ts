import { ROLE_PROFILE_FIELDS, type RoleProfileFormField } from '@mc/contract';
import { readStored, removeStored, STORAGE_KEYS, writeStored } from '../../lib/storage';

/**
 * What a person typed in the role profile form and has not saved, kept on this device
 * (docs/product.md#role-profile-form): nine long answers on a phone are too much to lose to a
 * tapped link, a call or a closed tab. One draft per device, for the person who typed it; saving
 * it, "Cancel" and signing out remove it.
 */
export type DraftValues = Partial<Record<RoleProfileFormField, string>>;

const FIELDS = new Set<string>(ROLE_PROFILE_FIELDS.map((field) => field.form));

export function readDraft(userId: string | null): DraftValues | null {
  if (!userId) return null;
  try {
    const parsed: unknown = JSON.parse(readStored(STORAGE_KEYS.roleProfileDraft) ?? 'null');
    if (!parsed || typeof parsed !== 'object' || !('userId' in parsed) || parsed.userId !== userId || !('values' in parsed)) return null;
    const values = parsed.values;
    if (!values || typeof values !== 'object') return null;
    const kept = Object.entries(values).filter((entry): entry is [RoleProfileFormField, string] => FIELDS.has(entry[0]) && typeof entry[1] === 'string');
    return kept.length ? Object.fromEntries(kept) : null;
  } catch {
    return null;
  }
}

export function writeDraft(userId: string | null, values: DraftValues): void {
  if (userId) writeStored(STORAGE_KEYS.roleProfileDraft, JSON.stringify({ userId, values }));
}

export function removeDraft(): void {
  removeStored(STORAGE_KEYS.roleProfileDraft);
}
