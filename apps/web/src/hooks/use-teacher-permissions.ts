import { useQuery } from '@tanstack/react-query';
import { hasNarrowedMenu, teacherPermissionsQuery } from '../lib/teacher-permissions';
import { useSessionUser } from './use-session-user';

/** The permitted tab names for a teacher; undefined for roles whose menu is not narrowed. */
export function useTeacherPermissions() {
  const user = useSessionUser();
  const isNarrowed = hasNarrowedMenu(user?.role);
  const query = useQuery({ ...teacherPermissionsQuery, enabled: isNarrowed });
  return { isNarrowed, permittedTabs: isNarrowed ? query.data : undefined, isLoading: isNarrowed && query.isPending, isError: query.isError };
}
