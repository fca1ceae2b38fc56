/** The kind's own texts (the `questionKinds` namespace, under `singleChoice`). */
export const singleChoiceTexts = {
  en: { name: 'Single choice' },
  tn: { name: 'ஒற்றைத் தேர்வு' },
};
