import { MENUS, type NavItem } from '@app/contracts';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { i18n } from './i18n/i18n';
import { lazyNamespaces, loadNamespaceTexts } from './i18n/locales';
import { menuPathname } from '../config/paths';
import { ADMIN_PATHS, STAFF_PATHS } from '../config/role-paths';
import { SHELL_NAV_ICONS } from '../features/shell/components/nav-icon';
import { pageTitleKey } from './page-titles';
import { adminRoutes, staffRoutes } from './routes/staff-routes';
import { STAFF_NAV_ICONS, STAFF_PAGE_COMPONENTS, STAFF_PAGES } from './staff-pages';

/*
 * A new staff page touches its feature (the page and its `staff-pages.ts` declaration) and two
 * tables: its address in config/paths.ts (the `staff` group makes it a path of the staff route
 * sets) and its menu item in the contracts (packages/contracts/src/navigation/navigation.ts).
 * Its route, document title, menu label and icon and its texts' namespace are derived; these
 * checks fail where one of them is not (docs/architecture.md, "Adding a staff page"; decision 085).
 */

/** An address the pattern matches (`:id` → 1, `*` → courses). */
const sampleOf = (pattern: string) => pattern.replace(/\/:[^/]+\?/g, '').replace(/:[^/]+/g, '1').replace(/\*$/, 'courses');

const routeOf = (routes: RouteObject[], pathname: string) => matchRoutes(routes, pathname)?.at(-1)?.route;

const staffMenuItems: NavItem[] = [...new Map([...MENUS.SchoolTeacher, ...MENUS.ClientAdmin].map((item) => [item.id, item])).values()];

const textIn = (language: 'en' | 'tn', namespace: string, key: string): unknown => i18n.getResource(language, namespace, key);

describe('staff pages, each declared once by its feature', () => {
  it('finds the features’ declarations and app’s own, one per address', () => {
    const paths = STAFF_PAGES.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(expect.arrayContaining(['/testschedule', '/studentconfig', '/metabase', '/item-calibration', '/centres', '/questionbank']));
  });

  it('gives every declared page its route, in the route set its address belongs to', () => {
    for (const page of STAFF_PAGES) {
      const routes = STAFF_PATHS.includes(page.path) ? staffRoutes : adminRoutes;
      expect(ADMIN_PATHS, page.path).toContain(page.path);
      const route = routeOf(routes, sampleOf(page.path));
      expect(route?.path, page.path).toBe(page.path);
      expect((route?.element as { type?: unknown } | undefined)?.type, page.path).toBe(STAFF_PAGE_COMPONENTS.get(page.path));
    }
  });

  it('leaves no staff address without its page but the home redirect and the course configuration redirect', () => {
    const declared = new Set(STAFF_PAGES.map((page) => page.path));
    expect(ADMIN_PATHS.filter((path) => !declared.has(path)).sort()).toEqual(['/courseconfig', '/home']);
  });

  it('titles every declared page in both languages', () => {
    for (const page of STAFF_PAGES) {
      const key = pageTitleKey(sampleOf(page.path));
      if (page.title) expect(key, page.path).toBe(page.title.key);
      expect(key, page.path).not.toBeNull();
      for (const language of ['en', 'tn'] as const) expect(textIn(language, 'common', `pageTitles.${key}`), `${language} ${page.path}`).toEqual(expect.any(String));
    }
  });

  it('labels every staff menu item in both languages and gives it its icon', async () => {
    const shell = (await loadNamespaceTexts('shell'))!;
    for (const item of staffMenuItems) {
      for (const language of ['en', 'tn'] as const) {
        const label = (shell[language].nav as Record<string, string>)[item.title] ?? textIn(language, 'common', `nav.${item.title}`);
        expect(label, `${language} ${item.title}`).toEqual(expect.any(String));
      }
      expect(SHELL_NAV_ICONS[item.icon] ?? STAFF_NAV_ICONS[item.icon], item.icon).toBeDefined();
    }
  });

  it('declares a menu label and icon only for a menu item that opens the page', () => {
    for (const page of STAFF_PAGES.filter((declared) => declared.nav)) {
      const item = staffMenuItems.find((candidate) => candidate.title === page.nav!.title);
      expect(item, page.path).toBeDefined();
      expect(routeOf(staffRoutes, menuPathname(item!.url))?.path ?? routeOf(adminRoutes, menuPathname(item!.url))?.path).toBe(page.path);
      if (page.nav!.icon) expect(item!.icon).toBe(page.nav!.icon.name);
    }
  });

  it('loads only text namespaces the app knows', () => {
    for (const page of STAFF_PAGES) for (const namespace of page.namespaces) expect(lazyNamespaces, `${page.path} ${namespace}`).toContain(namespace);
  });
});
