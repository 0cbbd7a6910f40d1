import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { SurveyType } from '@mc/contract';
import { paths } from '../../lib/paths';
import { useAuth } from '../../lib/auth';
import { queryKeys } from '../../lib/queryKeys';
import { notify } from '../../lib/notify';
import { i18n } from '../../i18n/i18n';
import { markSurveyCompleted } from './surveysApi';

export const NO_USER_ID_MESSAGE = 'No user id available to mark completion';

/**
 * "Mark as Completed" (docs/product.md#survey-screens): records the survey for the signed-in
 * person, refreshes what the sidebar and the dashboard read (survey status, app user), confirms it
 * with a toast and goes to /dashboard. A failure is only logged and the person stays on the page.
 */
export function useMarkSurveyCompleted(surveyType: SurveyType) {
  const { user, appUser } = useAuth();
  const userId = appUser?.id ?? user?.id ?? null;
  const authId = user?.id ?? null;
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  return useMutation({
    mutationFn: async () => {
      if (!userId) throw new Error(NO_USER_ID_MESSAGE);
      return markSurveyCompleted(userId, surveyType);
    },
    onSuccess: async (status) => {
      if (status) queryClient.setQueryData(queryKeys.surveyStatus(userId), status);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.surveyStatus(userId) }),
        queryClient.invalidateQueries({ queryKey: queryKeys.appUser(authId) }),
      ]);
      // The confirmation, a toast on the dashboard it goes to.
      notify.success(i18n._('surveys.recorded'));
      await navigate(paths.dashboard());
    },
    onError: (error) => {
      console.error(`Could not mark ${surveyType}`, error);
    },
  });
}
