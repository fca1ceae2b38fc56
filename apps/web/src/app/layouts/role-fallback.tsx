import { Navigate, useLocation } from 'react-router';
import { NotAvailable } from '../../features/shell/components/not-available';
import { paths } from '../../config/paths';
import { useSessionUser } from '../../hooks/use-session-user';
import { isRolePath } from '../../config/role-paths';

/** A path of the role's table without a page yet: "not available in this version"; else /error. */
export function RoleFallback() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  if (user && isRolePath(user.role, pathname)) return <NotAvailable />;
  return <Navigate to={paths.error.getHref()} replace />;
}
