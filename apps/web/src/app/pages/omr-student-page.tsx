import { Navigate, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { OmrStudentScreen } from '../../features/omr';
import { useSessionUser } from '../../hooks/use-session-user';
import { isRolePath } from '../../config/role-paths';

/** SchoolStudent at /omrPdfUpload (menu "OMR Upload"); a Student, whose menu has no such item, goes to /error. */
export function OmrStudentPage() {
  const user = useSessionUser();
  const { pathname } = useLocation();
  if (!user || !isRolePath(user.role, pathname)) return <Navigate to={paths.error.getHref()} replace />;
  return <OmrStudentScreen />;
}
