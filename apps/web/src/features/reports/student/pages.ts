import { lazyNamed } from '../../../lib/lazy-named';

/** The text namespaces this room's pages use, declared once: they load with each page's code (no raw keys). */
const NAMESPACES = ['reports'];

/** Routable pages, each its own chunk (the route tables in app/routes import them). */
export const OverallDashboard = lazyNamed(() => import('./components/overall-dashboard'), 'OverallDashboard', NAMESPACES);
export const NeetReport = lazyNamed(() => import('./components/neet-report'), 'NeetReport', NAMESPACES);
export const SubjectDashboard = lazyNamed(() => import('./components/subject-dashboard'), 'SubjectDashboard', NAMESPACES);
