import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { notAvailableRoutes } from './not-available-route';

/** Parent pages inside the shell (spec 000 §2 menus); "/" leads to /parent/home. */
export const parentRoutes: RouteObject[] = notAvailableRoutes([
  paths.parent.home.path,
  paths.parent.activity.path,
  paths.parent.dashboard.path,
  paths.parent.report.path,
  paths.parent.summary.path,
]);
