import { defineErrors } from '../common/errors.js';

export const RUNNER_ERRORS = defineErrors({
  RUNNER_UNAVAILABLE: {
    http: 503,
    message: {
      en: 'The code runner is not available right now, so your program was not run. Please try again later.',
      tn: 'நிரல் இயக்கி இப்போது கிடைக்கவில்லை, எனவே உங்கள் நிரல் இயக்கப்படவில்லை. பின்னர் முயற்சிக்கவும்.',
    },
  },
  RUNNER_LANGUAGE_NOT_ALLOWED: {
    http: 400,
    message: { en: 'This language is not allowed for this question.', tn: 'இந்தக் கேள்விக்கு இந்த மொழி அனுமதிக்கப்படவில்லை.' },
  },
  RUNNER_TOO_MANY_PENDING: {
    http: 429,
    message: {
      en: 'Your previous runs are still being checked. Please wait for them to finish.',
      tn: 'உங்கள் முந்தைய இயக்கங்கள் இன்னும் சரிபார்க்கப்படுகின்றன. அவை முடியும் வரை காத்திருக்கவும்.',
    },
  },
  RUNNER_RUN_NOT_FOUND: { http: 404, message: { en: 'This run does not exist.', tn: 'இந்த இயக்கம் இல்லை.' } },
  RUNNER_NO_CASES: {
    http: 422,
    message: { en: 'This question has no test cases yet.', tn: 'இந்தக் கேள்விக்கு இன்னும் சோதனை உள்ளீடுகள் இல்லை.' },
  },
});
