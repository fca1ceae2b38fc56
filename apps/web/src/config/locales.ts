
/** One namespace's texts in both languages, as each `locales.ts` exports them. */
export interface NamespaceTexts {
  en: Record<string, unknown>;
  tn: Record<string, unknown>;
}

/**
 * Each feature keeps its texts in `features/<domain>/locales.ts` ({ en, tn }), an i18next
 * namespace named after the domain. Only `common` is bundled with the app entry (with the
 * `messages` catalogue, see `config/i18n.ts`); every other namespace is its own chunk, loaded
 * when a page that uses it loads (see `config/i18n.ts` and `app/lazy.ts`).
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
    changeLanguage: 'Change language',
    sendOtp: 'Send OTP',
    resendOtp: 'Resend OTP',
    resendOtpIn: 'Resend OTP in {{seconds}} s',
    errorTitle: 'Something went wrong',
    errorText: 'This page could not be shown. Your saved work is safe. Try again, or go to the home page.',
    errorPanelText: 'This part of the page could not be shown.',
    updateTitle: 'A new version is available',
    updateText: 'NEET Prep was updated while this page was open. Reload to continue with the new version.',
    tryAgain: 'Try again',
    reload: 'Reload',
    pageTitles: {
      login: 'Sign in',
      signup: 'Sign up',
      forgetPassword: 'Forgot password',
      verify: 'Verify your account',
      changePassword: 'Change password',
      register: 'Complete your profile',
      courses: 'Courses',
      topics: 'Topics',
      tasks: 'Tasks',
      lesson: 'Lesson',
      instructions: 'Instructions',
      test: 'Test',
      report: 'Feedback report',
      notes: 'Notes',
      bookmarks: 'Bookmarks',
      todo: 'To-do',
      calendar: 'Calendar',
      profile: 'Profile',
      dashboard: 'Dashboard',
      error: 'Page not found',
    },
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
    changeLanguage: 'மொழியை மாற்று',
    sendOtp: 'OTP அனுப்பு',
    resendOtp: 'OTP-ஐ மீண்டும் அனுப்பு',
    resendOtpIn: '{{seconds}} வினாடிகளில் மீண்டும் அனுப்பலாம்',
    errorTitle: 'ஏதோ தவறு நடந்துவிட்டது',
    errorText: 'இந்தப் பக்கத்தைக் காட்ட முடியவில்லை. நீங்கள் சேமித்தவை பாதுகாப்பாக உள்ளன. மீண்டும் முயலவும், அல்லது முகப்புப் பக்கத்துக்குச் செல்லவும்.',
    errorPanelText: 'பக்கத்தின் இந்தப் பகுதியைக் காட்ட முடியவில்லை.',
    updateTitle: 'புதிய பதிப்பு கிடைக்கிறது',
    updateText: 'இந்தப் பக்கம் திறந்திருந்தபோது நீட் தயாரிப்பு புதுப்பிக்கப்பட்டது. புதிய பதிப்புடன் தொடர மீண்டும் ஏற்றவும்.',
    tryAgain: 'மீண்டும் முயல்க',
    reload: 'மீண்டும் ஏற்று',
    pageTitles: {
      login: 'உள்நுழைவு',
      signup: 'பதிவு செய்',
      forgetPassword: 'கடவுச்சொல் மறந்துவிட்டது',
      verify: 'உங்கள் கணக்கைச் சரிபார்',
      changePassword: 'கடவுச்சொல்லை மாற்று',
      register: 'உங்கள் சுயவிவரத்தை நிறைவு செய்',
      courses: 'பாடநெறிகள்',
      topics: 'தலைப்புகள்',
      tasks: 'பணிகள்',
      lesson: 'பாடம்',
      instructions: 'அறிவுறுத்தல்கள்',
      test: 'தேர்வு',
      report: 'பின்னூட்ட அறிக்கை',
      notes: 'குறிப்புகள்',
      bookmarks: 'புத்தகக்குறிகள்',
      todo: 'செய்ய வேண்டியவை',
      calendar: 'நாட்காட்டி',
      profile: 'சுயவிவரம்',
      dashboard: 'முகப்புப் பலகை',
      error: 'பக்கம் கிடைக்கவில்லை',
    },
  },
};

/** The namespaces bundled with the app entry. */
export const resources = {
  en: { common: common.en },
  tn: { common: common.tn },
};

const namespaceLoaders: Record<string, () => Promise<NamespaceTexts>> = {
  auth: () => import('../features/auth/locales').then((m) => m.authLocales),
  shell: () => import('../features/shell/locales').then((m) => m.shellLocales),
  profile: () => import('../features/profile/locales').then((m) => m.profileLocales),
  academy: () => import('../features/academy/locales').then((m) => m.academyLocales),
  exam: () => import('../features/exam/locales').then((m) => m.examLocales),
  proctoring: () => import('../features/proctoring/locales').then((m) => m.proctoringLocales),
  reports: () => import('../features/reports/locales').then((m) => m.reportsLocales),
  workspace: () => import('../components/workspace/locales').then((m) => m.workspaceLocales),
  notes: () => import('../features/notes/locales').then((m) => m.notesLocales),
  bookmarks: () => import('../features/bookmarks/locales').then((m) => m.bookmarksLocales),
  todo: () => import('../features/todo/locales').then((m) => m.todoLocales),
  calendar: () => import('../features/calendar/locales').then((m) => m.calendarLocales),
  search: () => import('../features/search/locales').then((m) => m.searchLocales),
  runner: () => import('../features/runner/locales').then((m) => m.runnerLocales),
  dataTable: () => import('../components/data-table/locales').then((m) => m.dataTableLocales),
  form: () => import('../components/form/locales').then((m) => m.formLocales),
};

/** The namespaces loaded on demand. */
export const lazyNamespaces = Object.keys(namespaceLoaders);

/** The texts of an on-demand namespace (both languages), or undefined for an unknown one. */
export function loadNamespaceTexts(namespace: string): Promise<NamespaceTexts | undefined> {
  const load = namespaceLoaders[namespace];
  return load ? load() : Promise.resolve(undefined);
}
