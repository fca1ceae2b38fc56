import { menuFor } from '@app/contracts';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSessionUser } from '../../hooks/use-session-user';
import { useTeacherPermissions } from '../../hooks/use-teacher-permissions';

/** Staff root /home: the first page of the (narrowed) menu. */
export function StaffHomeRedirect() {
  const user = useSessionUser();
  const { permittedTabs } = useTeacherPermissions();
  if (!user) return <Navigate to={paths.auth.login.getHref()} replace />;
  const first = menuFor(user.role, permittedTabs)[0];
  return <Navigate to={first?.url ?? paths.error.getHref()} replace />;
}
