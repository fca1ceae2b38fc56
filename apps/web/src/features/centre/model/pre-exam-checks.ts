/**
 * A lab machine's pre-exam check (docs/centre.md): each check gives pass, warn or fail with the
 * facts behind it; the screen words them. Pure functions over what the browser reports, so each
 * threshold is tested; `runPreExamChecks` gathers the facts (decision 068).
 */

import type { centreLocales } from '../locales';

export type CheckLevel = 'pass' | 'warn' | 'fail';
export type CheckId = 'browser' | 'screen' | 'clock' | 'storage' | 'reach';
type CheckTexts = (typeof centreLocales)['en']['check'];
export type CheckResult = {
  [Id in CheckId]: {
    id: Id;
    level: CheckLevel;
    /** The `centre:check.<id>.<reason>` text that says it in plain words. */
    reason: keyof CheckTexts[Id] & string;
    /** Values for the text (a browser's name and version, a size, milliseconds...). */
    values: Record<string, string | number>;
  };
}[CheckId];

/** The text of a result: its reason is one of its own check's (the type above ties them). */
export function checkTextKey(result: CheckResult) {
  return `check.${result.id}.${result.reason}` as { [Id in CheckId]: `check.${Id}.${keyof CheckTexts[Id] & string}` }[CheckId];
}

/**
 * The oldest versions the web build runs on: Vite's default target ("baseline widely available"),
 * the one apps/web builds for.
 */
export const MIN_BROWSER_VERSIONS: Readonly<Record<string, number>> = {
  Chrome: 107,
  Edge: 107,
  Firefox: 104,
  Safari: 16,
};
/** The test player lays out its question and palette side by side from this width; below it, stacked. */
export const SCREEN_COMFORTABLE = { width: 1280, height: 720 };
/** The narrowest layout the player is tested at. */
export const SCREEN_MIN = { width: 360, height: 480 };
/** The exam's time is the server's: a machine's clock off by more than this shows wrong times beside the timer. */
export const CLOCK_PASS_MS = 2_000;
export const CLOCK_WARN_MS = 60_000;
/** A save round trip on a lab network: under PASS is as good as it gets; over WARN, saves lag visibly. */
export const REACH_PASS_MS = 300;
export const REACH_WARN_MS = 1_500;
/** How many times the check asks the server (the median round trip counts; the first warms the connection). */
export const REACH_SAMPLES = 5;
/** Free space the player's saved answers and the app's files need at the least, and comfortably. */
export const STORAGE_MIN_BYTES = 5 * 1024 * 1024;
export const STORAGE_COMFORTABLE_BYTES = 50 * 1024 * 1024;

export interface BrowserFacts {
  /** From navigator.userAgentData when the browser gives it, else read from the user agent. */
  name: string | null;
  version: number | null;
  /** The features the player needs, tested directly. */
  missingFeatures: string[];
}

/** The browser's name and major version from its user-agent brands or string (display and the version floor only). */
export function browserOf(
  userAgent: string,
  brands?: ReadonlyArray<{ brand: string; version: string }>,
): { name: string | null; version: number | null } {
  const known = ['Microsoft Edge', 'Google Chrome', 'Chromium'];
  const brand = brands && known.map((name) => brands.find((b) => b.brand === name)).find(Boolean);
  if (brand)
    return {
      name: brand.brand === 'Microsoft Edge' ? 'Edge' : 'Chrome',
      version: Number.parseInt(brand.version, 10) || null,
    };
  const patterns: Array<[string, RegExp]> = [
    ['Edge', /\bEdg\/(\d+)/],
    ['Firefox', /\bFirefox\/(\d+)/],
    ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
    ['Safari', /\bVersion\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//],
  ];
  for (const [name, pattern] of patterns) {
    const match = pattern.exec(userAgent);
    if (match) return { name, version: Number.parseInt(match[1]!, 10) };
  }
  return { name: null, version: null };
}

export function checkBrowser(facts: BrowserFacts): CheckResult {
  const values = { name: facts.name ?? '?', version: facts.version ?? '?', missing: facts.missingFeatures.join(', ') };
  if (facts.missingFeatures.length) return { id: 'browser', level: 'fail', reason: 'missing', values };
  const floor = facts.name ? MIN_BROWSER_VERSIONS[facts.name] : undefined;
  if (floor === undefined || facts.version === null) return { id: 'browser', level: 'warn', reason: 'unknown', values };
  if (facts.version < floor) return { id: 'browser', level: 'fail', reason: 'old', values: { ...values, min: floor } };
  return { id: 'browser', level: 'pass', reason: 'ok', values };
}

export function checkScreen(size: { width: number; height: number }): CheckResult {
  const values = {
    width: Math.round(size.width),
    height: Math.round(size.height),
    minWidth: SCREEN_COMFORTABLE.width,
    minHeight: SCREEN_COMFORTABLE.height,
  };
  if (size.width < SCREEN_MIN.width || size.height < SCREEN_MIN.height)
    return { id: 'screen', level: 'fail', reason: 'tooSmall', values };
  if (size.width < SCREEN_COMFORTABLE.width || size.height < SCREEN_COMFORTABLE.height)
    return { id: 'screen', level: 'warn', reason: 'small', values };
  return { id: 'screen', level: 'pass', reason: 'ok', values };
}

/** The machine's clock minus the server's (positive: the machine is ahead); null when the server gave no time. */
export function checkClock(offsetMs: number | null): CheckResult {
  if (offsetMs === null) return { id: 'clock', level: 'fail', reason: 'unknown', values: {} };
  const seconds = Math.round(Math.abs(offsetMs) / 100) / 10;
  const values = { seconds, direction: offsetMs >= 0 ? 'ahead' : 'behind' };
  if (Math.abs(offsetMs) <= CLOCK_PASS_MS) return { id: 'clock', level: 'pass', reason: 'ok', values };
  // The timer runs on the server's clock, so a wrong machine clock never fails the exam; it confuses people.
  return { id: 'clock', level: 'warn', reason: Math.abs(offsetMs) <= CLOCK_WARN_MS ? 'off' : 'farOff', values };
}

export interface StorageFacts {
  localStorage: boolean;
  indexedDb: boolean;
  /** Free bytes (quota − usage) when the browser tells; null when it does not. */
  freeBytes: number | null;
}

export function checkStorage(facts: StorageFacts): CheckResult {
  const megabytes = facts.freeBytes === null ? '?' : Math.floor(facts.freeBytes / (1024 * 1024));
  const values = { megabytes };
  // The player keeps every unsent answer in localStorage before it is sent: without it a cut loses answers.
  if (!facts.localStorage) return { id: 'storage', level: 'fail', reason: 'noLocalStorage', values };
  if (facts.freeBytes !== null && facts.freeBytes < STORAGE_MIN_BYTES)
    return { id: 'storage', level: 'fail', reason: 'full', values };
  if (!facts.indexedDb) return { id: 'storage', level: 'warn', reason: 'noIndexedDb', values };
  if (facts.freeBytes !== null && facts.freeBytes < STORAGE_COMFORTABLE_BYTES)
    return { id: 'storage', level: 'warn', reason: 'low', values };
  return { id: 'storage', level: 'pass', reason: facts.freeBytes === null ? 'okUnknownSpace' : 'ok', values };
}

/** Round trips of the calls that came back (ms), and how many did not. */
export function checkReach(roundTrips: number[], failed: number, role: 'central' | 'centre' | null): CheckResult {
  if (!roundTrips.length) return { id: 'reach', level: 'fail', reason: 'unreachable', values: {} };
  const sorted = [...roundTrips].sort((a, b) => a - b);
  const median = Math.round(sorted[Math.floor(sorted.length / 2)]!);
  const values = { ms: median, failed };
  if (failed > 0 || median > REACH_WARN_MS)
    return { id: 'reach', level: 'warn', reason: failed > 0 ? 'lossy' : 'slow', values };
  if (role === 'central') return { id: 'reach', level: 'warn', reason: 'central', values };
  if (median > REACH_PASS_MS) return { id: 'reach', level: 'warn', reason: 'slow', values };
  return { id: 'reach', level: 'pass', reason: 'ok', values };
}

/** The worst of the results: what the screen says first. */
export function overallLevel(results: CheckResult[]): CheckLevel {
  if (results.some((r) => r.level === 'fail')) return 'fail';
  if (results.some((r) => r.level === 'warn')) return 'warn';
  return 'pass';
}

export interface ProbeDeps {
  /** One call to the server's check: its role and clock; throws when it does not answer. */
  askServer: () => Promise<{ role: 'central' | 'centre'; serverNow: string }>;
  now: () => number;
  /** A monotonic clock for round trips. */
  elapsed: () => number;
  browser: () => BrowserFacts;
  screen: () => { width: number; height: number };
  storage: () => Promise<StorageFacts>;
}

/** Every check, in the order the screen lists them. */
export async function runPreExamChecks(deps: ProbeDeps): Promise<CheckResult[]> {
  const roundTrips: number[] = [];
  const offsets: number[] = [];
  let failed = 0;
  let role: 'central' | 'centre' | null = null;
  for (let i = 0; i < REACH_SAMPLES; i += 1) {
    const sentAt = deps.now();
    const started = deps.elapsed();
    try {
      const answer = await deps.askServer();
      const trip = deps.elapsed() - started;
      role = answer.role;
      roundTrips.push(trip);
      // The server read its clock about half-way through the round trip.
      offsets.push(sentAt + trip / 2 - Date.parse(answer.serverNow));
    } catch {
      failed += 1;
    }
  }
  // The first call also opens the connection: its round trip says little about the next.
  const trips = roundTrips.length > 1 ? roundTrips.slice(1) : roundTrips;
  const byTrip = offsets.map((offset, i) => ({ offset, trip: roundTrips[i]! })).sort((a, b) => a.trip - b.trip);
  return [
    checkBrowser(deps.browser()),
    checkScreen(deps.screen()),
    checkClock(byTrip[0]?.offset ?? null),
    checkStorage(await deps.storage()),
    checkReach(trips, failed, role),
  ];
}

/** What this browser offers the player (the features it needs, tested directly). */
export function browserFacts(): BrowserFacts {
  const data = (navigator as Navigator & { userAgentData?: { brands?: Array<{ brand: string; version: string }> } })
    .userAgentData;
  const { name, version } = browserOf(navigator.userAgent, data?.brands);
  const needed: Array<[string, boolean]> = [
    ['fetch', typeof fetch === 'function'],
    ['AbortController', typeof AbortController === 'function'],
    ['Promise.allSettled', typeof Promise.allSettled === 'function'],
    ['structuredClone', typeof structuredClone === 'function'],
    ['Intl.DateTimeFormat', typeof Intl?.DateTimeFormat === 'function'],
    ['CSS grid', typeof CSS !== 'undefined' && CSS.supports('display', 'grid')],
  ];
  return { name, version, missingFeatures: needed.filter(([, ok]) => !ok).map(([feature]) => feature) };
}

/** Whether localStorage and IndexedDB work here (a private window may refuse them), and the free space. */
export async function storageFacts(): Promise<StorageFacts> {
  let local = false;
  try {
    const key = '__centre_check__';
    localStorage.setItem(key, '1');
    local = localStorage.getItem(key) === '1';
    localStorage.removeItem(key);
  } catch {
    local = false;
  }
  const indexedDb = await new Promise<boolean>((resolve) => {
    try {
      const request = indexedDB.open('centre-check');
      request.onsuccess = () => {
        request.result.close();
        indexedDB.deleteDatabase('centre-check');
        resolve(true);
      };
      request.onerror = () => resolve(false);
      request.onblocked = () => resolve(false);
    } catch {
      resolve(false);
    }
  });
  let freeBytes: number | null = null;
  try {
    const estimate = await navigator.storage?.estimate?.();
    if (estimate?.quota !== undefined) freeBytes = estimate.quota - (estimate.usage ?? 0);
  } catch {
    freeBytes = null;
  }
  return { localStorage: local, indexedDb, freeBytes };
}
