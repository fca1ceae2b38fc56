import { defineErrors } from '../common/errors.js';

export const SUPPORT_ERRORS = defineErrors({
  SUPPORT_MESSAGE_NOT_FOUND: { http: 404, message: { en: 'This message does not exist.', tn: 'இந்தச் செய்தி இல்லை.' } },
});
