import { isStudentRole } from '@app/contracts';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { ShellLayout } from '../../features/shell/components/shell-layout';
import { useSessionUser } from '../../hooks/use-session-user';
import { useTeacherPermissions } from '../../hooks/use-teacher-permissions';
import { isPathPermitted } from '../routes/role-paths';
import { QuickBar } from '../quick-bar/quick-bar';
import { navbarTheme } from '../theme';
import { PageLoader } from './page-loader';

/** Signed-in pages: the role-based shell; teacher paths outside the granted tabs go to /error. */
export function AuthenticatedLayout() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  const { permittedTabs, isLoading, isError } = useTeacherPermissions();
  if (!user) return <Navigate to="/login" replace />;
  if (isError) return <Navigate to="/error" replace />;
  if (isLoading) return <PageLoader />;
  if (!isPathPermitted(user.role, permittedTabs, pathname)) return <Navigate to="/error" replace />;
  return (
    <ShellLayout darkTheme={navbarTheme} headerActions={isStudentRole(user.role) ? <QuickBar /> : undefined}>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </ShellLayout>
  );
}
