import { defineErrors } from '../common/errors.js';

export const FILES_ERRORS = defineErrors({
  FILES_EMPTY: {
    http: 400,
    message: { en: 'The file is empty.', tn: 'கோப்பு காலியாக உள்ளது.' },
  },
  FILES_TYPE_NOT_ALLOWED: {
    http: 400,
    message: {
      en: 'This file type is not allowed here. The file was checked by its content, not its name.',
      tn: 'இந்தக் கோப்பு வகை இங்கு அனுமதிக்கப்படவில்லை. கோப்பு அதன் பெயரால் அல்ல, உள்ளடக்கத்தால் சரிபார்க்கப்பட்டது.',
    },
  },
  FILES_TOO_LARGE: {
    http: 413,
    message: { en: 'The file is larger than allowed here.', tn: 'கோப்பு இங்கு அனுமதிக்கப்பட்டதை விடப் பெரியது.' },
  },
  FILES_KEY_INVALID: {
    http: 400,
    message: { en: 'This file name is not valid.', tn: 'இந்தக் கோப்புப் பெயர் செல்லாது.' },
  },
  FILES_NOT_FOUND: {
    http: 404,
    message: { en: 'This file does not exist.', tn: 'இந்தக் கோப்பு இல்லை.' },
  },
  FILES_LINK_INVALID: {
    http: 403,
    message: { en: 'This file link is not valid.', tn: 'இந்தக் கோப்பு இணைப்பு செல்லாது.' },
  },
  FILES_LINK_EXPIRED: {
    http: 403,
    message: {
      en: 'This file link has expired. Please open the file again from its page.',
      tn: 'இந்தக் கோப்பு இணைப்பு காலாவதியானது. கோப்பை அதன் பக்கத்திலிருந்து மீண்டும் திறக்கவும்.',
    },
  },
});
