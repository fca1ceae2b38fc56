import { defineErrors } from '../common/errors.js';

export const ADAPTIVE_ERRORS = defineErrors({
  ADAPTIVE_SESSION_NOT_FOUND: {
    http: 404,
    message: { en: 'This adaptive test does not exist.', tn: 'இந்தத் தகவமைப்புத் தேர்வு இல்லை.' },
  },
  ADAPTIVE_SUBJECT_NOT_FOUND: {
    http: 404,
    message: { en: 'This subject does not exist.', tn: 'இந்தப் பாடம் இல்லை.' },
  },
  ADAPTIVE_TOO_FEW_ITEMS: {
    http: 422,
    message: { en: 'There are not enough questions for an adaptive test here yet.', tn: 'இங்கு தகவமைப்புத் தேர்வுக்குப் போதுமான கேள்விகள் இன்னும் இல்லை.' },
  },
  ADAPTIVE_ITEM_NOT_CURRENT: {
    http: 409,
    message: { en: 'This question was already answered. The test has moved on.', tn: 'இந்தக் கேள்விக்கு ஏற்கெனவே பதில் அளிக்கப்பட்டது. தேர்வு அடுத்த கேள்விக்குச் சென்றுவிட்டது.' },
  },
  ADAPTIVE_OPTION_NOT_FOUND: {
    http: 400,
    message: { en: 'Choose one of the options.', tn: 'விருப்பங்களில் ஒன்றைத் தேர்ந்தெடுக்கவும்.' },
  },
});
