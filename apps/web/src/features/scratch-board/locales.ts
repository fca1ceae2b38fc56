import { defineTexts } from '../../lib/texts';

export const scratchBoardLocales = defineTexts({
  en: { empty: 'Nothing on the board yet.' },
  tn: { empty: 'பலகையில் இன்னும் எதுவும் இல்லை.' },
});
