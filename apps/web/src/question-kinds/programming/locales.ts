/** The kind's own texts (the `questionKinds` namespace, under `programming`). */
export const programmingTexts = {
  en: { name: 'Programming' },
  tn: { name: 'நிரலாக்கம்' },
};
