import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { ParentActivity, ParentDashboard, ParentHome, ParentReport, ParentSummaryReport } from '../../features/reports/family/pages';

/** Parent pages inside the shell (spec 000 §2 menus); "/" leads to /parent/home. */
export const parentRoutes: RouteObject[] = [
  { path: paths.parent.home.path, element: <ParentHome /> },
  { path: paths.parent.dashboard.path, element: <ParentDashboard /> },
  { path: paths.parent.report.path, element: <ParentReport /> },
  { path: paths.parent.activity.path, element: <ParentActivity /> },
  { path: paths.parent.summary.path, element: <ParentSummaryReport /> },
];
