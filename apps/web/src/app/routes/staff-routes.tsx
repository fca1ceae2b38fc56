import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyNamed } from '../lazy';
import { notAvailableRoutes } from './not-available-route';
import { STAFF_PATHS } from './role-paths';

const StaffHomeRedirect = lazyNamed(() => import('../layouts/staff-home-redirect'), 'StaffHomeRedirect');

/**
 * Teacher and admin pages inside the shell (spec 000 §2). /home opens the first page of the
 * (narrowed) menu; the others show "not available" until their feature lands here.
 */
export const staffRoutes: RouteObject[] = [
  { path: paths.staff.home.path, element: <StaffHomeRedirect /> },
  // Every other staff page of the route set, until its feature lands.
  ...notAvailableRoutes(STAFF_PATHS.filter((path) => path !== paths.staff.home.path)),
];
