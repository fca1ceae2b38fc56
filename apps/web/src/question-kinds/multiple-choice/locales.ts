import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `multipleChoice`). */
export const multipleChoiceTexts = defineTexts({
  en: { name: 'Multiple choice' },
  tn: { name: 'பல தேர்வு' },
});
