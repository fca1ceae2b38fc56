import type { SvgIconComponent } from '@mui/icons-material';
import type { ComponentType } from 'react';

/** A text in both interface languages. */
export interface BothLanguages {
  en: string;
  tn: string;
}

/**
 * One back-office page, declared beside its code: `features/<domain>/staff-pages.ts`, or
 * `app/pages/staff-pages.ts` for a page that composes several features. `app/staff-pages.ts` finds
 * every declaration; the staff routes, document titles, menu labels and menu icons are derived from
 * them. Who may open the page is its path's group in `config/paths.ts` (the role route sets) and
 * its item in the contracts' menu table (roles and permission tab).
 */
export interface StaffPage {
  /** Its pattern in `config/paths.ts`. */
  path: string;
  /** The page, loaded as its own chunk together with the text namespaces it uses. */
  load: () => Promise<ComponentType>;
  /** Its feature's text namespaces (the back office's messages, `staffMessages`, load with every staff page). */
  namespaces: readonly string[];
  /** Its document title (`common:pageTitles.<key>`), with the texts when no other screen shares the key. */
  title?: { key: string; texts?: BothLanguages };
  /** Its menu item (contracts `MENUS`): the label of the item's `title` and the icon of its `icon` name. */
  nav?: { title: string; texts?: BothLanguages; icon?: { name: string; svg: SvgIconComponent } };
}
