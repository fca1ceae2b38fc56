import { lazyNamed } from '../../../lib/lazy-named';

/** The text namespaces this room's pages use, declared once: they load with each page's code (no raw keys). */
const NAMESPACES = ['academy'];

/** Routable pages, each its own chunk (the route tables in app/routes import them). */
export const CoursesScreen = lazyNamed(() => import('./components/courses-screen'), 'CoursesScreen', NAMESPACES);
export const TopicsScreen = lazyNamed(() => import('./components/topics-screen'), 'TopicsScreen', NAMESPACES);
export const TasksScreen = lazyNamed(() => import('./components/tasks-screen'), 'TasksScreen', NAMESPACES);
export const ContentScreen = lazyNamed(() => import('./components/content-screen'), 'ContentScreen', NAMESPACES);
