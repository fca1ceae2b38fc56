import { isReloadExempt } from './reload-guard';

const GUARD_KEY = 'staleChunkReloadAt';
/**
 * A second failure within this time after a reload is not a stale deploy but a missing file or a
 * network that is down: the page shows the error instead of reloading again (no loop).
 */
export const STALE_CHUNK_GUARD_MS = 60_000;

// Chromium, Firefox and Safari word a failed dynamic import differently; Vite's preload helper
// (CSS of a chunk) throws "Unable to preload CSS".
const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

/** A lazy page's code could not be loaded: after a deploy the old chunk names are gone. */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

/**
 * Reloads the page once to pick up the new build's chunks. A guard stamp keeps a chunk that is
 * really missing from reloading forever, and test pages are never reloaded under the student's
 * feet (spec 000 §2): there the error screen offers the reload instead.
 */
export function reloadForStaleChunk(
  now = Date.now(),
  win: Pick<Window, 'location' | 'sessionStorage'> = window,
): boolean {
  if (isReloadExempt(win.location.pathname)) return false;
  let stamp = 0;
  try {
    stamp = Number(win.sessionStorage.getItem(GUARD_KEY) ?? 0);
    if (stamp && now - stamp < STALE_CHUNK_GUARD_MS) return false;
    win.sessionStorage.setItem(GUARD_KEY, String(now));
  } catch {
    // Storage refused (private mode, quota): without a guard, do not risk a reload loop.
    return false;
  }
  win.location.reload();
  return true;
}

/**
 * Loads a page's module. A chunk that is gone after a deploy reloads the page once (the new
 * build's index.html names the new chunks); meanwhile the Suspense fallback stays up, so nothing
 * blanks. When the reload is refused (already tried, or a test page) the error goes on to the
 * nearest error boundary, which offers "Try again".
 */
export async function importOrReload<M>(
  load: () => Promise<M>,
  reload: () => boolean = () => reloadForStaleChunk(),
): Promise<M> {
  try {
    return await load();
  } catch (error) {
    if (isChunkLoadError(error) && reload()) return new Promise<M>(() => {});
    throw error;
  }
}
