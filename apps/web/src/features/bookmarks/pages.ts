import { lazyNamed } from '../../lib/lazy-named';

/** The text namespaces this feature's pages use, declared once: they load with each page's code (no raw keys). */
const NAMESPACES = ['bookmarks', 'workspace'];

/** Routable pages, each its own chunk (the route tables in app/routes import them). */
export const BookmarksScreen = lazyNamed(() => import('./components/bookmarks-screen'), 'BookmarksScreen', NAMESPACES);
