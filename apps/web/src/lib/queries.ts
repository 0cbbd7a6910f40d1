import { queryOptions } from '@tanstack/react-query';
import type { AppUser, MissionDetails, SurveyStatus, UserMission } from '@mc/contract';
import { detailsWithNewsSince, newsClock } from './missionNews';
import { callRpc, firstRow } from './rpc';
import { queryKeys } from './queryKeys';

/** The signed-in person's app-user row; a failed lookup gives null and is logged (docs/product.md#get_user_by_auth). */
export function appUserQuery(authId: string | null) {
  return queryOptions({
    queryKey: queryKeys.appUser(authId),
    enabled: authId !== null,
    queryFn: async (): Promise<AppUser | null> => {
      if (!authId) return null;
      try {
        return firstRow(await callRpc('get_user_by_auth', { auth_id: authId }));
      } catch (error) {
        console.error('App-user lookup failed', error);
        return null;
      }
    },
  });
}

export function surveyStatusQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.surveyStatus(userId),
    enabled: userId !== null,
    queryFn: async (): Promise<SurveyStatus | null> => {
      if (!userId) return null;
      return firstRow(await callRpc('get_survey_status', { p_user_id: userId }));
    },
  });
}

export function userMissionsQuery(userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.userMissions(userId),
    enabled: userId !== null,
    queryFn: async (): Promise<UserMission[]> => {
      if (!userId) return [];
      return callRpc('get_user_related_missions', { p_user_id: userId });
    },
  });
}

/**
 * One mission as the viewer sees it (docs/product.md#get_mission_details), or null when there is
 * none to see. Shared by the missions screens and Manage Team, so each mission is cached once.
 */
export function missionDetailsQuery(missionId: string, userId: string | null) {
  return queryOptions({
    queryKey: queryKeys.missionDetails(missionId, userId),
    queryFn: async (): Promise<MissionDetails | null> => {
      const startedAt = newsClock();
      return detailsWithNewsSince(startedAt, userId, await callRpc('get_mission_details', { p_mission_id: missionId, p_user_id: userId }));
    },
  });
}
