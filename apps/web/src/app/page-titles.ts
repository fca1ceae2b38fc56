import { matchPath } from 'react-router';

/** Each screen's document title (a `common:pageTitles` key), first match wins. */
const PAGE_TITLES: ReadonlyArray<readonly [pattern: string, key: string]> = [
  ['/login', 'login'],
  ['/signup', 'signup'],
  ['/forget-password', 'forgetPassword'],
  ['/verify', 'verify'],
  ['/change-password', 'changePassword'],
  ['/register', 'register'],
  ['/academy/courses', 'courses'],
  ['/academy/courses/topic/*', 'topics'],
  ['/academy/courses/task/*', 'tasks'],
  ['/instruction/*', 'instructions'],
  ['/test/*', 'test'],
  ['/report', 'report'],
  ['/notes/*', 'notes'],
  ['/apps/notes/*', 'notes'],
  ['/bookmark/*', 'bookmarks'],
  ['/apps/bookmark/*', 'bookmarks'],
  ['/todo/*', 'todo'],
  ['/calender', 'calendar'],
  ['/profile', 'profile'],
  ['/home', 'dashboard'],
  ['/dashboard', 'dashboard'],
  ['/error', 'error'],
  ['/lesson/*', 'lesson'],
];

/** The `pageTitles` key of a path, or null where the app's name alone is the title. */
export function pageTitleKey(pathname: string): string | null {
  return PAGE_TITLES.find(([pattern]) => matchPath(pattern, pathname))?.[1] ?? null;
}
