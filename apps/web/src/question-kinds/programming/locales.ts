import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `programming`). */
export const programmingTexts = defineTexts({
  en: { name: 'Programming' },
  tn: { name: 'நிரலாக்கம்' },
});
