import { defineTexts } from '../../lib/texts';
export const searchLocales = defineTexts({
  en: {
    quickBar: 'Quick bar',
    openQuickBar: 'Open the quick bar (Ctrl+K)',
    searchPlaceholder: 'Search notes, bookmarks and to-dos',
    addNote: 'Add note',
    addBookmark: 'Add bookmark',
    type: { note: 'Note', bookmark: 'Bookmark', todo: 'To-do' },
    archived: 'Archived',
    searching: 'Searching…',
    hint: 'Type to search by title.',
    failed: 'The search failed. Please try again.',
  },
  tn: {
    quickBar: 'விரைவுப் பட்டை',
    openQuickBar: 'விரைவுப் பட்டையைத் திற (Ctrl+K)',
    searchPlaceholder: 'குறிப்புகள், புத்தகக்குறிகள், செய்ய வேண்டியவற்றைத் தேடு',
    addNote: 'குறிப்பைச் சேர்',
    addBookmark: 'புத்தகக்குறியைச் சேர்',
    type: { note: 'குறிப்பு', bookmark: 'புத்தகக்குறி', todo: 'செய்ய வேண்டியது' },
    archived: 'காப்பகப்படுத்தப்பட்டது',
    searching: 'தேடுகிறது…',
    hint: 'தலைப்பின்படி தேட தட்டச்சு செய்யவும்.',
    failed: 'தேடல் தோல்வியடைந்தது. மீண்டும் முயலவும்.',
  },
});
