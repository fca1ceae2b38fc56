import type { LocalizedText } from '../common/errors.js';
import type { KeyDecision } from './challenges.schemas.js';

/** The mail that tells a challenger what was decided on a question's key. */
export const CHALLENGES_MAIL_TEXTS = {
  subject: { en: 'Your challenge: {test}, question {number}', tn: 'உங்கள் ஆட்சேபனை: {test}, கேள்வி {number}' },
  decided: {
    en: 'Your challenge of question {number} of {test} was decided: {decision}.',
    tn: '{test} தேர்வின் கேள்வி {number} குறித்த உங்கள் ஆட்சேபனைக்கு முடிவு: {decision}.',
  },
  note: { en: "The teacher's note: {note}", tn: 'ஆசிரியரின் குறிப்பு: {note}' },
} satisfies Record<string, LocalizedText>;

/** Each decision as the mail words it. */
export const KEY_DECISION_TEXTS: Record<KeyDecision, LocalizedText> = {
  keep: { en: 'the key stays as it was', tn: 'விடை மாற்றமின்றி அப்படியே இருக்கும்' },
  change: { en: 'the key was changed and every attempt re-scored', tn: 'விடை மாற்றப்பட்டு அனைத்து முயற்சிகளும் மறுமதிப்பீடு செய்யப்பட்டன' },
  acceptSeveral: { en: 'several answers are now accepted and every attempt re-scored', tn: 'பல விடைகள் ஏற்கப்பட்டு அனைத்து முயற்சிகளும் மறுமதிப்பீடு செய்யப்பட்டன' },
  bonus: { en: 'everyone gets the full marks of this question', tn: 'இந்தக் கேள்விக்கு அனைவருக்கும் முழு மதிப்பெண் வழங்கப்பட்டது' },
  drop: { en: 'the question was dropped from the test’s marks', tn: 'இந்தக் கேள்வி தேர்வின் மதிப்பெண்களிலிருந்து நீக்கப்பட்டது' },
};
