/** Every route of SPEC §2, in one table. Build links with these, never with string literals. */
export const paths = {
  home: () => '/',
  signIn: () => '/signin',
  signUp: () => '/signup',
  resetPassword: () => '/reset-password',
  dashboard: () => '/dashboard',
  roleProfile: () => '/role-profile',
  viewRoleProfile: () => '/view-role-profile',
  myMission: () => '/view-my-mission',
  allMissions: () => '/view-all-missions',
  mission: (missionId: string) => `/mission/${encodeURIComponent(missionId)}`,
  createMission: (editId?: string) => (editId ? `/create-mission?edit=${encodeURIComponent(editId)}` : '/create-mission'),
  preConference: () => '/pre-conference',
  postConference: () => '/post-conference',
  speakersDirectory: () => '/speakers-directory',
  agendaSchedule: () => '/agenda-schedule',
} as const;

/** Route patterns for the route table (the ones with parameters differ from their links). */
export const routePatterns = {
  mission: '/mission/:missionId',
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
