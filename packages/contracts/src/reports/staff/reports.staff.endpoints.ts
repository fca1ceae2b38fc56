import type { Endpoint } from '../../common/route.js';

/** The staff report calls, method and path only (see `reportsEndpoints`), so that a client calling through them loads no schema. */
export const staffReportsEndpoints = {
  staffDashboard: { method: 'GET', path: '/reports/v1/staffDashboard' },
  matrixOptions: { method: 'GET', path: '/reports/v1/matrixOptions' },
  matrix: { method: 'GET', path: '/reports/v1/matrix' },
  matrixExport: { method: 'GET', path: '/reports/v1/matrixExport' },
  examStatistics: { method: 'GET', path: '/reports/v1/examStatistics' },
  examStatisticsExport: { method: 'GET', path: '/reports/v1/examStatisticsExport' },
  examEquating: { method: 'GET', path: '/reports/v1/examEquating' },
  examEquatingExport: { method: 'GET', path: '/reports/v1/examEquatingExport' },
} as const satisfies Record<string, Endpoint>;
