import type { RouteObject } from 'react-router';
import { NotAvailable } from '../../features/shell/pages';

/** Routes of the spec whose feature has not landed: each shows the honest "not available" page. */
export function notAvailableRoutes(patterns: readonly string[]): RouteObject[] {
  return patterns.map((path) => ({ path, element: <NotAvailable /> }));
}
