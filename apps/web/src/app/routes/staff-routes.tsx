import { Navigate, type RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { StaffHomeRedirect } from '../pages/pages';
import { notAvailableRoutes } from './not-available-route';
import { ADMIN_PATHS, STAFF_PATHS } from '../../config/role-paths';
import { STAFF_PAGE_COMPONENTS, STAFF_PAGES } from '../staff-pages';

/** The declared pages (app/staff-pages.ts) among a role's paths, one route each (spec 000 §2). */
function pageRoutes(rolePaths: readonly string[]): RouteObject[] {
  return STAFF_PAGES.filter((page) => rolePaths.includes(page.path)).map((page) => {
    const Page = STAFF_PAGE_COMPONENTS.get(page.path)!;
    return { path: page.path, element: <Page /> };
  });
}

/** Staff pages built so far, one entry per page (spec 000 §2). */
const builtRoutes: RouteObject[] = [
  ...pageRoutes(STAFF_PATHS),
  // Course configuration is Content Management's work (courses, topics, lessons, tests).
  { path: paths.staff.courseConfig.path, element: <Navigate to={paths.academy.management.getHref()} replace /> },
];

/**
 * Teacher and admin pages inside the shell (spec 000 §2). /home opens the first page of the
 * (narrowed) menu; a path of the route set without a page yet shows "not available".
 */
export const staffRoutes: RouteObject[] = [
  { path: paths.staff.home.path, element: <StaffHomeRedirect /> },
  ...builtRoutes,
  ...notAvailableRoutes(STAFF_PATHS.filter((path) => path !== paths.staff.home.path && !builtRoutes.some((route) => route.path === path))),
];

/** Administrators: the staff pages and the tools only their routes answer (item calibration). */
export const adminRoutes: RouteObject[] = [...pageRoutes(ADMIN_PATHS.filter((path) => !STAFF_PATHS.includes(path))), ...staffRoutes];
