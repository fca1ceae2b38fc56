import { defineErrors } from '../../common/errors.js';

export const ACADEMY_ERRORS = defineErrors({
  ACADEMY_RESOURCE_IN_USE: {
    http: 409,
    message: {
      en: 'This file is used by a lesson or a question. Remove it there first.',
      tn: 'இந்தக் கோப்பு ஒரு பாடத்தில் அல்லது கேள்வியில் பயன்படுத்தப்படுகிறது. முதலில் அங்கிருந்து நீக்கவும்.',
    },
  },
  ACADEMY_PACKAGE_UNREADABLE: {
    http: 400,
    message: {
      en: 'This is not a course package: a .zip file with a manifest.json is expected.',
      tn: 'இது பாடநெறித் தொகுப்பு அல்ல: manifest.json உள்ள .zip கோப்பு தேவை.',
    },
  },
  ACADEMY_PACKAGE_INVALID: {
    http: 422,
    message: {
      en: 'The course package has errors; nothing was created. See the list of errors.',
      tn: 'பாடநெறித் தொகுப்பில் பிழைகள் உள்ளன; எதுவும் உருவாக்கப்படவில்லை. பிழைப் பட்டியலைப் பார்க்கவும்.',
    },
  },
});
