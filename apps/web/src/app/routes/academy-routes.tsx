import type { RouteObject } from 'react-router';
import { ContentScreen, CoursesScreen, TasksScreen, TopicsScreen } from '../../features/academy/student/pages';
import { paths } from '../../config/paths';

/** Student academy pages inside the shell (spec 000 §2); the generic content route comes last. */
export const academyRoutes: RouteObject[] = [
  { path: paths.academy.courses.path, element: <CoursesScreen /> },
  { path: paths.academy.topics.path, element: <TopicsScreen /> },
  { path: paths.academy.tasks.path, element: <TasksScreen /> },
  { path: paths.academy.content.path, element: <ContentScreen /> },
];
