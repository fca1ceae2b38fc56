import { navigationRoutes, type Role } from '@app/contracts';
import { callApi } from './api-client';

/** Teacher and SchoolTeacher menus and routes are narrowed by the server's permission tabs. */
export function hasNarrowedMenu(role: Role | undefined): boolean {
  return role === 'Teacher' || role === 'SchoolTeacher';
}

export const teacherPermissionsQuery = {
  queryKey: ['navigation', 'teacherPermissions'] as const,
  queryFn: async (): Promise<string[]> => {
    const info = await callApi(navigationRoutes.teacherUserInfo);
    return info.Details.Permissions.map((permission) => permission.TabName);
  },
  staleTime: Infinity,
};
