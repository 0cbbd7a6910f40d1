import { queryOptions } from '@tanstack/react-query';
import type { AppUser, SurveyStatus } from '@mc/contract';
import { callRpc, firstRow } from './rpc';
import { queryKeys } from './queryKeys';

/** The signed-in person's app-user row; a failed lookup gives null and is logged (SPEC §8). */
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
    queryFn: async (): Promise<{ mission_id: string }[]> => {
      if (!userId) return [];
      const rows = await callRpc('get_user_related_missions', { p_user_id: userId });
      return Array.isArray(rows) ? rows : [];
    },
  });
}
