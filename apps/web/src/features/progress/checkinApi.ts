import { queryOptions } from '@tanstack/react-query';
import type { MissionCheckinDay, MissionStatus } from '@mc/contract';
import { callRpc } from '../../lib/rpc';
import { screenKeys } from '../../lib/screenKeys';

/** The calls of a mission's check-ins (docs/product.md#check-ins) and the console's "After the event". */

export function missionCheckinsQuery(missionId: string) {
  return queryOptions({
    queryKey: screenKeys.missionCheckins(missionId),
    queryFn: () => callRpc('get_mission_checkins', { p_mission_id: missionId }),
  });
}

export const setCheckinsOn = (missionId: string, on: boolean) => callRpc('set_mission_checkins', { p_mission_id: missionId, p_on: on });

export interface CheckinAnswerInput {
  happened: string;
  needs: string;
  teamTogether: boolean;
  status: MissionStatus;
  reason: string;
}

export const answerCheckin = (missionId: string, day: MissionCheckinDay, input: CheckinAnswerInput) =>
  callRpc('answer_mission_checkin', {
    p_mission_id: missionId,
    p_day: day,
    p_happened: input.happened,
    p_needs: input.needs,
    p_team_together: input.teamTogether,
    p_status: input.status,
    p_reason: input.status === 'active' ? null : input.reason,
  });

export function afterEventQuery(noNewsOnly: boolean) {
  return queryOptions({
    queryKey: screenKeys.organiserAfterEvent(noNewsOnly),
    queryFn: () => callRpc('get_after_event_overview', { p_no_news_only: noNewsOnly }),
  });
}
