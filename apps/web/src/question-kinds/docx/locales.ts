import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `docx`). */
export const docxTexts = defineTexts({
  en: { name: 'Document (DOCX)' },
  tn: { name: 'ஆவணம் (DOCX)' },
});
