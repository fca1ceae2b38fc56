import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `comprehensive`). */
export const comprehensiveTexts = defineTexts({
  en: { name: 'Written answer' },
  tn: { name: 'எழுத்து விடை' },
});
