import { Navigate, type RouteObject } from 'react-router';
import { NotebookPage } from '../pages/pages';
import { BookmarksScreen } from '../../features/bookmarks/pages';
import { CalendarScreen } from '../../features/calendar/pages';
import { NotesScreen } from '../../features/notes/pages';
import { TodoScreen } from '../../features/todo/pages';
import { paths } from '../../config/paths';

/**
 * The student's workspace inside the shell (spec 000 §2): notes and bookmarks with their label
 * views, the to-do folders, filters and labels, the calendar at the spec's /calender, and the
 * mistake notebook.
 */
export const workspaceRoutes: RouteObject[] = [
  { path: paths.workspace.notes.path, element: <NotesScreen /> },
  { path: paths.workspace.notesLabel.path, element: <NotesScreen /> },
  { path: paths.workspace.bookmarks.path, element: <BookmarksScreen /> },
  { path: paths.workspace.bookmarksLabel.path, element: <BookmarksScreen /> },
  { path: paths.workspace.todo.path, element: <Navigate to={paths.workspace.todoFolder.getHref({ folderHandle: 'all' })} replace /> },
  { path: paths.workspace.todoFilter.path, element: <TodoScreen /> },
  { path: paths.workspace.todoLabel.path, element: <TodoScreen /> },
  { path: paths.workspace.todoFolder.path, element: <TodoScreen /> },
  { path: paths.workspace.calendar.path, element: <CalendarScreen /> },
  { path: paths.workspace.notebook.path, element: <NotebookPage /> },
];
