import { lazy, type ComponentType } from 'react';
import i18n from 'i18next';
import { importOrReload } from './stale-chunk';

/**
 * React.lazy for a named export, so each page is its own chunk. The texts namespaces the page
 * uses (declared once by its feature, in the feature's `pages.ts` or `staff-pages.ts`) load in
 * parallel with its code, and the page renders once both are in (no raw keys). A chunk gone after
 * a deploy reloads the page once (lib/stale-chunk.ts).
 */
export function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
  namespaces: readonly string[] = [],
) {
  return lazy(async () => {
    const [module] = await Promise.all([importOrReload(load), namespaces.length ? i18n.loadNamespaces([...namespaces]) : undefined]);
    return { default: module[name] as ComponentType };
  });
}
