import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/Spinner';
import { paths, routePatterns } from '../lib/paths';
import { ProtectedRoute } from './layout/ProtectedRoute';
import { RouteErrorBoundary } from './RouteErrorPage';
import { RouteFocus } from './RouteFocus';

// Every screen is its own chunk, so /signin downloads only what /signin needs.
const LandingPage = lazy(() => import('../features/auth/LandingPage'));
const SignInPage = lazy(() => import('../features/auth/SignInPage'));
const SignUpPage = lazy(() => import('../features/auth/SignUpPage'));
const ResetPasswordPage = lazy(() => import('../features/auth/ResetPasswordPage'));
const NotFoundPage = lazy(() => import('./NotFoundPage'));
const AppLayout = lazy(() => import('./layout/AppLayout'));
const DashboardPage = lazy(() => import('../features/dashboard/DashboardPage'));
const RoleProfileFormPage = lazy(() => import('../features/profiles/RoleProfileFormPage'));
const ViewRoleProfilePage = lazy(() => import('../features/profiles/ViewRoleProfilePage'));
const MyMissionPage = lazy(() => import('../features/missions/MyMissionPage'));
const AllMissionsPage = lazy(() => import('../features/missions/AllMissionsPage'));
const LiveResultsPage = lazy(() => import('../features/missions/LiveResultsPage'));
const MissionDetailsPage = lazy(() => import('../features/missions/MissionDetailsPage'));
const MissionFormPage = lazy(() => import('../features/missions/MissionFormPage'));
const PreConferencePage = lazy(() => import('../features/surveys/PreConferencePage'));
const PostConferencePage = lazy(() => import('../features/surveys/PostConferencePage'));
const SpeakersDirectoryPage = lazy(() => import('../features/conference/SpeakersDirectoryPage'));
const AgendaSchedulePage = lazy(() => import('../features/conference/AgendaSchedulePage'));
const OrganiserConsole = lazy(() => import('../features/organiser/OrganiserConsole'));

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
      {
        element: <ProtectedRoute />,
        children: [
          // The projector screen has no sidebar: the whole screen is the ranking.
          { path: paths.live(), element: <LiveResultsPage /> },
          {
            element: <AppLayout />,
            children: [
              { path: paths.dashboard(), element: <DashboardPage /> },
              { path: paths.roleProfile(), element: <RoleProfileFormPage /> },
              { path: paths.viewRoleProfile(), element: <ViewRoleProfilePage /> },
              { path: paths.myMission(), element: <MyMissionPage /> },
              { path: paths.allMissions(), element: <AllMissionsPage /> },
              { path: routePatterns.mission, element: <MissionDetailsPage /> },
              { path: paths.createMission(), element: <MissionFormPage /> },
              { path: paths.preConference(), element: <PreConferencePage /> },
              { path: paths.postConference(), element: <PostConferencePage /> },
              { path: paths.speakersDirectory(), element: <SpeakersDirectoryPage /> },
              { path: paths.agendaSchedule(), element: <AgendaSchedulePage /> },
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
