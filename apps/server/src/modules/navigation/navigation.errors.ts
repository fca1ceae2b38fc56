import { defineErrors } from '@app/contracts';

export const NAVIGATION_ERRORS = defineErrors({
  NAVIGATION_SESSION_NOT_YOURS: { http: 404, message: 'userSessionMismatch' },
});
