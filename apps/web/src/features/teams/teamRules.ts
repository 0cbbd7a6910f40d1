import { isMissionOwner, type MissionMember, type RemoveMemberResult, type UserSearchResult } from '@mc/contract';
import { i18n } from '../../i18n/i18n';

/** An empty answer to remove_mission_member: an error about the server's answer, not a message for the team's owner. */
const REMOVE_NO_DATA = 'remove_mission_member returned no data';

/** An owner of the team: a co-owner, or the creator (role "owner"). Owners get the badge and no remove button. */
export function isTeamOwner(member: Pick<MissionMember, 'is_co_owner' | 'role_in_team'>): boolean {
  return isMissionOwner(member);
}

/** "First Last", or the e-mail when a person has no name. */
export function displayName(person: Pick<UserSearchResult, 'first_name' | 'last_name' | 'email'>): string {
  const name = [person.first_name, person.last_name]
    .map((part) => (part ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || person.email;
}

/**
 * add_mission_member answers the new member (a row, or a list of one); "error", an
 * empty answer or anything else is a failure. Answers the new member, or null for a failure.
 */
export function addedMember(data: unknown): MissionMember | null {
  const row: unknown = Array.isArray(data) ? data[0] : data;
  if (typeof row !== 'object' || row === null || !('user_id' in row) || typeof row.user_id !== 'string') return null;
  return row as MissionMember;
}

export interface RemoveOutcome {
  ok: boolean;
  message: string;
}

/** What each answer means, and what the dialog then says (docs/product.md#manage-team-dialog). */
const REMOVE_RESULTS: Record<RemoveMemberResult, { ok: boolean; messageId: string }> = {
  member_deleted: { ok: true, messageId: 'teams.manage.removed' },
  no_member_found: { ok: false, messageId: 'teams.manage.memberNotFound' },
  cannot_remove_last_owner: { ok: false, messageId: 'teams.manage.lastOwner' },
};

/**
 * What a remove_mission_member answer means, its message in the interface's language (the answer
 * is read when it arrives, so as it is shown). Throws for an empty answer
 * ("remove_mission_member returned no data") and for a result it does not know.
 */
export function removeOutcome(data: unknown): RemoveOutcome {
  const result: unknown = Array.isArray(data) ? data[0] : data;
  if (result === null || result === undefined || result === '') throw new Error(REMOVE_NO_DATA);
  if (typeof result === 'string' && Object.hasOwn(REMOVE_RESULTS, result)) {
    const { ok, messageId } = REMOVE_RESULTS[result as RemoveMemberResult];
    return { ok, message: i18n._(messageId) };
  }
  throw new Error(`Unknown result from remove_mission_member: ${typeof result === 'string' ? result : JSON.stringify(result)}`);
}

/** Search results as the dialog lists them: never the person searching. */
export function visibleResults(rows: unknown, currentUserId: string | null): UserSearchResult[] {
  if (!Array.isArray(rows)) return [];
  return (rows as UserSearchResult[]).filter((row) => row.id !== currentUserId);
}
