import { missionCheckinPath, UNSUBSCRIBE_PAGE_PATH } from '@mc/contract/notifications.ts';

/** Every route of docs/product.md#routes, in one table. Build links with these, never with string literals. */
export const paths = {
  home: () => '/',
  signIn: () => '/signin',
  signUp: () => '/signup',
  resetPassword: () => '/reset-password',
  /** What the app keeps about people, for how long, and their rights (public). */
  privacy: () => '/privacy',
  /** Where a notification e-mail's unsubscribe link lands (public: no sign-in needed). */
  unsubscribe: () => UNSUBSCRIBE_PAGE_PATH,
  dashboard: () => '/dashboard',
  /** The person's own account: details, anonymity, what others see, their data. */
  account: () => '/account',
  /** The code the door scans, with the name, role and mission (docs/product.md#my-badge). */
  myBadge: () => '/account/badge',
  roleProfile: () => '/role-profile',
  viewRoleProfile: () => '/view-role-profile',
  myMission: (missionId?: string) => (missionId ? `/view-my-mission?mission=${encodeURIComponent(missionId)}` : '/view-my-mission'),
  allMissions: () => '/view-all-missions',
  /** The closing panel's projector screen: the ranking as it moves. */
  live: () => '/live',
  /** /live showing a round that has not opened yet, as it will show once it opens (organisers only). */
  livePreview: (roundId: string) => `/live?preview=${encodeURIComponent(roundId)}`,
  /** A part's current poll on the projector. */
  livePolls: (partId: string) => `/live/polls/${encodeURIComponent(partId)}`,
  /** Voting in the current round (the closing panel's vote). */
  vote: () => '/vote',
  mission: (missionId: string) => `/mission/${encodeURIComponent(missionId)}`,
  /** A mission's check-in form (its owners; docs/product.md#check-ins). */
  missionCheckin: (missionId: string, day: number) => missionCheckinPath(missionId, day),
  createMission: (editId?: string) => (editId ? `/create-mission?edit=${encodeURIComponent(editId)}` : '/create-mission'),
  preConference: () => '/pre-conference',
  postConference: () => '/post-conference',
  speakersDirectory: () => '/speakers-directory',
  /** The directory with one speaker's profile open. */
  speaker: (speakerId: string) => `/speakers-directory?speaker=${encodeURIComponent(speakerId)}`,
  agendaSchedule: () => '/agenda-schedule',
  /** The organiser console; a section's slug gives its screen (none: the Overview). */
  organiser: (section?: string) => (section ? `/organiser/${section}` : '/organiser'),
  /** The agenda on the part's day, scrolled to the part. */
  agendaPart: (partId: string) => `/agenda-schedule?part=${encodeURIComponent(partId)}`,
} as const;

/** Route patterns for the route table (the ones with parameters differ from their links). */
export const routePatterns = {
  mission: '/mission/:missionId',
  missionCheckin: '/mission/:missionId/check-in/:day',
  livePolls: '/live/polls/:partId',
} as const;

/** Where sign-in returns to: the protected location the visitor wanted, kept in navigation state. */
export interface FromLocationState {
  from?: { pathname: string; search?: string; hash?: string };
}

export function returnPathFrom(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('from' in state)) return paths.dashboard();
  const from = (state as FromLocationState).from;
  if (!from || typeof from.pathname !== 'string' || !from.pathname.startsWith('/') || from.pathname.startsWith('//')) return paths.dashboard();
  const publicOnly: string[] = [paths.home(), paths.signIn(), paths.signUp(), paths.resetPassword()];
  if (publicOnly.includes(from.pathname)) return paths.dashboard();
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
