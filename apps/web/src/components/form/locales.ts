import { defineTexts } from '../../lib/texts';
/** Texts of the shared form fields (namespace `form`). */
export const formLocales = defineTexts({
  en: {
    noOptions: 'No options',
    loading: 'Loading…',
    clear: 'Clear',
    open: 'Open',
    close: 'Close',
  },
  tn: {
    noOptions: 'விருப்பங்கள் இல்லை',
    loading: 'ஏற்றுகிறது…',
    clear: 'அழி',
    open: 'திற',
    close: 'மூடு',
  },
});
