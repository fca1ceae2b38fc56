import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `image`). */
export const imageTexts = defineTexts({
  en: { name: 'Image' },
  tn: { name: 'படம்' },
});
