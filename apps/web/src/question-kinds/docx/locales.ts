/** The kind's own texts (the `questionKinds` namespace, under `docx`). */
export const docxTexts = {
  en: { name: 'Document (DOCX)' },
  tn: { name: 'ஆவணம் (DOCX)' },
};
