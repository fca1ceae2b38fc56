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
  // Role Configuration applies from the next request: an open menu asks again when the window
  // regains focus after a while, and the server refuses a taken tab's calls at once anyway.
  staleTime: 30_000,
};
