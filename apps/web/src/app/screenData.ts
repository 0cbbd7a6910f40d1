import type { QueryClient } from '@tanstack/react-query';
import type { UserMission } from '@mc/contract';
import { appUserQuery, missionDetailsQuery, surveyStatusQuery, userMissionsQuery } from '../lib/queries';
import { allMissionsQuery } from '../features/missions/missionsApi';
import { roleProfileQuery } from '../features/profiles/roleProfileApi';
import { programmeQuery } from '../features/conference/programme';
import { myAgendaQuery } from '../features/conference/myAgenda';
import { notificationSettingsQuery } from '../features/notifications/notificationsApi';
import type { ScreenName } from './screens';

/**
 * What each signed-in screen reads, asked for as soon as the screen is chosen (a link touched,
 * hovered or focused, or the session known on arrival) instead of once its code has loaded and
 * rendered. Every call is the screen's own query (same key, same procedure, same answer), so the
 * screen finds it in the cache or already on its way. Where one answer decides the next call (a
 * membership names the mission; a finished survey lets the profile be read) the second call
 * follows the first at once, without waiting for the screen.
 */
/** The programme is asked again on every visit (its ETag makes that cheap); a preload a moment ago will do. */
const recentProgramme = () => ({ ...programmeQuery(), staleTime: 5_000 });

export function prefetchScreenData(screen: { name: ScreenName; missionId?: string }, queryClient: QueryClient, userId: string): Promise<unknown> {
  const missionOf = (choose: (memberships: UserMission[]) => UserMission | undefined) =>
    queryClient.ensureQueryData(userMissionsQuery(userId)).then((memberships) => {
      const missionId = choose(memberships)?.mission_id;
      return missionId ? queryClient.prefetchQuery(missionDetailsQuery(missionId, userId)) : undefined;
    });
  switch (screen.name) {
    case 'dashboard':
      return Promise.all([
        // The greeting's name; AuthProvider keeps it for the whole session, as here.
        queryClient.prefetchQuery({ ...appUserQuery(userId), gcTime: Infinity }),
        // The role profile is read only once the pre-conference survey is known to be done (docs/product.md#dashboard).
        queryClient
          .ensureQueryData(surveyStatusQuery(userId))
          .then((status) => (status?.pre_survey_completed === true ? queryClient.prefetchQuery(roleProfileQuery(userId)) : undefined)),
        missionOf((memberships) => memberships.find((row) => row.role_in_team === 'owner')),
      ]);
    case 'myMission':
      return missionOf((memberships) => memberships[0]);
    case 'viewRoleProfile':
      return Promise.all([queryClient.prefetchQuery(roleProfileQuery(userId)), queryClient.prefetchQuery(notificationSettingsQuery(userId))]);
    case 'allMissions':
      return queryClient.prefetchQuery(allMissionsQuery(userId));
    case 'missionDetails':
      return screen.missionId ? queryClient.prefetchQuery(missionDetailsQuery(screen.missionId, userId)) : Promise.resolve();
    case 'speakersDirectory':
      return queryClient.prefetchQuery(recentProgramme());
    case 'agendaSchedule':
      return Promise.all([queryClient.prefetchQuery(recentProgramme()), queryClient.prefetchQuery(myAgendaQuery(userId))]);
  }
}
