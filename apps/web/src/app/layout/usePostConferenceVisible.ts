import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth';
import { surveyStatusQuery, userMissionsQuery } from '../../lib/queries';

/**
 * "Post-Conference" shows only when the pre-conference survey is done, the
 * post-conference one is not, and the user belongs to at least one mission.
 */
export function usePostConferenceVisible(): boolean {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const survey = useQuery(surveyStatusQuery(userId));
  const missions = useQuery({ ...userMissionsQuery(userId), enabled: userId !== null && survey.data?.pre_survey_completed === true });
  const status = survey.data;
  return Boolean(status?.pre_survey_completed && !status.post_survey_completed && (missions.data?.length ?? 0) > 0);
}
