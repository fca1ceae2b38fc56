/** What app/ may mount from the bookmarks feature. */
export { BookmarksScreen } from './components/bookmarks-screen';
export { BookmarkCreateDialog } from './components/bookmark-create-dialog';
