import type { Endpoint } from '../common/route.js';

/** The marking calls. Method and path only, like `examEndpoints`, so that a client calling through them loads no schema. */
export const gradingEndpoints = {
  listPendingEvaluations: { method: 'GET', path: '/task/v1/pendingEvaluations' },
  markAnswer: { method: 'POST', path: '/task/v1/markAnswer' },
  revealCandidate: { method: 'POST', path: '/grading/v1/revealCandidate' },
} as const satisfies Record<string, Endpoint>;
