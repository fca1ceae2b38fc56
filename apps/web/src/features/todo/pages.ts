import { lazyNamed } from '../../lib/lazy-named';

/** The text namespaces this feature's pages use, declared once: they load with each page's code (no raw keys). */
const NAMESPACES = ['todo', 'workspace'];

/** Routable pages, each its own chunk (the route tables in app/routes import them). */
export const TodoScreen = lazyNamed(() => import('./components/todo-screen'), 'TodoScreen', NAMESPACES);
