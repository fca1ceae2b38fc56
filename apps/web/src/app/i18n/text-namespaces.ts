import type { MessageKey } from '@app/contracts';
import type { dataTableLocales } from '../../components/data-table/locales';
import type { formLocales } from '../../components/form/locales';
import type { richTextLocales } from '../../components/rich-text/locales';
import type { workspaceLocales } from '../../components/workspace/locales';
import type { academyLocales } from '../../features/academy/shared/locales';
import type { testConfigLocales } from '../../features/academy/test-config/locales';
import type { adaptiveLocales } from '../../features/adaptive/locales';
import type { auditLocales } from '../../features/audit/locales';
import type { authLocales } from '../../features/auth/locales';
import type { bookmarksLocales } from '../../features/bookmarks/locales';
import type { calendarLocales } from '../../features/calendar/locales';
import type { centreLocales } from '../../features/centre/locales';
import type { challengesLocales } from '../../features/challenges/locales';
import type { examLocales } from '../../features/exam/locales';
import type { gradingLocales } from '../../features/grading/locales';
import type { helpLocales } from '../../features/help/locales';
import type { notebookLocales } from '../../features/notebook/locales';
import type { notesLocales } from '../../features/notes/locales';
import type { officeLocales } from '../../features/office/locales';
import type { omrLocales } from '../../features/omr/locales';
import type { proctoringLocales } from '../../features/proctoring/locales';
import type { profileLocales } from '../../features/profile/locales';
import type { psychometricsLocales } from '../../features/psychometrics/locales';
import type { questionBankLocales } from '../../features/question-bank/locales';
import type { familyReportsLocales } from '../../features/reports/family/locales';
import type { staffReportsLocales } from '../../features/reports/staff/locales';
import type { reportsLocales } from '../../features/reports/student/locales';
import type { rolesLocales } from '../../features/roles/locales';
import type { runnerLocales } from '../../features/runner/locales';
import type { schedulesLocales } from '../../features/schedules/locales';
import type { searchLocales } from '../../features/search/locales';
import type { shellLocales } from '../../features/shell/locales';
import type { studentsLocales } from '../../features/students/locales';
import type { supportLocales } from '../../features/support/locales';
import type { todoLocales } from '../../features/todo/locales';
import type { questionKindsLocales } from '../../question-kinds/locales';
import type { FORM_WORDING } from './i18n';
import type { resources } from './locales';

/**
 * Each namespace's English texts, for the type of `t()` keys (decision 098): the bundled `common`,
 * the catalogue as `messages` (the back office's messages join it once a staff page loads them),
 * and every namespace `locales.ts` loads on demand (`text-namespaces.test.ts` checks the list).
 */
declare module '../../lib/texts' {
  interface TextNamespaces {
    /** With the staff pages' titles and menu labels, which their declarations add (`app/staff-pages.ts`). */
    common: (typeof resources)['en']['common'] & { pageTitles: Record<string, string>; nav: Record<string, string> };
    messages: Record<MessageKey | keyof (typeof FORM_WORDING)['en'], string>;
    dataTable: typeof dataTableLocales.en;
    form: typeof formLocales.en;
    richText: typeof richTextLocales.en;
    workspace: typeof workspaceLocales.en;
    academy: typeof academyLocales.en;
    testConfig: typeof testConfigLocales.en;
    adaptive: typeof adaptiveLocales.en;
    audit: typeof auditLocales.en;
    auth: typeof authLocales.en;
    bookmarks: typeof bookmarksLocales.en;
    calendar: typeof calendarLocales.en;
    centre: typeof centreLocales.en;
    challenges: typeof challengesLocales.en;
    exam: typeof examLocales.en;
    grading: typeof gradingLocales.en;
    help: typeof helpLocales.en;
    notebook: typeof notebookLocales.en;
    notes: typeof notesLocales.en;
    office: typeof officeLocales.en;
    omr: typeof omrLocales.en;
    proctoring: typeof proctoringLocales.en;
    profile: typeof profileLocales.en;
    psychometrics: typeof psychometricsLocales.en;
    questionBank: typeof questionBankLocales.en;
    familyReports: typeof familyReportsLocales.en;
    staffReports: typeof staffReportsLocales.en;
    reports: typeof reportsLocales.en;
    roles: typeof rolesLocales.en;
    runner: typeof runnerLocales.en;
    schedules: typeof schedulesLocales.en;
    search: typeof searchLocales.en;
    shell: typeof shellLocales.en;
    students: typeof studentsLocales.en;
    support: typeof supportLocales.en;
    todo: typeof todoLocales.en;
    questionKinds: typeof questionKindsLocales.en;
  }
}
