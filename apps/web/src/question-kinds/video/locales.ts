/** The kind's own texts (the `questionKinds` namespace, under `video`). */
export const videoTexts = {
  en: { name: 'Video' },
  tn: { name: 'காணொளி' },
};
