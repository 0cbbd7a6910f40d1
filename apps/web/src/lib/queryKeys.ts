/**
 * TanStack Query keys shared across screens, so any screen can invalidate what another one shows
 * (for example: marking the survey complete invalidates surveyStatus, joining a mission userMissions).
 */
export const queryKeys = {
  appUser: (authId: string | null) => ['app-user', authId] as const,
  surveyStatus: (userId: string | null) => ['survey-status', userId] as const,
  userMissions: (userId: string | null) => ['user-related-missions', userId] as const,
} as const;
