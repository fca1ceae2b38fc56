import { describe, expect, it } from 'vitest';
import {
  browserOf,
  checkBrowser,
  checkClock,
  checkReach,
  checkScreen,
  checkStorage,
  overallLevel,
  runPreExamChecks,
  type ProbeDeps,
} from './pre-exam-checks';

const CHROME_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const EDGE_UA = `${CHROME_UA} Edg/131.0.0.0`;
const FIREFOX_UA = 'Mozilla/5.0 (X11; Linux x86_64; rv:98.0) Gecko/20100101 Firefox/98.0';
const SAFARI_UA =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

describe('the browser check', () => {
  it('reads the name and major version from the brands or the user agent', () => {
    expect(browserOf(CHROME_UA)).toEqual({ name: 'Chrome', version: 131 });
    expect(browserOf(EDGE_UA)).toEqual({ name: 'Edge', version: 131 });
    expect(browserOf(FIREFOX_UA)).toEqual({ name: 'Firefox', version: 98 });
    expect(browserOf(SAFARI_UA)).toEqual({ name: 'Safari', version: 17 });
    expect(browserOf(CHROME_UA.replace('Chrome/', 'HeadlessChrome/'))).toEqual({ name: 'Chrome', version: 131 });
    expect(
      browserOf('curl/8', [
        { brand: 'Not=A?Brand', version: '99' },
        { brand: 'Google Chrome', version: '120' },
      ]),
    ).toEqual({ name: 'Chrome', version: 120 });
    expect(browserOf('SomethingElse/1.0')).toEqual({ name: null, version: null });
  });

  it('passes a current browser, fails an old one or one that lacks a feature, and warns on an unknown one', () => {
    expect(checkBrowser({ name: 'Chrome', version: 131, missingFeatures: [] })).toMatchObject({
      level: 'pass',
      reason: 'ok',
    });
    expect(checkBrowser({ name: 'Firefox', version: 98, missingFeatures: [] })).toMatchObject({
      level: 'fail',
      reason: 'old',
      values: { min: 104 },
    });
    expect(checkBrowser({ name: 'Chrome', version: 131, missingFeatures: ['structuredClone'] })).toMatchObject({
      level: 'fail',
      reason: 'missing',
      values: { missing: 'structuredClone' },
    });
    expect(checkBrowser({ name: null, version: null, missingFeatures: [] })).toMatchObject({
      level: 'warn',
      reason: 'unknown',
    });
  });
});

describe('the screen, clock, storage and reach checks', () => {
  it('grades the screen size', () => {
    expect(checkScreen({ width: 1366, height: 768 }).level).toBe('pass');
    expect(checkScreen({ width: 1024, height: 768 })).toMatchObject({ level: 'warn', reason: 'small' });
    expect(checkScreen({ width: 320, height: 568 })).toMatchObject({ level: 'fail', reason: 'tooSmall' });
  });

  it('grades the clock offset, never failing a machine for its clock alone', () => {
    expect(checkClock(800)).toMatchObject({ level: 'pass', values: { seconds: 0.8, direction: 'ahead' } });
    expect(checkClock(-15_000)).toMatchObject({
      level: 'warn',
      reason: 'off',
      values: { seconds: 15, direction: 'behind' },
    });
    expect(checkClock(300_000)).toMatchObject({ level: 'warn', reason: 'farOff' });
    expect(checkClock(null)).toMatchObject({ level: 'fail', reason: 'unknown' });
  });

  it('fails without localStorage (unsent answers live there) or with the disk full, warns without IndexedDB or on low space', () => {
    const mb = 1024 * 1024;
    expect(checkStorage({ localStorage: true, indexedDb: true, freeBytes: 500 * mb })).toMatchObject({
      level: 'pass',
      reason: 'ok',
      values: { megabytes: 500 },
    });
    expect(checkStorage({ localStorage: true, indexedDb: true, freeBytes: null })).toMatchObject({
      level: 'pass',
      reason: 'okUnknownSpace',
    });
    expect(checkStorage({ localStorage: false, indexedDb: true, freeBytes: 500 * mb })).toMatchObject({
      level: 'fail',
      reason: 'noLocalStorage',
    });
    expect(checkStorage({ localStorage: true, indexedDb: true, freeBytes: 2 * mb })).toMatchObject({
      level: 'fail',
      reason: 'full',
    });
    expect(checkStorage({ localStorage: true, indexedDb: false, freeBytes: 500 * mb })).toMatchObject({
      level: 'warn',
      reason: 'noIndexedDb',
    });
    expect(checkStorage({ localStorage: true, indexedDb: true, freeBytes: 20 * mb })).toMatchObject({
      level: 'warn',
      reason: 'low',
    });
  });

  it('grades the round trip by its median, and says so when calls are lost or the server is the central one', () => {
    expect(checkReach([12, 40, 15], 0, 'centre')).toMatchObject({ level: 'pass', values: { ms: 15 } });
    expect(checkReach([400, 500, 450], 0, 'centre')).toMatchObject({
      level: 'warn',
      reason: 'slow',
      values: { ms: 450 },
    });
    expect(checkReach([12, 15], 2, 'centre')).toMatchObject({ level: 'warn', reason: 'lossy', values: { failed: 2 } });
    expect(checkReach([12, 15], 0, 'central')).toMatchObject({ level: 'warn', reason: 'central' });
    expect(checkReach([], 5, null)).toMatchObject({ level: 'fail', reason: 'unreachable' });
  });

  it('says the worst level first', () => {
    const pass = checkScreen({ width: 1366, height: 768 });
    expect(overallLevel([pass])).toBe('pass');
    expect(overallLevel([pass, checkClock(-15_000)])).toBe('warn');
    expect(overallLevel([pass, checkClock(-15_000), checkReach([], 5, null)])).toBe('fail');
  });
});

describe('running the checks', () => {
  /** A server whose clock is `serverAhead` ms ahead of the machine's, answering after `trips` ms each. */
  function probes(serverAhead: number, trips: number[]): ProbeDeps {
    let machine = Date.UTC(2026, 5, 1, 4, 0, 0);
    let calls = 0;
    return {
      now: () => machine,
      elapsed: () => machine,
      askServer: async () => {
        const trip = trips[calls++];
        if (trip === undefined) throw new Error('no answer');
        const serverNow = new Date(machine + trip / 2 + serverAhead).toISOString();
        machine += trip;
        return { role: 'centre', serverNow };
      },
      browser: () => ({ name: 'Chrome', version: 131, missingFeatures: [] }),
      screen: () => ({ width: 1366, height: 768 }),
      storage: async () => ({ localStorage: true, indexedDb: true, freeBytes: 100 * 1024 * 1024 }),
    };
  }

  it('measures the clock offset from the quickest round trip and the reach without the first call', async () => {
    const results = await runPreExamChecks(probes(-30_000, [900, 20, 10, 30, 20]));
    expect(results.map((r) => r.id)).toEqual(['browser', 'screen', 'clock', 'storage', 'reach']);
    // The machine is 30 s ahead of the server.
    expect(results[2]).toMatchObject({ level: 'warn', reason: 'off', values: { seconds: 30, direction: 'ahead' } });
    // The 900 ms first call (the connection opening) is left out: the median of the rest is 20 ms.
    expect(results[4]).toMatchObject({ level: 'pass', values: { ms: 20, failed: 0 } });
  });

  it('fails the clock and the reach when the server does not answer', async () => {
    const results = await runPreExamChecks(probes(0, []));
    expect(results[2]).toMatchObject({ level: 'fail', reason: 'unknown' });
    expect(results[4]).toMatchObject({ level: 'fail', reason: 'unreachable' });
  });
});
