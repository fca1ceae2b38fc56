import { defineErrors } from '@app/contracts';

export const AUTH_ERRORS = defineErrors({
  AUTH_INVALID_CREDENTIALS: { http: 401, message: 'invalidUserOrPassword' },
  AUTH_ACCOUNT_DISABLED: {
    http: 403,
    message: { en: 'This account is disabled. Please contact your institution.', tn: 'இந்தக் கணக்கு முடக்கப்பட்டுள்ளது. உங்கள் நிறுவனத்தைத் தொடர்பு கொள்ளவும்.' },
  },
});
