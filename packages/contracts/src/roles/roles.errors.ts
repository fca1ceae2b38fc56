import { defineErrors } from '../common/errors.js';

/** Role Configuration errors (codes are stable; messages in both languages). */
export const ROLES_ERRORS = defineErrors({
  ROLES_LOCKOUT: {
    http: 409,
    message: {
      en: 'This change would leave nobody able to configure roles. Keep Role Configuration for a role that has at least one active account.',
      tn: 'இந்த மாற்றத்தால் பங்குகளை அமைக்க யாரும் இல்லாமல் போவார்கள். குறைந்தது ஒரு செயலில் உள்ள கணக்கு கொண்ட ஒரு பங்குக்கு பங்கு அமைப்பை வைத்திருக்கவும்.',
    },
  },
  ROLES_STAFF_NOT_FOUND: { http: 404, message: { en: 'This staff member does not exist.', tn: 'இந்தப் பணியாளர் இல்லை.' } },
  ROLES_CLASS_NOT_IN_INSTITUTE: {
    http: 400,
    message: {
      en: 'Choose classes and sections of the staff member’s own institute.',
      tn: 'பணியாளரின் சொந்த நிறுவனத்தின் வகுப்புகளையும் பிரிவுகளையும் தேர்ந்தெடுக்கவும்.',
    },
  },
});
