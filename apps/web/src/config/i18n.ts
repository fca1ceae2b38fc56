import { FALLBACK_LANGUAGE, MESSAGES } from '@app/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../lib/api-client';
import { storage } from '../lib/storage';
import { resources } from './locales';

/** Catalogue messages (shared with the server) live under the `messages` namespace. */
const messages = {
  en: Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [k, v.en])),
  tn: Object.fromEntries(Object.entries(MESSAGES).map(([k, v]) => [k, v.tn])),
};

const initial = storage.getLanguage() === 'tn' ? 'tn' : 'en';

void i18n.use(initReactI18next).init({
  lng: initial,
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: 'common',
  resources: {
    en: { ...resources.en, messages: messages.en },
    tn: { ...resources.tn, messages: messages.tn },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
});
setApiLanguage(initial);
i18n.on('languageChanged', (language) => {
  setApiLanguage(language);
  storage.setLanguage(language);
  document.documentElement.lang = language === 'tn' ? 'ta' : 'en';
});

export { i18n };
