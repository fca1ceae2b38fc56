import { RELOAD_GUARD_MS } from '@app/contracts';
import { matchPath } from 'react-router';
import { paths } from '../config/paths';

/** Response header by which the server asks the client to reload (e.g. after a release). */
export const RELOAD_HEADER = 'x-reload-required';
const GUARD_KEY = 'reloadGuardAt';
/** Set by "Resume Test" so that the test page loads fresh (spec 000 §4). */
export const RESUME_RELOAD_FLAG = 'reloadTest';

/** Test pages are never reloaded under the student's feet (spec 000 §2 "Other behaviour"). */
export function isReloadExempt(pathname: string): boolean {
  return matchPath(paths.exam.player.path, pathname)?.params.type === 'test' || matchPath(paths.academy.tasks.path, pathname) !== null;
}

/**
 * Reloads the page once when the server says so; a guard stamp blocks further reloads for
 * RELOAD_GUARD_MS so that a server that keeps asking cannot trap the browser in a loop.
 */
export function reloadOnce(now = Date.now(), win: Pick<Window, 'location' | 'sessionStorage'> = window): boolean {
  if (isReloadExempt(win.location.pathname)) return false;
  const stamp = Number(win.sessionStorage.getItem(GUARD_KEY) ?? 0);
  if (stamp && now - stamp < RELOAD_GUARD_MS) return false;
  win.sessionStorage.setItem(GUARD_KEY, String(now));
  win.location.reload();
  return true;
}
