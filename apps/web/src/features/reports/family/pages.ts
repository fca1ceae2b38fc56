import { lazyNamed } from '../../../lib/lazy-named';

/**
 * The text namespaces this room's pages use, declared once: they load with each page's code (no raw
 * keys). The family and institution pages build on the student reports' texts.
 */
const NAMESPACES = ['reports', 'familyReports'];

/** Routable pages, each its own chunk (the route tables in app/routes import them). */
export const DigestUnsubscribe = lazyNamed(() => import('./components/digest-settings'), 'DigestUnsubscribe', NAMESPACES);
export const EisDashboard = lazyNamed(() => import('./components/effort-dashboard'), 'EisDashboard', NAMESPACES);
export const ParentHome = lazyNamed(() => import('./components/parent-pages'), 'ParentHome', NAMESPACES);
export const ParentDashboard = lazyNamed(() => import('./components/parent-pages'), 'ParentDashboard', NAMESPACES);
export const ParentActivity = lazyNamed(() => import('./components/parent-pages'), 'ParentActivity', NAMESPACES);
export const ParentSummaryReport = lazyNamed(() => import('./components/summary-report'), 'ParentSummaryReport', NAMESPACES);
export const ParentReport = lazyNamed(() => import('./components/parent-pages'), 'ParentReport', NAMESPACES);
export const InstitutionReports = lazyNamed(() => import('./components/institution-reports'), 'InstitutionReports', NAMESPACES);
export const InstitutionSubjectDashboard = lazyNamed(() => import('./components/institution-reports'), 'InstitutionSubjectDashboard', NAMESPACES);
