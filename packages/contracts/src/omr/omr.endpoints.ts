import type { Endpoint } from '../common/route.js';

/** The answer-sheet calls, method and path only. */
export const omrEndpoints = {
  sheets: { method: 'GET', path: '/omr/v1/sheets' },
  practiceSheet: { method: 'GET', path: '/omr/v1/practiceSheet' },
  upload: { method: 'POST', path: '/omr/v1/upload' },
  review: { method: 'GET', path: '/omr/v1/review' },
  sheet: { method: 'GET', path: '/omr/v1/sheet' },
  correct: { method: 'POST', path: '/omr/v1/correct' },
  candidates: { method: 'GET', path: '/omr/v1/candidates' },
  assign: { method: 'POST', path: '/omr/v1/assign' },
  publish: { method: 'POST', path: '/omr/v1/publish' },
  myTests: { method: 'GET', path: '/omr/v1/myTests' },
  myUpload: { method: 'POST', path: '/omr/v1/myUpload' },
  mySubmit: { method: 'POST', path: '/omr/v1/mySubmit' },
} as const satisfies Record<string, Endpoint>;
