import { workspaceLocales } from '../components/workspace/locales';
import { bookmarksLocales } from '../features/bookmarks/locales';
import { calendarLocales } from '../features/calendar/locales';
import { notesLocales } from '../features/notes/locales';
import { searchLocales } from '../features/search/locales';
import { todoLocales } from '../features/todo/locales';
import { academyLocales } from '../features/academy/locales';
import { examLocales } from '../features/exam/locales';
import { proctoringLocales } from '../features/proctoring/locales';
import { reportsLocales } from '../features/reports/locales';
import { runnerLocales } from '../features/runner/locales';
import { authLocales } from '../features/auth/locales';
import { profileLocales } from '../features/profile/locales';
import { shellLocales } from '../features/shell/locales';

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
    changeLanguage: 'Change language',
    sendOtp: 'Send OTP',
    resendOtp: 'Resend OTP',
    resendOtpIn: 'Resend OTP in {{seconds}} s',
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
  },
};

export const resources = {
  en: { common: common.en, auth: authLocales.en, shell: shellLocales.en, profile: profileLocales.en, academy: academyLocales.en, exam: examLocales.en, proctoring: proctoringLocales.en, reports: reportsLocales.en, workspace: workspaceLocales.en, notes: notesLocales.en, bookmarks: bookmarksLocales.en, todo: todoLocales.en, calendar: calendarLocales.en, search: searchLocales.en, runner: runnerLocales.en },
  tn: { common: common.tn, auth: authLocales.tn, shell: shellLocales.tn, profile: profileLocales.tn, academy: academyLocales.tn, exam: examLocales.tn, proctoring: proctoringLocales.tn, reports: reportsLocales.tn, workspace: workspaceLocales.tn, notes: notesLocales.tn, bookmarks: bookmarksLocales.tn, todo: todoLocales.tn, calendar: calendarLocales.tn, search: searchLocales.tn, runner: runnerLocales.tn },
};
