import { defineTexts } from '../../lib/texts';
/** The kind's own texts (the `questionKinds` namespace, under `xlsx`). */
export const xlsxTexts = defineTexts({
  en: { name: 'Spreadsheet (XLSX)' },
  tn: { name: 'விரிதாள் (XLSX)' },
});
