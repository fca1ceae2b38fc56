import type { RouteObject } from 'react-router';
import { lazyNamed } from '../lazy';

const CoursesScreen = lazyNamed(() => import('../../features/academy/components/courses-screen'), 'CoursesScreen', ['academy']);
const TopicsScreen = lazyNamed(() => import('../../features/academy/components/topics-screen'), 'TopicsScreen', ['academy']);
const TasksScreen = lazyNamed(() => import('../../features/academy/components/tasks-screen'), 'TasksScreen', ['academy']);
const ContentScreen = lazyNamed(() => import('../../features/academy/components/content-screen'), 'ContentScreen', ['academy']);

/** Student academy pages inside the shell (spec 000 §2); the generic content route comes last. */
export const academyRoutes: RouteObject[] = [
  { path: 'academy/courses', element: <CoursesScreen /> },
  { path: 'academy/courses/topic/:courseId/:topicId?', element: <TopicsScreen /> },
  { path: 'academy/courses/task/:courseId/:topicId', element: <TasksScreen /> },
  { path: ':type/:contentTypeName/:courseID/:taskID', element: <ContentScreen /> },
];
