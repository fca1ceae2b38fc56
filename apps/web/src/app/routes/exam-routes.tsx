import type { RouteObject } from 'react-router';
import { lazyNamed } from '../lazy';

const TestPlayerPage = lazyNamed(() => import('../pages/test-player-page'), 'TestPlayerPage', ['exam', 'proctoring', 'runner']);
const ReportScreen = lazyNamed(() => import('../../features/reports/components/report-screen'), 'ReportScreen', ['reports']);

/** The feedback report inside the shell. */
export const examShellRoutes: RouteObject[] = [{ path: 'report', element: <ReportScreen /> }];

/** The player takes the whole screen (no shell). */
export const examFullScreenRoutes: RouteObject[] = [{ path: '/test/:type/:courseID/:taskID', element: <TestPlayerPage /> }];
