import { defineErrors } from '../common/errors.js';

/** Signing in, one-time codes, password resets and account links (codes are stable). */
export const AUTH_ERRORS = defineErrors({
  AUTH_INVALID_CREDENTIALS: { http: 401, message: 'invalidUserOrPassword' },
  AUTH_ACCOUNT_DISABLED: {
    http: 403,
    message: { en: 'This account is disabled. Please contact your institution.', tn: 'இந்தக் கணக்கு முடக்கப்பட்டுள்ளது. உங்கள் நிறுவனத்தைத் தொடர்பு கொள்ளவும்.' },
  },
  AUTH_TOO_MANY_ATTEMPTS: { http: 429, message: 'rateLimited' },
  AUTH_OTP_INVALID: { http: 400, message: 'otpInvalid' },
  AUTH_OTP_TOO_MANY_ATTEMPTS: { http: 429, message: 'otpTooManyAttempts' },
  AUTH_OTP_TOO_MANY_SENT: { http: 429, message: 'otpTooMany' },
  AUTH_RESET_SECRET_INVALID: { http: 400, message: 'resetSecretInvalid' },
  AUTH_LOGIN_LINK_INVALID: { http: 401, message: 'loginLinkInvalid' },
  AUTH_PARENT_LOGIN_FAILED: { http: 401, message: 'parentLoginFailed' },
  AUTH_EMAIL_TAKEN: { http: 409, message: 'emailTaken' },
  AUTH_MOBILE_TAKEN: { http: 409, message: 'mobileTaken' },
  AUTH_DOB_NOT_PAST: { http: 400, message: 'dobNotPast' },
  AUTH_LINK_TARGET_FORBIDDEN: { http: 403, message: 'forbidden' },
  AUTH_COURSE_INVALID: { http: 400, message: 'courseInvalid' },
});
