import type { Endpoint } from '../common/route.js';

export const supportEndpoints = {
  create: { method: 'POST', path: '/support/v1/create' },
  listMine: { method: 'GET', path: '/support/v1/mine' },
  listInbox: { method: 'GET', path: '/support/v1/inbox' },
  update: { method: 'POST', path: '/support/v1/update' },
} as const satisfies Record<string, Endpoint>;
