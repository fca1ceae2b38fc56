import type { RouteObject } from 'react-router';
import { lazyNamed } from '../lazy';
import { paths } from '../../config/paths';

const CoursesScreen = lazyNamed(() => import('../../features/academy/student/components/courses-screen'), 'CoursesScreen', ['academy']);
const TopicsScreen = lazyNamed(() => import('../../features/academy/student/components/topics-screen'), 'TopicsScreen', ['academy']);
const TasksScreen = lazyNamed(() => import('../../features/academy/student/components/tasks-screen'), 'TasksScreen', ['academy']);
const ContentScreen = lazyNamed(() => import('../../features/academy/student/components/content-screen'), 'ContentScreen', ['academy']);

/** Student academy pages inside the shell (spec 000 §2); the generic content route comes last. */
export const academyRoutes: RouteObject[] = [
  { path: paths.academy.courses.path, element: <CoursesScreen /> },
  { path: paths.academy.topics.path, element: <TopicsScreen /> },
  { path: paths.academy.tasks.path, element: <TasksScreen /> },
  { path: paths.academy.content.path, element: <ContentScreen /> },
];
