import { matchPath } from 'react-router';
import { STAFF_PAGE_TITLES } from './staff-pages';

/** Each screen's document title (a `common:pageTitles` key), first match wins; the staff pages' from their declarations. */
const PAGE_TITLES: ReadonlyArray<readonly [pattern: string, key: string]> = [
  ['/login', 'login'],
  ['/signup', 'signup'],
  ['/forget-password', 'forgetPassword'],
  ['/verify', 'verify'],
  ['/change-password', 'changePassword'],
  ['/set-password', 'setPassword'],
  ['/register', 'register'],
  ['/academy/courses', 'courses'],
  ['/academy/courses/topic/*', 'topics'],
  ['/academy/courses/task/*', 'tasks'],
  ['/instruction/*', 'instructions'],
  ['/test/*', 'test'],
  ['/report', 'report'],
  ['/overall-dashboard', 'overallDashboard'],
  ['/subject-dashboard', 'subjectDashboard'],
  ['/neetReport', 'neetReport'],
  ['/parent/home', 'parentHome'],
  ['/parent/dashboard', 'dashboard'],
  ['/parent/report', 'parentReports'],
  ['/parent/activity', 'parentActivity'],
  ['/parent/summary', 'summaryReport'],
  ['/reports/*', 'institutionReports'],
  ['/reports', 'institutionReports'],
  ['/eis-dashboard', 'eisDashboard'],
  ['/digest-unsubscribe', 'digestUnsubscribe'],
  ['/notes/*', 'notes'],
  ['/apps/notes/*', 'notes'],
  ['/bookmark/*', 'bookmarks'],
  ['/apps/bookmark/*', 'bookmarks'],
  ['/notebook', 'notebook'],
  ['/todo/*', 'todo'],
  ['/calender', 'calendar'],
  ['/profile', 'profile'],
  ['/home', 'dashboard'],
  ['/dashboard', 'dashboard'],
  ['/courseschedule', 'courseSchedule'],
  ['/error', 'error'],
  ['/lesson/*', 'lesson'],
  ['/centre/check', 'centreCheck'],
  ['/contactus', 'contactUs'],
  ['/help', 'help'],
  ['/omrPdfUpload', 'omrUpload'],
  ['/adaptive', 'adaptive'],
  ...STAFF_PAGE_TITLES,
];

/** The `pageTitles` key of a path, or null where the app's name alone is the title. */
export function pageTitleKey(pathname: string): string | null {
  return PAGE_TITLES.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? null;
}
