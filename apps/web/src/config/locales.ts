/**
 * Each feature keeps its texts in `features/<domain>/locales.ts` ({ en, tn }); this file lists
 * them as i18next namespaces named after the domain.
 */
const common = {
  en: {
    appName: 'NEET Prep',
    copyright: '© {{year}} NEET Prep. All rights reserved. Version {{version}}',
    poweredBy: 'Powered by NEET Prep',
    cancel: 'Cancel',
    save: 'Save',
    ok: 'OK',
    close: 'Close',
    loading: 'Loading…',
    retry: 'Retry',
    notFoundTitle: 'Page not found',
    notFoundText: 'The page you are looking for does not exist.',
    goHome: 'Go to home',
  },
  tn: {
    appName: 'நீட் தயாரிப்பு',
    copyright: '© {{year}} நீட் தயாரிப்பு. அனைத்து உரிமைகளும் பாதுகாக்கப்பட்டவை. பதிப்பு {{version}}',
    poweredBy: 'நீட் தயாரிப்பு மூலம் இயக்கப்படுகிறது',
    cancel: 'ரத்து செய்',
    save: 'சேமி',
    ok: 'சரி',
    close: 'மூடு',
    loading: 'ஏற்றுகிறது…',
    retry: 'மீண்டும் முயல்க',
    notFoundTitle: 'பக்கம் கிடைக்கவில்லை',
    notFoundText: 'நீங்கள் தேடும் பக்கம் இல்லை.',
    goHome: 'முகப்புக்குச் செல்',
  },
};

export const resources = {
  en: { common: common.en },
  tn: { common: common.tn },
};
