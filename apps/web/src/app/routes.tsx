import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner';
import { paths, routePatterns } from '../lib/paths';
import { ProtectedRoute } from './layout/ProtectedRoute';
import { RouteErrorBoundary } from './RouteErrorPage';
import { RouteFocus } from './RouteFocus';
import { screenCode } from './screens';
import { withMessages } from '../i18n/i18n';
import { SIGNED_IN_AREAS } from '../i18n/languages';
import { lazyCode } from '../lib/lazyCode';

// Every screen is its own chunk, so /signin downloads only what /signin needs; the signed-in
// screens' chunks are listed in ./screens, which can also load them ahead of time.
const LandingPage = lazyCode(() => import('../features/auth/LandingPage'));
const SignInPage = lazyCode(() => import('../features/auth/SignInPage'));
const SignUpPage = lazyCode(() => import('../features/auth/SignUpPage'));
const ResetPasswordPage = lazyCode(() => import('../features/auth/ResetPasswordPage'));
const UnsubscribePage = lazyCode(withMessages(['app'], () => import('../features/notifications/UnsubscribePage')));
const PrivacyPage = lazyCode(withMessages(['app'], () => import('../features/account/PrivacyPage')));
const NotFoundPage = lazyCode(withMessages(['app'], () => import('./NotFoundPage')));
const AppLayout = lazyCode(screenCode.appLayout);
const DashboardPage = lazyCode(screenCode.dashboard);
const RoleProfileFormPage = lazyCode(() => import('../features/profiles/RoleProfileFormPage'));
const ViewRoleProfilePage = lazyCode(screenCode.viewRoleProfile);
const MyMissionPage = lazyCode(screenCode.myMission);
const AllMissionsPage = lazyCode(screenCode.allMissions);
const LiveResultsPage = lazyCode(withMessages(SIGNED_IN_AREAS, () => import('../features/missions/LiveResultsPage')));
const PollProjectorPage = lazyCode(withMessages(SIGNED_IN_AREAS, () => import('../features/polls/PollProjectorPage')));
const MissionDetailsPage = lazyCode(screenCode.missionDetails);
const CheckinPage = lazyCode(() => import('../features/progress/CheckinPage'));
const MissionFormPage = lazyCode(() => import('../features/missions/MissionFormPage'));
const PreConferencePage = lazyCode(() => import('../features/surveys/PreConferencePage'));
const PostConferencePage = lazyCode(() => import('../features/surveys/PostConferencePage'));
const SpeakersDirectoryPage = lazyCode(screenCode.speakersDirectory);
const AgendaSchedulePage = lazyCode(screenCode.agendaSchedule);
const OrganiserConsole = lazyCode(withMessages(['organiser'], () => import('../features/organiser/OrganiserConsole')));
const VotePage = lazyCode(() => import('../features/rounds/VotePage'));
const AccountPage = lazyCode(() => import('../features/account/AccountPage'));

/** A new screen starts at the top, as a new page would. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function RootLayout() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <ScrollToTop />
      <RouteFocus />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}

/** The one route table (docs/product.md#routes). Public screens first, then the protected ones inside guard + layout. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.home(), element: <LandingPage /> },
      { path: paths.signIn(), element: <SignInPage /> },
      { path: paths.signUp(), element: <SignUpPage /> },
      { path: paths.resetPassword(), element: <ResetPasswordPage /> },
      { path: paths.unsubscribe(), element: <UnsubscribePage /> },
      { path: paths.privacy(), element: <PrivacyPage /> },
      {
        element: <ProtectedRoute />,
        children: [
          // The projector screen has no sidebar: the whole screen is the ranking.
          { path: `${paths.live()}/*`, element: <LiveResultsPage /> },
          { path: routePatterns.livePolls, element: <PollProjectorPage /> },
          {
            element: <AppLayout />,
            children: [
              { path: paths.dashboard(), element: <DashboardPage /> },
              { path: paths.roleProfile(), element: <RoleProfileFormPage /> },
              { path: paths.viewRoleProfile(), element: <ViewRoleProfilePage /> },
              { path: paths.myMission(), element: <MyMissionPage /> },
              { path: paths.allMissions(), element: <AllMissionsPage /> },
              { path: routePatterns.mission, element: <MissionDetailsPage /> },
              { path: routePatterns.missionCheckin, element: <CheckinPage /> },
              { path: paths.createMission(), element: <MissionFormPage /> },
              { path: paths.preConference(), element: <PreConferencePage /> },
              { path: paths.postConference(), element: <PostConferencePage /> },
              { path: paths.speakersDirectory(), element: <SpeakersDirectoryPage /> },
              { path: paths.agendaSchedule(), element: <AgendaSchedulePage /> },
              { path: paths.vote(), element: <VotePage /> },
              // With My badge (/account/badge), whose code the account page's chunk loads (no screen of its own here, on /signin).
              { path: `${paths.account()}/*`, element: <AccountPage /> },
              // The console routes its own sections, so none of it loads before an organiser opens it.
              { path: `${paths.organiser()}/*`, element: <OrganiserConsole /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Declarative mode (inside <BrowserRouter>): the data router's loaders and actions are not used, and
 * leaving them out keeps about 10 KB of gzipped JavaScript off every first visit.
 */
export function AppRoutes() {
  return useRoutes(routes);
}
