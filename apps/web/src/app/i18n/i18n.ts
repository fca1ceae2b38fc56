import { CORE_MESSAGES, FALLBACK_LANGUAGE } from '@app/contracts';
import i18n, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { setApiLanguage } from '../../lib/api-client';
import { storage } from '../../lib/storage';
import { loadNamespaceTexts, resources } from './locales';

/**
 * Catalogue messages worded for a program calling the API ("This id is not valid.") that a person
 * meets at a form as a choice left unmade: said to the person.
 */
export const FORM_WORDING = {
  en: { idOutOfRange: 'Choose one of the listed items.' },
  tn: { idOutOfRange: 'பட்டியலில் உள்ள ஒன்றைத் தேர்ந்தெடுக்கவும்.' },
};

/**
 * Catalogue messages (shared with the server) live under the `messages` namespace: the core ones
 * from the start, the back office's once a staff page loads `staffMessages` (added here too).
 */
const messages = {
  en: { ...Object.fromEntries(Object.entries(CORE_MESSAGES).map(([k, v]) => [k, v.en])), ...FORM_WORDING.en },
  tn: { ...Object.fromEntries(Object.entries(CORE_MESSAGES).map(([k, v]) => [k, v.tn])), ...FORM_WORDING.tn },
};
const STAFF_MESSAGES_NS = 'staffMessages';

const initial = storage.getLanguage() === 'tn' ? 'tn' : 'en';

/**
 * Feature namespaces load on demand: `useTranslation(ns)` suspends until its texts are here (so a
 * page never shows raw keys), and the lazy page loaders ask for theirs alongside the page's code.
 */
const featureTexts: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadNamespaceTexts(namespace).then(
      (texts) => {
        const own = (texts?.[language as 'en' | 'tn'] ?? {}) as Record<string, string>;
        if (namespace === STAFF_MESSAGES_NS) i18n.addResourceBundle(language, 'messages', own, true, false);
        callback(null, own);
      },
      (error: Error) => callback(error, false),
    );
  },
};

void i18n.use(featureTexts).use(initReactI18next).init({
  lng: initial,
  fallbackLng: FALLBACK_LANGUAGE,
  defaultNS: 'common',
  ns: ['common', 'messages'],
  // The bundled namespaces are used as they are; the backend only loads the others.
  partialBundledLanguages: true,
  showSupportNotice: false,
  resources: {
    en: { ...resources.en, messages: messages.en },
    tn: { ...resources.tn, messages: messages.tn },
  },
  interpolation: { escapeValue: false },
  returnNull: false,
});
/** The BCP 47 tag of an interface language: the app's code for Tamil is `tn`, the language's tag is `ta`. */
export function htmlLang(language: string): 'ta' | 'en' {
  return language === 'tn' ? 'ta' : 'en';
}

setApiLanguage(initial);
// From the first paint, including after a reload (index.html says `en`).
document.documentElement.lang = htmlLang(initial);
i18n.on('languageChanged', (language) => {
  setApiLanguage(language);
  storage.setLanguage(language);
  document.documentElement.lang = htmlLang(language);
});

export { i18n };
