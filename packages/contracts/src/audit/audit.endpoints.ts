import { clientRoutes, type Endpoint } from '../common/route.js';
import type { auditRoutes } from './audit.routes.js';

export const auditEndpoints = {
  list: { method: 'GET', path: '/audit/v1/list' },
} as const satisfies Record<string, Endpoint>;

export const auditClientRoutes = clientRoutes<typeof auditRoutes>(auditEndpoints);
