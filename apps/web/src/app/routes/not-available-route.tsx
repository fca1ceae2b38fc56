import type { RouteObject } from 'react-router';
import { lazyNamed } from '../lazy';

const NotAvailable = lazyNamed(() => import('../../features/shell/components/not-available'), 'NotAvailable', [
  'shell',
]);

/** Routes of the spec whose feature has not landed: each shows the honest "not available" page. */
export function notAvailableRoutes(patterns: readonly string[]): RouteObject[] {
  return patterns.map((path) => ({ path, element: <NotAvailable /> }));
}
