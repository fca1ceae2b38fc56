import { defineErrors } from '../../common/errors.js';

/** Test configuration errors (staff, /testconfig). */
export const TEST_CONFIG_ERRORS = defineErrors({
  TC_TEST_NOT_FOUND: { http: 404, message: { en: 'This test does not exist.', tn: 'இந்தத் தேர்வு இல்லை.' } },
  TC_NOT_EDITABLE: {
    http: 403,
    message: {
      en: 'Only a client administrator can change the client’s shared tests.',
      tn: 'வாடிக்கையாளரின் பகிரப்பட்ட தேர்வுகளை வாடிக்கையாளர் நிர்வாகி மட்டுமே மாற்ற முடியும்.',
    },
  },
  TC_HAS_ATTEMPTS: {
    http: 409,
    message: {
      en: 'Students have already taken this test, so its questions, marks, timing and type can no longer change. Make a copy as a new test instead.',
      tn: 'மாணவர்கள் ஏற்கனவே இந்தத் தேர்வை எழுதியுள்ளனர்; அதன் கேள்விகள், மதிப்பெண்கள், நேரம் மற்றும் வகையை இனி மாற்ற முடியாது. பதிலாகப் புதிய தேர்வாக நகலெடுக்கவும்.',
    },
  },
  TC_NOT_PUBLISHABLE: {
    http: 422,
    message: { en: 'This test cannot be published yet.', tn: 'இந்தத் தேர்வை இன்னும் வெளியிட முடியாது.' },
  },
  TC_STALE: {
    http: 409,
    message: {
      en: 'Someone changed this test meanwhile. Reload it and make your change again.',
      tn: 'இதற்கிடையில் யாரோ இந்தத் தேர்வை மாற்றியுள்ளனர். மீண்டும் ஏற்றி உங்கள் மாற்றத்தைச் செய்யவும்.',
    },
  },
  TC_QUESTION_NOT_FOUND: {
    http: 400,
    message: { en: 'One of the questions does not exist in your question bank.', tn: 'கேள்விகளில் ஒன்று உங்கள் கேள்வி வங்கியில் இல்லை.' },
  },
  TC_DUPLICATE_QUESTION: {
    http: 400,
    message: { en: 'A question can be placed in a test only once.', tn: 'ஒரு கேள்வியை ஒரு தேர்வில் ஒருமுறை மட்டுமே வைக்க முடியும்.' },
  },
  TC_SECTION_NOT_FOUND: { http: 400, message: { en: 'One of the sections does not belong to this test.', tn: 'பிரிவுகளில் ஒன்று இந்தத் தேர்வைச் சேர்ந்தது அல்ல.' } },
  TC_COURSE_NOT_FOUND: { http: 400, message: { en: 'Choose a course and one of its topics.', tn: 'ஒரு பாடநெறியையும் அதன் தலைப்புகளில் ஒன்றையும் தேர்ந்தெடுக்கவும்.' } },
  TC_DRAW_SHORT: {
    http: 409,
    message: {
      en: 'The question bank no longer has enough questions for a random section of this test. Ask your teacher.',
      tn: 'இந்தத் தேர்வின் சீரற்ற பிரிவுக்குக் கேள்வி வங்கியில் போதுமான கேள்விகள் இல்லை. உங்கள் ஆசிரியரிடம் கேளுங்கள்.',
    },
  },
});
