import { defineErrors } from '../common/errors.js';

export const JOBS_ERRORS = defineErrors({
  JOBS_NOT_FOUND: { http: 404, message: { en: 'This job does not exist.', tn: 'இந்தப் பணி இல்லை.' } },
  JOBS_ALREADY_FINISHED: {
    http: 409,
    message: { en: 'This job has already finished.', tn: 'இந்தப் பணி ஏற்கனவே முடிந்துவிட்டது.' },
  },
});
