import { homeRouteFor } from '@app/contracts';
import { Suspense, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { useSessionUser } from '../../hooks/use-session-user';
import { PageLoader } from './page-loader';

/**
 * Sign-in screens. A user who arrives already signed in is sent home (unless a SessionID login is
 * under way); a sign-in made here routes itself, so later session changes are left alone.
 */
export function PublicLayout() {
  const user = useSessionUser();
  const [userOnArrival] = useState(user);
  const { search } = useLocation();
  if (userOnArrival && user && !new URLSearchParams(search).has('SessionID')) return <Navigate to={homeRouteFor(userOnArrival.role)} replace />;
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </RouteErrorBoundary>
  );
}
