/** The kind's own texts (the `questionKinds` namespace, under `xlsx`). */
export const xlsxTexts = {
  en: { name: 'Spreadsheet (XLSX)' },
  tn: { name: 'விரிதாள் (XLSX)' },
};
