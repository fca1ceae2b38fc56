import { lazyNamed } from '../../lib/lazy-named';

/*
 * The pages app/ composes from several features and its layouts, each its own chunk with the text
 * namespaces of the features it composes (a feature's own pages declare theirs in its `pages.ts`).
 */
export const AuthenticatedLayout = lazyNamed(() => import('../layouts/authenticated-layout'), 'AuthenticatedLayout', [
  'shell',
  'search',
  'notes',
  'bookmarks',
  'workspace',
]);
export const StaffHomeRedirect = lazyNamed(() => import('../layouts/staff-home-redirect'), 'StaffHomeRedirect', ['staffMessages']);
export const CentreCheckPage = lazyNamed(() => import('./exam-centres-page'), 'CentreCheckPage', ['centre']);
export const NotebookPage = lazyNamed(() => import('./notebook-page'), 'NotebookPage', ['notebook', 'reports', 'questionKinds']);
export const TestPlayerPage = lazyNamed(() => import('./test-player-page'), 'TestPlayerPage', ['exam', 'proctoring', 'runner']);
export const ReportPage = lazyNamed(() => import('./report-page'), 'ReportPage', ['reports', 'challenges']);
export const OmrStudentPage = lazyNamed(() => import('./omr-student-page'), 'OmrStudentPage', ['omr']);
export const ContactUsPage = lazyNamed(() => import('./contact-us-page'), 'ContactUsPage', ['support', 'dataTable', 'form']);
