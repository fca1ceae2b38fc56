import { Navigate, type RouteObject } from 'react-router';
import { lazyNamed } from '../lazy';

const NotesScreen = lazyNamed(() => import('../../features/notes/components/notes-screen'), 'NotesScreen', ['notes', 'workspace']);
const BookmarksScreen = lazyNamed(
  () => import('../../features/bookmarks/components/bookmarks-screen'),
  'BookmarksScreen',
  ['bookmarks', 'workspace'],
);
const TodoScreen = lazyNamed(() => import('../../features/todo/components/todo-screen'), 'TodoScreen', ['todo', 'workspace']);
const CalendarScreen = lazyNamed(() => import('../../features/calendar/components/calendar-screen'), 'CalendarScreen', ['calendar']);

/**
 * The student's workspace inside the shell (spec 000 §2): notes and bookmarks with their label
 * views, the to-do folders, filters and labels, and the calendar at the spec's /calender.
 */
export const workspaceRoutes: RouteObject[] = [
  { path: 'notes/:id?/:labelHandle?/:labelId?', element: <NotesScreen /> },
  { path: 'apps/notes/labels/:handle/:id', element: <NotesScreen /> },
  { path: 'bookmark/:id?/:labelHandle?/:labelId?', element: <BookmarksScreen /> },
  { path: 'apps/bookmark/labels/:handle/:id', element: <BookmarksScreen /> },
  { path: 'todo', element: <Navigate to="/todo/all" replace /> },
  { path: 'todo/filter/:filterHandle/:todoId?', element: <TodoScreen /> },
  { path: 'todo/label/:labelHandle/:todoId?', element: <TodoScreen /> },
  { path: 'todo/:folderHandle/:todoId?', element: <TodoScreen /> },
  { path: 'calender', element: <CalendarScreen /> },
];
