import { isStudentRole } from '@app/contracts';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { paths } from '../../config/paths';
import { ShellLayout } from '../../features/shell/components/shell-layout';
import { useSessionUser } from '../../hooks/use-session-user';
import { useTeacherPermissions } from '../../hooks/use-teacher-permissions';
import { isPathPermitted } from '../../config/role-paths';
import { QuickBar } from '../quick-bar/quick-bar';
import { STAFF_NAV_ICONS } from '../staff-pages';
import { navbarTheme } from '../theme';
import { PageLoader } from './page-loader';

/**
 * Signed-in pages: the role-based shell; teacher paths outside the granted tabs go to /error. A
 * page that fails shows its error inside the shell, which keeps its menus.
 */
export function AuthenticatedLayout() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const { permittedTabs, isLoading, isError } = useTeacherPermissions();
  if (!user) return <Navigate to={paths.auth.login.getHref()} replace />;
  if (isError) return <Navigate to={paths.error.getHref()} replace />;
  if (isLoading) return <PageLoader />;
  if (!isPathPermitted(user.role, permittedTabs, pathname)) return <Navigate to={paths.error.getHref()} replace />;
  return (
    <ShellLayout darkTheme={navbarTheme} navIcons={STAFF_NAV_ICONS} headerActions={isStudentRole(user.role) ? <QuickBar /> : undefined}>
      <RouteErrorBoundary>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </ShellLayout>
  );
}
