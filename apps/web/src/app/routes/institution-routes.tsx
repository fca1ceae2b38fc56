import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { notAvailableRoutes } from './not-available-route';

/** Institution pages inside the shell (spec 000 §2); "/" leads to /reports. */
export const institutionRoutes: RouteObject[] = notAvailableRoutes([
  paths.institution.reports.path,
  paths.institution.subjectDashboard.path,
  paths.institution.help.path,
  paths.contactUs.path,
]);
