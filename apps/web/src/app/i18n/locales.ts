import { defineTexts } from '../../lib/texts';

/** One namespace's texts in both languages, as each `locales.ts` exports them. */
export interface NamespaceTexts {
  en: Record<string, unknown>;
  tn: Record<string, unknown>;
}

/**
 * Each feature keeps its texts in `features/<domain>/locales.ts` ({ en, tn }), an i18next
 * namespace named after the domain (the question kinds theirs in `question-kinds/<kind>/locales.ts`,
 * joined as `questionKinds`). Only `common` is bundled with the app entry (with the
 * `messages` catalogue, see `app/i18n/i18n.ts`); every other namespace is its own chunk, loaded
 * when a page that uses it loads (see `app/i18n/i18n.ts` and `lib/lazy-named.ts`; the pages' namespaces are declared by their features' `pages.ts`).
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
    discardTitle: 'Discard your changes?',
    discardText: 'What you typed here has not been saved.',
    discard: 'Discard',
    keepEditing: 'Keep editing',
    leaveTitle: 'Leave this page?',
    leaveText: 'Your changes are not saved. If you leave, they are lost.',
    leave: 'Leave',
    stay: 'Stay',
    pendingAction: '{{action}}: please wait…',
    pickerOpen: 'Open',
    pickerClose: 'Close',
    pickerClear: 'Clear',
    pickerNoOptions: 'No options',
    pageTitles: {
      login: 'Sign in',
      signup: 'Sign up',
      forgetPassword: 'Forgot password',
      verify: 'Verify your account',
      changePassword: 'Change password',
      setPassword: 'Set your password',
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
      notebook: 'Mistake notebook',
      todo: 'To-do',
      calendar: 'Calendar',
      profile: 'Profile',
      dashboard: 'Dashboard',
      courseSchedule: 'Course Schedule',
      error: 'Page not found',
      centreCheck: 'Pre-exam check',
      contactUs: 'Contact Us',
      help: 'Help',
      omrUpload: 'OMR PDF Upload',
      adaptive: 'Adaptive test',
      overallDashboard: 'Reports & Analytics',
      subjectDashboard: 'Subject analysis',
      parentHome: 'Your children',
      parentReports: 'Reports',
      parentActivity: 'Activity',
      neetReport: 'NEET score projection',
      summaryReport: 'Summary Report',
      institutionReports: 'Reports',
      eisDashboard: 'Effort and results',
      digestUnsubscribe: 'Weekly e-mail',
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
    discardTitle: 'மாற்றங்களைக் கைவிடவா?',
    discardText: 'இங்கே நீங்கள் தட்டச்சு செய்தது சேமிக்கப்படவில்லை.',
    discard: 'கைவிடு',
    keepEditing: 'தொடர்ந்து திருத்து',
    leaveTitle: 'இந்தப் பக்கத்திலிருந்து வெளியேறவா?',
    leaveText: 'உங்கள் மாற்றங்கள் சேமிக்கப்படவில்லை. வெளியேறினால் அவை இழக்கப்படும்.',
    leave: 'வெளியேறு',
    stay: 'இங்கேயே இரு',
    pendingAction: '{{action}}: காத்திருக்கவும்…',
    pickerOpen: 'திற',
    pickerClose: 'மூடு',
    pickerClear: 'அழி',
    pickerNoOptions: 'விருப்பங்கள் இல்லை',
    pageTitles: {
      login: 'உள்நுழைவு',
      signup: 'பதிவு செய்',
      forgetPassword: 'கடவுச்சொல் மறந்துவிட்டது',
      verify: 'உங்கள் கணக்கைச் சரிபார்',
      changePassword: 'கடவுச்சொல்லை மாற்று',
      setPassword: 'உங்கள் கடவுச்சொல்லை அமைக்கவும்',
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
      notebook: 'தவறுக் குறிப்பேடு',
      todo: 'செய்ய வேண்டியவை',
      calendar: 'நாட்காட்டி',
      profile: 'சுயவிவரம்',
      dashboard: 'முகப்புப் பலகை',
      courseSchedule: 'பாட அட்டவணை',
      error: 'பக்கம் கிடைக்கவில்லை',
      centreCheck: 'தேர்வுக்கு முந்தைய சோதனை',
      contactUs: 'தொடர்பு கொள்ள',
      help: 'உதவி',
      omrUpload: 'OMR PDF பதிவேற்றம்',
      adaptive: 'தகவமைப்புத் தேர்வு',
      overallDashboard: 'அறிக்கைகள் & பகுப்பாய்வு',
      subjectDashboard: 'பாட வாரியான பகுப்பாய்வு',
      parentHome: 'உங்கள் குழந்தைகள்',
      parentReports: 'அறிக்கைகள்',
      parentActivity: 'செயல்பாடு',
      neetReport: 'நீட் மதிப்பெண் கணிப்பு',
      summaryReport: 'சுருக்க அறிக்கை',
      institutionReports: 'அறிக்கைகள்',
      eisDashboard: 'முயற்சியும் முடிவுகளும்',
      digestUnsubscribe: 'வாராந்திர மின்னஞ்சல்',
    },
  },
};

/** The namespaces bundled with the app entry. */
export const resources = defineTexts({
  en: { common: common.en },
  tn: { common: common.tn },
});

/** A feature folder's namespace: its name in camelCase (`features/test-config` → `testConfig`). */
function namespaceOfFolder(folder: string): string {
  return folder.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
}

/**
 * Every `features/<domain>/locales.ts` is the namespace `<domain>` (camelCase), exported as
 * `<domain>Locales`: found by its file name, so a new feature's texts need no entry here.
 */
const featureLocaleFiles = import.meta.glob<Record<string, NamespaceTexts>>('../../features/*/locales.ts');
const featureLoaders = Object.fromEntries(
  Object.entries(featureLocaleFiles).map(([file, load]) => {
    const namespace = namespaceOfFolder(file.split('/').at(-2)!);
    return [namespace, () => load().then((module) => module[`${namespace}Locales`]!)];
  }),
);

const namespaceLoaders: Record<string, () => Promise<NamespaceTexts>> = {
  ...featureLoaders,
  // Features whose rooms are folders (decisions 083, 084) keep their texts per room: one namespace each.
  academy: () => import('../../features/academy/shared/locales').then((m) => m.academyLocales),
  testConfig: () => import('../../features/academy/test-config/locales').then((m) => m.testConfigLocales),
  reports: () => import('../../features/reports/student/locales').then((m) => m.reportsLocales),
  staffReports: () => import('../../features/reports/staff/locales').then((m) => m.staffReportsLocales),
  familyReports: () => import('../../features/reports/family/locales').then((m) => m.familyReportsLocales),
  workspace: () => import('../../components/workspace/locales').then((m) => m.workspaceLocales),
  questionKinds: () => import('../../question-kinds/locales').then((m) => m.questionKindsLocales),
  dataTable: () => import('../../components/data-table/locales').then((m) => m.dataTableLocales),
  form: () => import('../../components/form/locales').then((m) => m.formLocales),
  richText: () => import('../../components/rich-text/locales').then((m) => m.richTextLocales),
  // The back office's messages: loaded with staff pages and added to `messages` (app/i18n/i18n.ts).
  staffMessages: () =>
    import('@app/contracts/common/staff-messages.js').then(({ STAFF_MESSAGES }) => ({
      en: Object.fromEntries(Object.entries(STAFF_MESSAGES).map(([key, text]) => [key, text.en])),
      tn: Object.fromEntries(Object.entries(STAFF_MESSAGES).map(([key, text]) => [key, text.tn])),
    })),
};

/** The namespaces loaded on demand. */
export const lazyNamespaces = Object.keys(namespaceLoaders);

/** The texts of an on-demand namespace (both languages), or undefined for an unknown one. */
export function loadNamespaceTexts(namespace: string): Promise<NamespaceTexts | undefined> {
  const load = namespaceLoaders[namespace];
  return load ? load() : Promise.resolve(undefined);
}
