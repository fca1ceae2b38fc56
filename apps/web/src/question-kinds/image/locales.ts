/** The kind's own texts (the `questionKinds` namespace, under `image`). */
export const imageTexts = {
  en: { name: 'Image' },
  tn: { name: 'படம்' },
};
