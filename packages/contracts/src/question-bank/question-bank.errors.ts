import { defineErrors } from '../common/errors.js';

/** Question-bank errors (codes are stable; messages in both languages). */
export const QUESTION_BANK_ERRORS = defineErrors({
  QB_QUESTION_NOT_FOUND: { http: 404, message: { en: 'This question does not exist.', tn: 'இந்தக் கேள்வி இல்லை.' } },
  QB_VERSION_NOT_FOUND: { http: 404, message: { en: 'This version of the question does not exist.', tn: 'கேள்வியின் இந்தப் பதிப்பு இல்லை.' } },
  QB_TOPIC_NOT_FOUND: { http: 400, message: { en: 'One of the topics does not exist.', tn: 'தலைப்புகளில் ஒன்று இல்லை.' } },
  QB_VERSION_CONFLICT: {
    http: 409,
    message: {
      en: 'Someone saved a newer version of this question. Reload it and apply your change again.',
      tn: 'இந்தக் கேள்வியின் புதிய பதிப்பை வேறொருவர் சேமித்துள்ளார். அதை மீண்டும் ஏற்றி உங்கள் மாற்றத்தைச் செய்யவும்.',
    },
  },
  QB_NOT_EDITABLE: {
    http: 403,
    message: {
      en: 'Only a client administrator can change the client’s shared questions.',
      tn: 'வாடிக்கையாளரின் பகிரப்பட்ட கேள்விகளை வாடிக்கையாளர் நிர்வாகி மட்டுமே மாற்ற முடியும்.',
    },
  },
  QB_NO_INSTITUTE: {
    http: 422,
    message: {
      en: 'Your account belongs to no institute, so the question cannot be owned by one.',
      tn: 'உங்கள் கணக்கு எந்த நிறுவனத்தையும் சேர்ந்தது அல்ல; எனவே கேள்வியை ஒரு நிறுவனத்துக்குச் சொந்தமாக்க முடியாது.',
    },
  },
});
