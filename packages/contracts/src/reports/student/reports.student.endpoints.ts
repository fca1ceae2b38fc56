import type { Endpoint } from '../../common/route.js';

/** The report calls. Method and path only, like `examEndpoints`, so that a client calling through them loads no schema. */
export const reportsEndpoints = {
  report: { method: 'POST', path: '/task/v1/report' },
  feedbackReport: { method: 'GET', path: '/task/v1/feedbackReport' },
  studentDashboard: { method: 'GET', path: '/reports/v1/dashboard' },
  parentHome: { method: 'GET', path: '/reports/v1/children' },
  activity: { method: 'GET', path: '/reports/v1/activity' },
} as const satisfies Record<string, Endpoint>;
