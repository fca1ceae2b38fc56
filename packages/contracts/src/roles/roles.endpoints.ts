import type { Endpoint } from '../common/route.js';

/** The Role Configuration calls, method and path only (see `gradingEndpoints`). */
export const rolesEndpoints = {
  getConfig: { method: 'GET', path: '/roles/v1/config' },
  saveConfig: { method: 'POST', path: '/roles/v1/saveConfig' },
  listStaff: { method: 'GET', path: '/roles/v1/staff' },
  assignClasses: { method: 'POST', path: '/roles/v1/assignClasses' },
} as const satisfies Record<string, Endpoint>;
