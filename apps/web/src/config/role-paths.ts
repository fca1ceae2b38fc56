import { MENUS, type Role } from '@app/contracts';
import { matchPath } from 'react-router';
import { menuPathname, paths, type StaffPathEntry } from './paths';

/**
 * Spec 000 §2: the paths each role may open. Pages built by a feature are registered in
 * router.tsx (staff pages: app/staff-pages.ts); a listed path without a page yet shows the honest "not available" page, and any
 * other path goes to /error.
 */
const STUDENT_PATHS = [
  paths.academy.courses.path,
  paths.academy.topics.path,
  paths.academy.tasks.path,
  paths.workspace.bookmarks.path,
  paths.workspace.bookmarksLabel.path,
  paths.workspace.notes.path,
  paths.workspace.notesLabel.path,
  paths.exam.player.path,
  paths.reports.report.path,
  paths.workspace.todo.path,
  paths.workspace.todoLabel.path,
  paths.workspace.todoFilter.path,
  paths.workspace.todoFolder.path,
  paths.reports.overallDashboard.path,
  paths.reports.subjectDashboard.path,
  paths.reports.eisDashboard.path,
  paths.profile.path,
  paths.workspace.calendar.path,
  paths.courseSchedule.path,
  paths.reports.neetReport.path,
  paths.academy.content.path,
  paths.adaptive.path,
];

/** The staff pages of the paths table: its `staff` group (administrators' own pages marked). */
const STAFF_GROUP: readonly StaffPathEntry[] = Object.values(paths.staff);

// The last two entries are always kept when a teacher's routes are narrowed (spec 000 §4).
export const STAFF_PATHS = [
  ...STAFF_GROUP.filter((entry) => !entry.isAdminOnly && entry !== paths.staff.home).map((entry) => entry.path),
  // Addresses staff share with another audience.
  paths.reports.report.path,
  paths.omrPdfUpload.path,
  paths.academy.management.path,
  paths.courseSchedule.path,
  paths.reports.eisDashboard.path,
  paths.contactUs.path,
  paths.staff.home.path,
];

/** Administrators: the staff paths and their own tools (the routes answer only them). */
export const ADMIN_PATHS = [...STAFF_GROUP.filter((entry) => entry.isAdminOnly).map((entry) => entry.path), ...STAFF_PATHS];

const INSTITUTION_PATHS = [
  paths.institution.reports.path,
  paths.institution.subjectDashboard.path,
  paths.institution.help.path,
  paths.contactUs.path,
];

const PARENT_PATHS = [
  paths.parent.home.path,
  paths.parent.activity.path,
  paths.parent.dashboard.path,
  paths.parent.report.path,
  paths.parent.summary.path,
];

export const ROLE_PATHS: Record<Role, readonly string[]> = {
  Student: STUDENT_PATHS,
  SchoolStudent: [...STUDENT_PATHS, paths.omrPdfUpload.path],
  Teacher: STAFF_PATHS,
  SchoolTeacher: STAFF_PATHS,
  ClientAdmin: ADMIN_PATHS,
  InstituteAdmin: ADMIN_PATHS,
  Institution: INSTITUTION_PATHS,
  Parent: PARENT_PATHS,
};

/** Where "/" leads (spec 000 §2). */
export function rootRouteFor(role: Role): string {
  if (role === 'Institution') return paths.institution.reports.getHref();
  if (role === 'Parent') return paths.parent.home.getHref();
  if (role === 'Student' || role === 'SchoolStudent') return paths.academy.courses.getHref();
  return paths.staff.home.getHref();
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
    const path = menuPathname(item.url);
    return pathname === path || pathname.startsWith(`${path}/`);
  });
  if (!owner || owner === last || !owner.tabName) return true;
  return permittedTabs.includes(owner.tabName);
}
