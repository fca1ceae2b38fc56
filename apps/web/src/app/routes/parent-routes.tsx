import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { lazyNamed } from '../lazy';

const ParentHome = lazyNamed(() => import('../../features/reports/family/components/parent-pages'), 'ParentHome', ['reports', 'familyReports']);
const ParentDashboard = lazyNamed(() => import('../../features/reports/family/components/parent-pages'), 'ParentDashboard', ['reports']);
const ParentActivity = lazyNamed(() => import('../../features/reports/family/components/parent-pages'), 'ParentActivity', ['reports', 'familyReports']);
const ParentSummaryReport = lazyNamed(() => import('../../features/reports/family/components/summary-report'), 'ParentSummaryReport', ['reports', 'familyReports']);
const ParentReport = lazyNamed(() => import('../../features/reports/family/components/parent-pages'), 'ParentReport', ['reports']);

/** Parent pages inside the shell (spec 000 §2 menus); "/" leads to /parent/home. */
export const parentRoutes: RouteObject[] = [
  { path: paths.parent.home.path, element: <ParentHome /> },
  { path: paths.parent.dashboard.path, element: <ParentDashboard /> },
  { path: paths.parent.report.path, element: <ParentReport /> },
  { path: paths.parent.activity.path, element: <ParentActivity /> },
  { path: paths.parent.summary.path, element: <ParentSummaryReport /> },
];
