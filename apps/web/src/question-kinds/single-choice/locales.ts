import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `singleChoice`). */
export const singleChoiceTexts = defineTexts({
  en: { name: 'Single choice' },
  tn: { name: 'ஒற்றைத் தேர்வு' },
});
