import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `assertionReason`). */
export const assertionReasonTexts = defineTexts({
  en: {
    name: 'Assertion and reason',
    assertion: 'Assertion (A)',
    reason: 'Reason (R)',
    key: 'Correct option',
    keyHelp: 'The four options are the standard ones, in both languages; choose the correct one.',
  },
  tn: {
    name: 'கூற்று மற்றும் காரணம்',
    assertion: 'கூற்று (A)',
    reason: 'காரணம் (R)',
    key: 'சரியான விடை',
    keyHelp: 'நான்கு விடைகளும் இரு மொழிகளிலும் நிலையானவை; சரியானதைத் தேர்ந்தெடுக்கவும்.',
  },
});
