import { clientRoutes, type Endpoint } from '../common/route.js';
import type { examRoutes } from './exam.routes.js';

/**
 * The method and path of each exam call (spec 001 §7), without schemas: `examRoutes` adds the
 * access rule and the schemas; the web player calls through `examClientRoutes`, so the validation
 * library stays out of the player's first JavaScript.
 */
export const examEndpoints = {
  isAnyActiveTestSession: { method: 'GET', path: '/task/v1/isAnyActiveTestSession' },
  checkSession: { method: 'POST', path: '/task/v1/checkSession' },
  getSessionDetails: { method: 'POST', path: '/task/v1/getSessionDetails' },
  practise: { method: 'POST', path: '/task/v1/practise' },
  saveSessionDetails: { method: 'POST', path: '/task/v1/saveSessionDetails' },
  completeSection: { method: 'POST', path: '/task/v1/completeSection' },
  instruction: { method: 'POST', path: '/task/v1/instruction' },
  saveAnswer: { method: 'POST', path: '/task/v1/saveAnswer' },
  submitTest: { method: 'POST', path: '/task/v1/submitTest' },
  revealAnswer: { method: 'POST', path: '/task/v1/revealAnswer' },
  reportQuestion: { method: 'POST', path: '/task/v1/reportQuestion' },
} as const satisfies Record<string, Endpoint>;

/** The exam calls for the web client: typed as `examRoutes`, holding only method and path. */
export const examClientRoutes = clientRoutes<typeof examRoutes>(examEndpoints);
