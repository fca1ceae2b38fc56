import type { RouteObject } from 'react-router';
import { lazyNamed } from '../lazy';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { paths } from '../../config/paths';

const TestPlayerPage = lazyNamed(() => import('../pages/test-player-page'), 'TestPlayerPage', ['exam', 'proctoring', 'runner']);
const ReportPage = lazyNamed(() => import('../pages/report-page'), 'ReportPage', ['reports', 'challenges']);
const OverallDashboard = lazyNamed(() => import('../../features/reports/student/components/overall-dashboard'), 'OverallDashboard', ['reports']);
const NeetReport = lazyNamed(() => import('../../features/reports/student/components/neet-report'), 'NeetReport', ['reports']);
const EisDashboard = lazyNamed(() => import('../../features/reports/family/components/effort-dashboard'), 'EisDashboard', ['reports', 'familyReports']);
const SubjectDashboard = lazyNamed(() => import('../../features/reports/student/components/subject-dashboard'), 'SubjectDashboard', ['reports']);

/** The feedback report and the student's analytics inside the shell. */
export const examShellRoutes: RouteObject[] = [
  { path: paths.reports.report.path, element: <ReportPage /> },
  { path: paths.reports.overallDashboard.path, element: <OverallDashboard /> },
  { path: paths.reports.subjectDashboard.path, element: <SubjectDashboard /> },
  { path: paths.reports.neetReport.path, element: <NeetReport /> },
  { path: paths.reports.eisDashboard.path, element: <EisDashboard /> },
];

/** The player takes the whole screen (no shell). */
export const examFullScreenRoutes: RouteObject[] = [
  {
    path: paths.exam.player.path,
    element: (
      <RouteErrorBoundary>
        <TestPlayerPage />
      </RouteErrorBoundary>
    ),
  },
];
