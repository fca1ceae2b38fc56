import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `text`). */
export const textTexts = defineTexts({
  en: { name: 'Fill in the blanks' },
  tn: { name: 'கோடிட்ட இடத்தை நிரப்புக' },
});
