import { defineErrors } from '../common/errors.js';

export const PSYCHOMETRICS_ERRORS = defineErrors({
  PSYCHOMETRICS_SCOPE_NOT_FOUND: {
    http: 404,
    message: { en: 'This institute does not exist.', tn: 'இந்த நிறுவனம் இல்லை.' },
  },
});
