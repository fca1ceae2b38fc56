import { defineTexts } from '../../lib/texts';
/** Texts of the shared data table (namespace `dataTable`). */
export const dataTableLocales = defineTexts({
  en: {
    search: 'Search',
    loading: 'Loading…',
    empty: 'Nothing to show yet.',
    noMatches: 'Nothing matches your search.',
    loadFailed: 'The list could not be loaded.',
    retry: 'Retry',
    actions: 'Actions',
    rowsPerPage: 'Rows per page',
    displayedRows: '{{from}}–{{to}} of {{count}}',
    page: {
      first: 'First page',
      last: 'Last page',
      next: 'Next page',
      previous: 'Previous page',
    },
  },
  tn: {
    search: 'தேடு',
    loading: 'ஏற்றுகிறது…',
    empty: 'இன்னும் காட்ட எதுவும் இல்லை.',
    noMatches: 'உங்கள் தேடலுக்கு எதுவும் பொருந்தவில்லை.',
    loadFailed: 'பட்டியலை ஏற்ற முடியவில்லை.',
    retry: 'மீண்டும் முயல்க',
    actions: 'செயல்கள்',
    rowsPerPage: 'ஒரு பக்கத்தில் வரிசைகள்',
    displayedRows: '{{count}} இல் {{from}}–{{to}}',
    page: {
      first: 'முதல் பக்கம்',
      last: 'கடைசி பக்கம்',
      next: 'அடுத்த பக்கம்',
      previous: 'முந்தைய பக்கம்',
    },
  },
});
