import type { Endpoint } from '../common/route.js';

export const auditEndpoints = {
  list: { method: 'GET', path: '/audit/v1/list' },
} as const satisfies Record<string, Endpoint>;
