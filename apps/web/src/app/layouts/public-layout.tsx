import { homeRouteFor } from '@app/contracts';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSessionUser } from '../../hooks/use-session-user';
import { PageLoader } from './page-loader';

/** Sign-in screens; a signed-in user is sent home unless a SessionID login is under way. */
export function PublicLayout() {
  const user = useSessionUser();
  const { search } = useLocation();
  if (user && !new URLSearchParams(search).has('SessionID')) return <Navigate to={homeRouteFor(user.role)} replace />;
  return (
    <Suspense fallback={<PageLoader />}>
      <Outlet />
    </Suspense>
  );
}
