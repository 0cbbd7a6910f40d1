/**
 * Every TanStack Query key of the app, in one factory, so any screen can invalidate what another
 * one shows (for example: marking the survey complete invalidates surveyStatus, joining a mission
 * userMissions) and no two screens cache the same answer under different keys.
 */
export const queryKeys = {
  appUser: (authId: string | null) => ['app-user', authId] as const,
  surveyStatus: (userId: string | null) => ['survey-status', userId] as const,
  userMissions: (userId: string | null) => ['user-related-missions', userId] as const,
  /** Every user's memberships at once: a team change can move anyone in or out. */
  allUserMissions: ['user-related-missions'] as const,
  roleProfile: (userId: string | null) => ['role-profile', userId] as const,
  /** Everything mission-related starts with this, so one invalidation refreshes it all. */
  missions: ['missions'] as const,
  missionList: (userId: string | null) => ['missions', 'list', userId] as const,
  /** The mission list as every viewer has it cached. */
  missionListOfAnyViewer: ['missions', 'list'] as const,
  /**
   * The one cached copy of a mission as a viewer sees it: details, team and the viewer's vote and
   * subscription. My Mission, the dashboard card, Manage Team and the details page all read it.
   */
  missionDetails: (missionId: string, userId: string | null) => ['missions', 'details', missionId, userId] as const,
  /**
   * A mission's updates: beside its details, not under them (a live count is written into every
   * copy of the details, which updates are not); a live change of the mission reads them again.
   */
  missionUpdates: (missionId: string) => ['missions', 'updates', missionId] as const,
  /** A mission's team as get_mission_members answers it: the Manage Team dialog's list. */
  missionMembers: (missionId: string) => ['missions', 'members', missionId] as const,
  /** Every viewer's copy of one mission (for updates that apply to all of them). */
  missionDetailsOfAnyViewer: (missionId: string) => ['missions', 'details', missionId] as const,
  /** A mission's open roles (under missions, so a team change refreshes them too). */
  missionRoles: (missionId: string) => ['missions', 'roles', missionId] as const,
  /** How many open roles each mission has, for All Missions. */
  openRoleCounts: ['missions', 'open-role-counts'] as const,
  skillSuggestions: (prefix: string) => ['skill-suggestions', prefix] as const,
  myTeamRequests: (userId: string | null) => ['team-requests', 'mine', userId] as const,
  missionTeamRequests: (missionId: string) => ['team-requests', 'mission', missionId] as const,
  /** Every request list, so an answer refreshes them all. */
  teamRequests: ['team-requests'] as const,
  roleCard: (userId: string) => ['role-card', userId] as const,
  roleCardSettings: (userId: string | null) => ['role-card-settings', userId] as const,
  recoveryCodeStatus: (userId: string | null) => ['mfa-recovery-codes', userId] as const,
  /** Everything the organiser console reads starts with this, so one invalidation refreshes it all. */
  organiser: ['organiser'] as const,
  /** The programme every screen shows (speakers, agenda, dates); organiser edits refresh it. */
  programme: ['programme'] as const,
  /** The published versions and their changes (the agenda's "Changes"). */
  programmeVersions: ['programme', 'versions'] as const,
  /** The organisers' draft of the programme (under organiser: never shown to attendees). */
  programmeDraft: ['organiser', 'programme-draft'] as const,
  /** The organisers' announcements this person has not dismissed (the dashboard's banners). */
  announcements: (userId: string | null) => ['announcements', userId] as const,
  organiserStatus: (userId: string | null) => ['organiser-status', userId] as const,
  myAgenda: (authId: string | null) => ['my-agenda', authId] as const,
  calendarFeed: (authId: string | null) => ['calendar-feed', authId] as const,
  /** The bell's list and unread count. */
  notifications: (userId: string | null) => ['notifications', userId] as const,
  notificationSettings: (userId: string | null) => ['notification-settings', userId] as const,
  /** Everything of the voting rounds starts with this: a round's live message refreshes it all. */
  voteRounds: ['vote-rounds'] as const,
  currentRound: (userId: string | null) => ['vote-rounds', 'current', userId] as const,
  roundResult: (roundId: string) => ['vote-rounds', 'result', roundId] as const,
  /** A round that has not opened yet, as /live previews it for an organiser. */
  roundPreview: (roundId: string) => ['vote-rounds', 'preview', roundId] as const,
} as const;
