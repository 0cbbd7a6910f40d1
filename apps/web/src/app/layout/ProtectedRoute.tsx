import { Navigate, Outlet, useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/Spinner';
import { useAuth } from '../../features/auth/authContext';
import { paths, type FromLocationState } from '../paths';

/** SPEC §2: protected screens wait for the session, and send signed-out visitors to /signin. */
export function ProtectedRoute() {
  const { status } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <PageSpinner label="Loading..." />;
  if (status === 'signedOut') {
    const state: FromLocationState = { from: { pathname: location.pathname, search: location.search, hash: location.hash } };
    return <Navigate to={paths.signIn()} replace state={state} />;
  }
  return <Outlet />;
}
