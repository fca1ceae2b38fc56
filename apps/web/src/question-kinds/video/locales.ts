import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `video`). */
export const videoTexts = defineTexts({
  en: { name: 'Video' },
  tn: { name: 'காணொளி' },
});
