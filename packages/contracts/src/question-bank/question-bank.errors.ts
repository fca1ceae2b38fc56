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
  QB_IMPORT_UNREADABLE: {
    http: 400,
    message: {
      en: 'The file could not be read as Moodle XML, GIFT, Aiken, CSV or XLSX.',
      tn: 'கோப்பை Moodle XML, GIFT, Aiken, CSV அல்லது XLSX ஆகப் படிக்க முடியவில்லை.',
    },
  },
  QB_IMPORT_NOT_WORKBOOK: {
    http: 400,
    message: { en: 'The file is not an Excel workbook (.xlsx). Save it as .xlsx or CSV and upload it again.', tn: 'கோப்பு Excel பணிப்புத்தகம் (.xlsx) அல்ல. அதை .xlsx அல்லது CSV ஆகச் சேமித்து மீண்டும் பதிவேற்றவும்.' },
  },
  QB_IMPORT_UNPACKS_TOO_LARGE: {
    http: 400,
    message: {
      en: 'The workbook unpacks to more than 120 MB, or is compressed far more than a real spreadsheet, so it was not opened.',
      tn: 'பணிப்புத்தகம் விரிக்கும்போது 120 MB-க்கு மேல் ஆகிறது, அல்லது உண்மையான விரிதாளை விட மிக அதிகமாகச் சுருக்கப்பட்டுள்ளது; எனவே அது திறக்கப்படவில்லை.',
    },
  },
  QB_IMPORT_TOO_MANY_CELLS: {
    http: 400,
    message: {
      en: 'The workbook has more than 200,000 cells. Keep only the question rows and columns, or split it into smaller files.',
      tn: 'பணிப்புத்தகத்தில் 2,00,000-க்கும் அதிகமான கலங்கள் உள்ளன. கேள்வி வரிசைகளையும் நெடுவரிசைகளையும் மட்டும் வைத்திருக்கவும், அல்லது சிறிய கோப்புகளாகப் பிரிக்கவும்.',
    },
  },
  QB_IMPORT_TOO_COMPLEX: {
    http: 400,
    message: {
      en: 'The file took too long or too much memory to read. Split it into smaller files.',
      tn: 'கோப்பைப் படிக்க அதிக நேரம் அல்லது அதிக நினைவகம் தேவைப்பட்டது. அதைச் சிறிய கோப்புகளாகப் பிரிக்கவும்.',
    },
  },
  QB_IMPORT_FILE_REQUIRED: { http: 400, message: { en: 'Attach the file to import.', tn: 'இறக்குமதி செய்ய வேண்டிய கோப்பை இணைக்கவும்.' } },
  QB_IMPORT_COURSE_NOT_FOUND: {
    http: 404,
    message: { en: 'No course you manage has this id, so no topics can be filed in it.', tn: 'நீங்கள் நிர்வகிக்கும் எந்தப் பாடநெறிக்கும் இந்த அடையாளம் இல்லை; எனவே அதில் தலைப்புகளைச் சேர்க்க முடியாது.' },
  },
  QB_IMPORT_NOTHING_VALID: {
    http: 422,
    message: { en: 'No question in the file is valid, so nothing can be imported. Preview the file to see why.', tn: 'கோப்பில் சரியான கேள்வி எதுவும் இல்லை; எனவே எதையும் இறக்குமதி செய்ய முடியாது. காரணங்களைக் காண கோப்பை முன்னோட்டமிடவும்.' },
  },
  QB_IMPORT_EMPTY: { http: 400, message: { en: 'The file holds no questions.', tn: 'கோப்பில் கேள்விகள் எதுவும் இல்லை.' } },
  QB_IMPORT_TOO_MANY: {
    http: 413,
    message: { en: 'The file holds too many questions; split it into smaller files.', tn: 'கோப்பில் அதிகமான கேள்விகள் உள்ளன; சிறிய கோப்புகளாகப் பிரிக்கவும்.' },
  },
  QB_IMPORT_INVALID: {
    http: 422,
    message: {
      en: 'Some questions in the file have errors, so nothing was imported. Preview the file to see them.',
      tn: 'கோப்பிலுள்ள சில கேள்விகளில் பிழைகள் உள்ளன; எனவே எதுவும் இறக்குமதி செய்யப்படவில்லை. அவற்றைக் காண கோப்பை முன்னோட்டமிடவும்.',
    },
  },
  QB_EXPORT_EMPTY: { http: 404, message: { en: 'No question matches the selection.', tn: 'தேர்வுக்குப் பொருந்தும் கேள்வி எதுவும் இல்லை.' } },
  QB_EXPORT_TOO_MANY: {
    http: 413,
    message: { en: 'Too many questions for one export; narrow the selection.', tn: 'ஒரே ஏற்றுமதிக்கு அதிகமான கேள்விகள்; தேர்வைக் குறைக்கவும்.' },
  },
});
