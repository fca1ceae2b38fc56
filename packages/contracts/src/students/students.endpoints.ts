import type { Endpoint } from '../common/route.js';

/** The students calls, method and path only (see gradingEndpoints). */
export const studentsEndpoints = {
  list: { method: 'GET', path: '/students/v1/list' },
  get: { method: 'GET', path: '/students/v1/get' },
  create: { method: 'POST', path: '/students/v1/create' },
  update: { method: 'POST', path: '/students/v1/update' },
  setActive: { method: 'POST', path: '/students/v1/setActive' },
  linkParent: { method: 'POST', path: '/students/v1/linkParent' },
  unlinkParent: { method: 'POST', path: '/students/v1/unlinkParent' },
  resetPassword: { method: 'POST', path: '/students/v1/resetPassword' },
  sendWelcomeLinks: { method: 'POST', path: '/students/v1/sendWelcomeLinks' },
  previewCsv: { method: 'POST', path: '/students/v1/previewCSV' },
  uploadCsv: { method: 'POST', path: '/teacher/v1/uploadCSV' },
  setPassword: { method: 'POST', path: '/students/v1/setPassword' },
  changePassword: { method: 'POST', path: '/user/v1/changePassword' },
} as const satisfies Record<string, Endpoint>;
