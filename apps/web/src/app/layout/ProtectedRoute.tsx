import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/Spinner';
import { useAuth } from '../../lib/auth';
import { paths, type FromLocationState } from '../../lib/paths';
import { preloadScreen, preloadScreensWhenQuiet } from '../screens';
import { withMessages } from '../../i18n/i18n';
import { lazyCode } from '../../lib/lazyCode';
import { OptionalPart } from '../../components/OptionalPart';

// The code prompt shows outside the app's layout (straight after /signin), so it brings the app's words itself.
const SecondFactorPage = lazyCode(withMessages(['app'], () => import('../../features/auth/mfa/SecondFactorPage')));
// The live channel matters only once someone is signed in, so /signin does not download it.
const LiveUpdates = lazyCode(() => import('./LiveUpdates'));

/** docs/product.md#routes: protected screens wait for the session, and send signed-out visitors to /signin. */
export function ProtectedRoute() {
  const { status, needsSecondFactor, user } = useAuth();
  const location = useLocation();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  const mayCall = status === 'signedIn' && !needsSecondFactor && userId !== null;
  // The moment the session is known (or the path changes), the screen's code, the layout's and
  // the screen's data are all asked for at once, instead of data waiting for code to render.
  useEffect(() => {
    if (mayCall) preloadScreen(location.pathname, { queryClient, userId });
  }, [mayCall, location.pathname, queryClient, userId]);
  useEffect(() => (mayCall ? preloadScreensWhenQuiet(queryClient) : undefined), [mayCall, queryClient]);
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signedOut') {
    const state: FromLocationState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.signIn()} replace state={state} />;
  }
  // Someone with an authenticator sees nothing else until this session has entered a code.
  if (needsSecondFactor) return <SecondFactorPage />;
  return (
    <>
      <OptionalPart>
        <LiveUpdates />
      </OptionalPart>
      <Outlet />
    </>
  );
}
