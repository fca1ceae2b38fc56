/**
 * Clearing the server-data cache on logout. The cache (TanStack Query) loads with the pages that
 * use it, not with the app entry (the test player does not use it); it registers its clear here.
 */
let clearCache: () => void = () => {};

export function registerQueryCacheClear(clear: () => void) {
  clearCache = clear;
}

/** Drops every cached query (a no-op while no page with queries has loaded). */
export function clearQueryCache() {
  clearCache();
}
