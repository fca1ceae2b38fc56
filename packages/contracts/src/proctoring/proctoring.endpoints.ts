import type { Endpoint } from '../common/route.js';

/** The proctoring calls. Method and path only, like `examEndpoints`, so that a client calling through them loads no schema. */
export const proctoringEndpoints = {
  capturePhoto: { method: 'POST', path: '/task/v1/capturePhoto' },
  listPhotos: { method: 'GET', path: '/task/v1/attemptPhotos' },
  getPhoto: { method: 'GET', path: '/task/v1/attemptPhoto' },
} as const satisfies Record<string, Endpoint>;
