import { defineErrors } from '../../common/errors.js';

/** Errors of the family and institution reports (codes are stable; messages in both languages). */
export const FAMILY_REPORTS_ERRORS = defineErrors({
  REPORTS_DIGEST_LINK_NOT_FOUND: {
    http: 404,
    message: { en: 'This unsubscribe link is not valid.', tn: 'இந்த விலகல் இணைப்பு செல்லாது.' },
  },
});
