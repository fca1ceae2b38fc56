import { defineErrors } from '../../common/errors.js';

/** Report errors (codes are stable; messages in both languages). */
export const REPORTS_ERRORS = defineErrors({
  REPORTS_STUDENT_NOT_FOUND: {
    http: 404,
    message: { en: 'No reports were found for this student.', tn: 'இந்த மாணவருக்கான அறிக்கைகள் எதுவும் கிடைக்கவில்லை.' },
  },
});
