import type { Endpoint } from '../common/route.js';

export const centreEndpoints = {
  // Either role.
  serverRole: { method: 'GET', path: '/centre/v1/serverRole' },
  check: { method: 'GET', path: '/centre/v1/check' },
  // Central server: administrators.
  createPairingCode: { method: 'POST', path: '/centre/v1/createPairingCode' },
  list: { method: 'GET', path: '/centre/v1/list' },
  issueInvigilatorCode: { method: 'POST', path: '/centre/v1/issueInvigilatorCode' },
  syncState: { method: 'GET', path: '/centre/v1/syncState' },
  requestResend: { method: 'POST', path: '/centre/v1/requestResend' },
  // Central server: called by centres.
  pair: { method: 'POST', path: '/centre/v1/pair' },
  stage: { method: 'POST', path: '/centre/v1/stage' },
  releaseKey: { method: 'POST', path: '/centre/v1/releaseKey' },
  sync: { method: 'POST', path: '/centre/v1/sync' },
  resendRequests: { method: 'POST', path: '/centre/v1/resendRequests' },
  // Centre server: its own staff.
  localStatus: { method: 'GET', path: '/centre/v1/local/status' },
  localPair: { method: 'POST', path: '/centre/v1/local/pair' },
  localStage: { method: 'POST', path: '/centre/v1/local/stage' },
  localUnlock: { method: 'POST', path: '/centre/v1/local/unlock' },
  localSync: { method: 'POST', path: '/centre/v1/local/sync' },
  localRoom: { method: 'GET', path: '/centre/v1/local/room' },
} as const satisfies Record<string, Endpoint>;
