import type { RouteObject } from 'react-router';
import { ReportPage, TestPlayerPage } from '../pages/pages';
import { EisDashboard } from '../../features/reports/family/pages';
import { NeetReport, OverallDashboard, SubjectDashboard } from '../../features/reports/student/pages';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { paths } from '../../config/paths';

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
