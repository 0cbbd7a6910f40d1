import { isMissionOwner, TEAM_MESSAGES, type MissionMember, type RemoveMemberResult, type UserSearchResult } from '@mc/contract';

/** What the Manage Team dialog says, word for word (docs/product.md#manage-team-dialog). */
export const TEAM_TEXT = {
  added: 'Member added successfully!',
  alreadyMember: TEAM_MESSAGES.alreadyMember,
  missionIdRequired: 'Mission ID is required',
  addFailed: 'Failed to add member',
  removed: 'Member removed successfully',
  removeMissingInfo: 'Missing required information to remove member',
  memberNotFound: 'Member not found',
  lastOwner: 'Cannot remove the last owner of the mission',
  removeFailed: 'Failed to remove member',
  searchFailed: 'Failed to search users',
  /** In a search result, in place of Add Member, for someone who refuses being added by others. */
  refusesAdditions: "Doesn't accept additions",
  removeNoData: 'remove_mission_member returned no data',
} as const;

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

export type RemoveOutcome = { ok: true; message: string } | { ok: false; message: string };

const REMOVE_RESULTS: Record<RemoveMemberResult, RemoveOutcome> = {
  member_deleted: { ok: true, message: TEAM_TEXT.removed },
  no_member_found: { ok: false, message: TEAM_TEXT.memberNotFound },
  cannot_remove_last_owner: { ok: false, message: TEAM_TEXT.lastOwner },
};

/**
 * What a remove_mission_member answer means. Throws for an empty answer
 * ("remove_mission_member returned no data") and for a result it does not know.
 */
export function removeOutcome(data: unknown): RemoveOutcome {
  const result: unknown = Array.isArray(data) ? data[0] : data;
  if (result === null || result === undefined || result === '') throw new Error(TEAM_TEXT.removeNoData);
  if (typeof result === 'string' && Object.hasOwn(REMOVE_RESULTS, result)) return REMOVE_RESULTS[result as RemoveMemberResult];
  throw new Error(`Unknown result from remove_mission_member: ${typeof result === 'string' ? result : JSON.stringify(result)}`);
}

/** Search results as the dialog lists them: never the person searching. */
export function visibleResults(rows: unknown, currentUserId: string | null): UserSearchResult[] {
  if (!Array.isArray(rows)) return [];
  return (rows as UserSearchResult[]).filter((row) => row.id !== currentUserId);
}
