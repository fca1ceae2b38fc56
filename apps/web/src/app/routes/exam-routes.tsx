import type { RouteObject } from 'react-router';
import { lazyNamed } from '../lazy';
import { RouteErrorBoundary } from '../../components/errors/route-error-boundary';
import { paths } from '../../config/paths';

const TestPlayerPage = lazyNamed(() => import('../pages/test-player-page'), 'TestPlayerPage', ['exam', 'proctoring', 'runner']);
const ReportScreen = lazyNamed(() => import('../../features/reports/components/report-screen'), 'ReportScreen', ['reports']);

/** The feedback report inside the shell. */
export const examShellRoutes: RouteObject[] = [{ path: paths.reports.report.path, element: <ReportScreen /> }];

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
