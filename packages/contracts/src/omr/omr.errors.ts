import { defineErrors } from '../common/errors.js';

/** Answer sheets: printing and reading them (codes are stable; messages in both languages). */
export const OMR_ERRORS = defineErrors({
  OMR_TEST_NOT_FOUND: { http: 404, message: { en: 'This test does not exist.', tn: 'இந்தத் தேர்வு இல்லை.' } },
  OMR_CLASS_NOT_FOUND: { http: 404, message: { en: 'This class does not exist.', tn: 'இந்த வகுப்பு இல்லை.' } },
  OMR_TOO_MANY_QUESTIONS: {
    http: 422,
    message: {
      en: 'An answer sheet holds 1 to 200 questions; this test has a different number.',
      tn: 'ஒரு விடைத்தாளில் 1 முதல் 200 கேள்விகள் மட்டுமே; இந்தத் தேர்வில் வேறு எண்ணிக்கை உள்ளது.',
    },
  },
  OMR_NOT_PRACTICE: {
    http: 422,
    message: { en: 'You can print a sheet yourself only for a practice test.', tn: 'பயிற்சித் தேர்வுக்கு மட்டுமே நீங்களே விடைத்தாளை அச்சிடலாம்.' },
  },
  OMR_FILE_REQUIRED: { http: 400, message: { en: 'Choose a PDF or image file of the scanned sheets.', tn: 'ஸ்கேன் செய்த விடைத்தாள்களின் PDF அல்லது படக் கோப்பைத் தேர்ந்தெடுக்கவும்.' } },
  OMR_UPLOAD_EMPTY: { http: 400, message: { en: 'The file is empty.', tn: 'கோப்பு காலியாக உள்ளது.' } },
  OMR_UPLOAD_TOO_LARGE: { http: 413, message: { en: 'The file is larger than 50 MB. Upload the sheets in smaller batches.', tn: 'கோப்பு 50 MB-ஐ விடப் பெரியது. விடைத்தாள்களைச் சிறிய தொகுப்புகளாகப் பதிவேற்றவும்.' } },
  OMR_UPLOAD_NOT_SHEETS: { http: 400, message: { en: 'This is not a PDF or an image (JPEG, PNG, TIFF, WebP).', tn: 'இது PDF அல்லது படம் (JPEG, PNG, TIFF, WebP) அல்ல.' } },
  OMR_UPLOAD_TOO_MANY_PAGES: { http: 400, message: { en: 'The file has more than 400 pages. Upload the sheets in smaller batches.', tn: 'கோப்பில் 400-க்கும் மேற்பட்ட பக்கங்கள் உள்ளன. சிறிய தொகுப்புகளாகப் பதிவேற்றவும்.' } },
  OMR_UPLOAD_UNREADABLE: { http: 400, message: { en: 'The file could not be read. Scan the sheets again as PDF or JPEG.', tn: 'கோப்பைப் படிக்க முடியவில்லை. விடைத்தாள்களை மீண்டும் PDF அல்லது JPEG ஆக ஸ்கேன் செய்யவும்.' } },
  OMR_SHEET_NOT_FOUND: { http: 404, message: { en: 'This answer sheet does not exist.', tn: 'இந்த விடைத்தாள் இல்லை.' } },
  OMR_STUDENT_NOT_FOUND: { http: 404, message: { en: 'This student does not exist.', tn: 'இந்த மாணவர் இல்லை.' } },
  OMR_QUESTION_OUT_OF_RANGE: { http: 400, message: { en: 'This sheet has no such question.', tn: 'இந்த விடைத்தாளில் அந்தக் கேள்வி இல்லை.' } },
  OMR_SHEET_HELD: { http: 409, message: { en: 'Assign this sheet to a student first.', tn: 'முதலில் இந்த விடைத்தாளை ஒரு மாணவருக்கு ஒதுக்கவும்.' } },
  OMR_SHEET_PUBLISHED: {
    http: 409,
    message: { en: 'This sheet’s result is published for its student; it cannot move to another student.', tn: 'இந்த விடைத்தாளின் முடிவு அதன் மாணவருக்கு வெளியிடப்பட்டுவிட்டது; வேறு மாணவருக்கு மாற்ற முடியாது.' },
  },
  OMR_ALREADY_SUBMITTED: { http: 409, message: { en: 'This sheet has already been submitted.', tn: 'இந்த விடைத்தாள் ஏற்கெனவே சமர்ப்பிக்கப்பட்டது.' } },
  OMR_ONE_SHEET: { http: 400, message: { en: 'Upload one answer sheet: a single photo or a one-page PDF.', tn: 'ஒரு விடைத்தாளைப் பதிவேற்றவும்: ஒரு புகைப்படம் அல்லது ஒரு பக்க PDF.' } },
  OMR_MARKS_NOT_FOUND: {
    http: 422,
    message: {
      en: 'No answer sheet found: the four corner marks are not visible (an empty page, another form, or cut off).',
      tn: 'விடைத்தாள் கண்டறியப்படவில்லை: நான்கு மூலைக் குறிகளும் தெரியவில்லை (வெற்றுப் பக்கம், வேறு படிவம், அல்லது வெட்டப்பட்டது).',
    },
  },
  OMR_CODE_UNREADABLE: { http: 422, message: { en: 'The sheet code strip at the top could not be read; scan the page again.', tn: 'மேலே உள்ள விடைத்தாள் குறியீட்டுப் பட்டையைப் படிக்க முடியவில்லை; பக்கத்தை மீண்டும் ஸ்கேன் செய்யவும்.' } },
  OMR_LAYOUT_UNKNOWN: { http: 422, message: { en: 'This sheet was printed in a layout this server does not read; print new sheets.', tn: 'இந்த விடைத்தாள் இந்தச் சேவையகம் படிக்காத வடிவில் அச்சிடப்பட்டது; புதிய விடைத்தாள்களை அச்சிடவும்.' } },
  OMR_TEST_UNKNOWN: { http: 422, message: { en: 'This sheet belongs to another test.', tn: 'இந்த விடைத்தாள் வேறு தேர்வுக்குரியது.' } },
});
