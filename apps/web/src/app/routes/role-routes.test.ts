import { menuFor, type Role } from '@app/contracts';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { menuPathname } from '../../config/paths';
import { institutionRoutes } from './institution-routes';
import { parentRoutes } from './parent-routes';
import { ROLE_PATHS } from '../../config/role-paths';
import { adminRoutes, staffRoutes } from './staff-routes';

const ROUTE_SETS: Array<[Role, RouteObject[]]> = [
  ['SchoolTeacher', staffRoutes],
  ['ClientAdmin', adminRoutes],
  ['InstituteAdmin', adminRoutes],
  ['Institution', institutionRoutes],
  ['Parent', parentRoutes],
];

describe.each(ROUTE_SETS)('%s route file', (role, routes) => {
  it('has a route for every path of the role (spec 000 §2)', () => {
    expect(routes.map((route) => route.path).sort()).toEqual([...ROLE_PATHS[role]].sort());
  });

  it('opens every menu item of the role', () => {
    const unrouted = menuFor(role)
      .map((item) => menuPathname(item.url))
      .filter((pathname) => !matchRoutes(routes, pathname));
    expect(unrouted).toEqual([]);
  });

  it('does not open paths of other roles', () => {
    const foreign = role === 'Parent' ? '/reports' : '/parent/home';
    expect(matchRoutes(routes, foreign)).toBeNull();
    // Item calibration is the administrators' (its routes answer no one else).
    if (role !== 'ClientAdmin' && role !== 'InstituteAdmin') expect(matchRoutes(routes, '/item-calibration')?.at(-1)?.route.path).not.toBe('/item-calibration');
  });
});
