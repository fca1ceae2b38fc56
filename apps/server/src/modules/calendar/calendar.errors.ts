import { defineErrors } from '@app/contracts';

export const CALENDAR_ERRORS = defineErrors({
  CALENDAR_EVENT_NOT_FOUND: { http: 404, message: 'itemNotFound' },
  CALENDAR_END_BEFORE_START: { http: 400, message: 'eventEndBeforeStart' },
});
