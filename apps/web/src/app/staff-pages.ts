import type { SvgIconComponent } from '@mui/icons-material';
import { i18n } from './i18n/i18n';
import type { StaffPage } from '../config/staff-page';
import { lazyNamed } from '../lib/lazy-named';
import { staffPages as composedPages } from './pages/staff-pages';

/**
 * Every back-office page, as its feature declares it (`features/<domain>/staff-pages.ts`, found by
 * that name) or as app/ composes it (`pages/staff-pages.ts`). The staff routes, the document
 * titles, the menu labels and the menu icons are derived from this list; nothing else lists pages.
 */
const featureDeclarations = import.meta.glob<StaffPage[]>('../features/*/staff-pages.ts', { eager: true, import: 'staffPages' });

export const STAFF_PAGES: readonly StaffPage[] = [...Object.values(featureDeclarations).flat(), ...composedPages];

/**
 * Each page's component: its own chunk, rendered once its code and its text namespaces are in (its
 * feature's, as declared, and the back office's messages, which every staff page shows).
 */
export const STAFF_PAGE_COMPONENTS: ReadonlyMap<string, ReturnType<typeof lazyNamed>> = new Map(
  STAFF_PAGES.map((page) => [page.path, lazyNamed(async () => ({ page: await page.load() }), 'page', [...page.namespaces, 'staffMessages'])]),
);

/** Document titles of the staff pages (`[pattern, common:pageTitles key]`). */
export const STAFF_PAGE_TITLES: ReadonlyArray<readonly [pattern: string, key: string]> = STAFF_PAGES.flatMap((page) =>
  page.title ? [[page.path, page.title.key] as const] : [],
);

/** The menu icons the staff pages bring, by the name the contracts' menu table gives them. */
export const STAFF_NAV_ICONS: Readonly<Record<string, SvgIconComponent>> = Object.fromEntries(
  STAFF_PAGES.flatMap((page) => (page.nav?.icon ? [[page.nav.icon.name, page.nav.icon.svg]] : [])),
);

/** The pages' own titles and menu labels, added to the bundled `common` texts (the shell reads `common:nav.*` after its own). */
function staffPageTexts(language: 'en' | 'tn') {
  const pageTitles = Object.fromEntries(STAFF_PAGES.flatMap((page) => (page.title?.texts ? [[page.title.key, page.title.texts[language]]] : [])));
  const nav = Object.fromEntries(STAFF_PAGES.flatMap((page) => (page.nav?.texts ? [[page.nav.title, page.nav.texts[language]]] : [])));
  return { pageTitles, nav };
}

for (const language of ['en', 'tn'] as const) i18n.addResourceBundle(language, 'common', staffPageTexts(language), true, false);
