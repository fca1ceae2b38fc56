import { defineErrors } from '../../common/errors.js';

/** Staff report errors: a class or test out of the caller's reach is not found. */
export const STAFF_REPORTS_ERRORS = defineErrors({
  REPORTS_CLASS_NOT_FOUND: {
    http: 404,
    message: { en: 'No class with this id was found among your classes.', tn: 'உங்கள் வகுப்புகளில் இந்த அடையாள எண் கொண்ட வகுப்பு எதுவும் கிடைக்கவில்லை.' },
  },
  REPORTS_TEST_NOT_FOUND: {
    http: 404,
    message: { en: 'No results of this test were found for your students.', tn: 'உங்கள் மாணவர்களுக்கு இந்தத் தேர்வின் முடிவுகள் எதுவும் கிடைக்கவில்லை.' },
  },
});
