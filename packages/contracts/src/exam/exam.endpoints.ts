import type { Endpoint } from '../common/route.js';

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
  content: { method: 'GET', path: '/exam/v1/content' },
} as const satisfies Record<string, Endpoint>;

/** Staff: the live exam room (watching a running test and acting on one student's attempt). */
export const examSupervisionEndpoints = {
  listSupervisedTests: { method: 'GET', path: '/exam/v1/supervisedTests' },
  liveRoom: { method: 'GET', path: '/exam/v1/liveRoom' },
  extendTime: { method: 'POST', path: '/exam/v1/extendTime' },
  reopenAttempt: { method: 'POST', path: '/exam/v1/reopenAttempt' },
  forceSubmit: { method: 'POST', path: '/exam/v1/forceSubmit' },
} as const satisfies Record<string, Endpoint>;
