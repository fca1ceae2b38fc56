import type { Endpoint } from '../../common/route.js';

/** The family and institution report calls (method and path only, see reports.endpoints.ts). */
export const familyReportsEndpoints = {
  institution: { method: 'GET', path: '/reports/v1/institution' },
  studentCourseDashboard: { method: 'GET', path: '/reports/v1/studentCourseDashboard' },
  summary: { method: 'GET', path: '/reports/v1/summary' },
  effort: { method: 'GET', path: '/reports/v1/effort' },
  digestSettings: { method: 'GET', path: '/reports/v1/digestSettings' },
  saveDigestSettings: { method: 'PUT', path: '/reports/v1/digestSettings' },
  digestUnsubscribe: { method: 'POST', path: '/reports/v1/digestUnsubscribe' },
  metabase: { method: 'GET', path: '/reports/v1/metabase' },
} as const satisfies Record<string, Endpoint>;
