import type { LocalizedText } from '../common/errors.js';

/** An upload's refusal, naming this place's limit (`{limit}`) or its allowed kinds (`{allowed}`). */
export const UPLOAD_MESSAGES = {
  tooLarge: { en: 'The file is larger than allowed here (at most {limit}).', tn: 'கோப்பு இங்கு அனுமதிக்கப்பட்டதை விடப் பெரியது (அதிகபட்சம் {limit}).' },
  typeNotAllowed: {
    en: 'This file type is not allowed here; allowed: {allowed}. The file was checked by its content, not its name.',
    tn: 'இந்தக் கோப்பு வகை இங்கு அனுமதிக்கப்படவில்லை; அனுமதிக்கப்பட்டவை: {allowed}. கோப்பு அதன் பெயரால் அல்ல, உள்ளடக்கத்தால் சரிபார்க்கப்பட்டது.',
  },
} satisfies Record<string, LocalizedText>;
