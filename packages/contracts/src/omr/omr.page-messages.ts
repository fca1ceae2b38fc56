import type { LocalizedText } from '../common/errors.js';

/** What a person reads in the job's item errors for a page that could not be read. */
export const OMR_PAGE_MESSAGES: Readonly<Record<string, LocalizedText>> = {
  OMR_MARKS_NOT_FOUND: {
    en: 'No answer sheet found: the four corner marks are not visible (an empty page, another form, or cut off).',
    tn: 'விடைத்தாள் கண்டறியப்படவில்லை: நான்கு மூலைக் குறிகளும் தெரியவில்லை (வெற்றுப் பக்கம், வேறு படிவம், அல்லது வெட்டப்பட்டது).',
  },
  OMR_CODE_UNREADABLE: { en: 'The sheet code strip at the top could not be read; scan the page again.', tn: 'மேலே உள்ள விடைத்தாள் குறியீட்டுப் பட்டையைப் படிக்க முடியவில்லை; பக்கத்தை மீண்டும் ஸ்கேன் செய்யவும்.' },
  OMR_LAYOUT_UNKNOWN: { en: 'This sheet was printed in a layout this server does not read; print new sheets.', tn: 'இந்த விடைத்தாள் இந்தச் சேவையகம் படிக்காத வடிவில் அச்சிடப்பட்டது; புதிய விடைத்தாள்களை அச்சிடவும்.' },
  OMR_TEST_UNKNOWN: { en: 'This sheet belongs to another test.', tn: 'இந்த விடைத்தாள் வேறு தேர்வுக்குரியது.' },
  OMR_UPLOAD_NOT_SHEETS: { en: 'This page holds no scanned image.', tn: 'இந்தப் பக்கத்தில் ஸ்கேன் செய்த படம் இல்லை.' },
  OMR_UPLOAD_UNREADABLE: { en: 'This page could not be decoded.', tn: 'இந்தப் பக்கத்தைப் படிக்க முடியவில்லை.' },
};
/** A page that could not be read for a reason of its own. */
export const OMR_PAGE_UNREADABLE: LocalizedText = { en: 'This page could not be read.', tn: 'இந்தப் பக்கத்தைப் படிக்க முடியவில்லை.' };
