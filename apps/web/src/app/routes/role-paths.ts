import { MENUS, type Role } from '@app/contracts';
import { matchPath } from 'react-router';

/**
 * Spec 000 §2: the paths each role may open. Pages built by a feature are registered in
 * router.tsx; a listed path without a page yet shows the honest "not available" page, and any
 * other path goes to /error.
 */
const STUDENT_PATHS = [
  '/academy/courses',
  '/academy/courses/topic/:courseId/:topicId?',
  '/academy/courses/task/:courseId/:topicId',
  '/bookmark/:id?/:labelHandle?/:labelId?',
  '/notes/:id?/:labelHandle?/:labelId?',
  '/test/:type/:courseID/:taskID',
  '/report',
  '/todo',
  '/todo/label/:labelHandle/:todoId?',
  '/todo/filter/:filterHandle/:todoId?',
  '/todo/:folderHandle/:todoId?',
  '/overall-dashboard',
  '/subject-dashboard',
  '/eis-dashboard',
  '/profile',
  '/calender',
  '/courseschedule',
  '/neetReport',
  '/:type/:contentTypeName/:courseID/:taskID',
];

// The last two entries are always kept when a teacher's routes are narrowed (spec 000 §4).
const STAFF_PATHS = [
  '/dashboard',
  '/report',
  '/metabase',
  '/omrPdfUpload',
  '/examReport',
  '/academy/*',
  '/testconfig',
  '/studentconfig',
  '/testschedule',
  '/coursemapping',
  '/courseupload',
  '/resourceupload',
  '/resetstudentpassword',
  '/courseconfig',
  '/roleconfig',
  '/courseschedule',
  '/eis-dashboard',
  '/contactus',
  '/home',
];

export const ROLE_PATHS: Record<Role, readonly string[]> = {
  Student: STUDENT_PATHS,
  SchoolStudent: [...STUDENT_PATHS, '/omrPdfUpload'],
  Teacher: STAFF_PATHS,
  SchoolTeacher: STAFF_PATHS,
  ClientAdmin: STAFF_PATHS,
  InstituteAdmin: STAFF_PATHS,
  Institution: ['/reports', '/reports/subject-dashboard/:CourseID/:UserID', '/help', '/contactus'],
  Parent: ['/parent/home', '/parent/activity', '/parent/dashboard', '/parent/report', '/parent/summary'],
};

/** Where "/" leads (spec 000 §2). */
export function rootRouteFor(role: Role): string {
  if (role === 'Institution') return '/reports';
  if (role === 'Parent') return '/parent/home';
  if (role === 'Student' || role === 'SchoolStudent') return '/academy/courses';
  return '/home';
}

export function isRolePath(role: Role, pathname: string): boolean {
  return ROLE_PATHS[role].some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);
}

/**
 * Teacher routes are narrowed by the permission tabs: a path that belongs to a menu item with a
 * tab the server did not grant is refused. The last menu item and the last two routes stay.
 */
export function isPathPermitted(role: Role, permittedTabs: readonly string[] | undefined, pathname: string): boolean {
  if (!permittedTabs) return true;
  const paths = ROLE_PATHS[role];
  if (paths.slice(-2).some((pattern) => matchPath({ path: pattern, end: true }, pathname))) return true;
  const menu = MENUS[role];
  const last = menu[menu.length - 1];
  const owner = menu.find((item) => {
    const path = item.url.split('?')[0]!;
    return pathname === path || pathname.startsWith(`${path}/`);
  });
  if (!owner || owner === last || !owner.tabName) return true;
  return permittedTabs.includes(owner.tabName);
}
