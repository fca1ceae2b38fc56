import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `pptx`). */
export const pptxTexts = defineTexts({
  en: { name: 'Presentation (PPTX)' },
  tn: { name: 'விளக்கக்காட்சி (PPTX)' },
});
