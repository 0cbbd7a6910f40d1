import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../lib/auth';
import { surveyStatusQuery, userMissionsQuery } from '../../lib/queries';
import { useConferenceDates } from './useConferenceDates';

/**
 * "Post-Conference" shows only when the pre-conference survey is done, the
 * post-conference one is not, the user belongs to at least one mission, and the programme's last
 * day has begun at the venue (docs/product.md#protected-layout-and-sidebar).
 */
export function usePostConferenceVisible(): boolean {
  const { lastDayReached } = useConferenceDates();
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const survey = useQuery(surveyStatusQuery(userId));
  const missions = useQuery({ ...userMissionsQuery(userId), enabled: userId !== null && survey.data?.pre_survey_completed === true });
  const status = survey.data;
  return Boolean(lastDayReached && status?.pre_survey_completed && !status.post_survey_completed && (missions.data?.length ?? 0) > 0);
}
