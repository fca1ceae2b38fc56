import type { Endpoint } from '../common/route.js';

/** The office calls, method and path only (the player's client loads no schema). */
export const officeEndpoints = {
  runOffice: { method: 'POST', path: '/task/v1/runOffice' },
  getRunDetailsOffice: { method: 'GET', path: '/task/v1/getRunDetailsOffice' },
  copyStartFile: { method: 'POST', path: '/office/v1/copyStartFile' },
  file: { method: 'GET', path: '/office/v1/file' },
  download: { method: 'GET', path: '/office/v1/download' },
  upload: { method: 'POST', path: '/office/v1/upload' },
  solution: { method: 'GET', path: '/office/v1/solution' },
  editorConfig: { method: 'GET', path: '/office/v1/editorConfig' },
  solutionEditorConfig: { method: 'GET', path: '/office/v1/solutionEditorConfig' },
  create: { method: 'POST', path: '/office/v1/create' },
  callback: { method: 'POST', path: '/office/v1/callback' },
  health: { method: 'GET', path: '/office/v1/health' },
  runReport: { method: 'GET', path: '/office/v1/runReport' },
  questionFile: { method: 'POST', path: '/office/v1/questionFile' },
  draftRubric: { method: 'POST', path: '/office/v1/draftRubric' },
  checkQuestion: { method: 'POST', path: '/office/v1/checkQuestion' },
} as const satisfies Record<string, Endpoint>;
