import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The real server, built web app and a fresh PGlite data folder per run, driven in Debian's
// Chromium (never a downloaded browser). The suite runs on E2E_WORKERS workers (2 under CI, else
// 1), each against a server and data folder of its own: worker slot i (TEST_PARALLEL_INDEX) talks
// to port E2E_PORT + i, so no two specs ever share a database at the same time.
// Workers load this file again with their own TEST_PARALLEL_INDEX: they reuse the main process's
// folder, and specs find their server's outbox (its mails as .eml files) through E2E_OUTBOX.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const workers = Number(process.env.E2E_WORKERS ?? (process.env.CI ? 2 : 1));
process.env.E2E_WORKERS = String(workers);
const basePort = Number(process.env.E2E_PORT ?? 8181);
/** The server of worker slot `index`: its port and data folder. */
const server = (index: number) => ({ port: basePort + index, dataDir: path.join(dataDir, `server-${index}`) });
const slot = Number(process.env.TEST_PARALLEL_INDEX ?? 0) % workers;
const own = server(slot);
process.env.E2E_OUTBOX = path.join(own.dataDir, 'outbox');
export const E2E_DATA_DIR = own.dataDir;
export const E2E_PORT = own.port;
/**
 * Debian's Chromium headless shell (package chromium-headless-shell), as Playwright's own headless
 * runs use: the same Blink and V8 without the desktop browser's window, GPU process and user
 * interface, so a spec costs less CPU (decision 102). The full browser when the shell is missing.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');
/** Debian's Chromium as root, without the background traffic of a desktop browser. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

export default defineConfig({
  testDir: './tests',
  // One results folder per port, so engineers running their suites at the same time do not clear each other's.
  outputDir: `test-results/${basePort}`,
  // Two workers share two cores with their servers: each waits up to twice as long as one alone would.
  timeout: 60_000 * workers,
  expect: { timeout: 10_000 * workers },
  fullyParallel: false,
  workers,
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL: `http://127.0.0.1:${own.port}`,
    // A trace costs every action a snapshot: kept for the retry of a failed test, where it tells why.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: Array.from({ length: workers }, (_, index) => server(index)).map(({ port, dataDir }) => ({
    command: 'npm run start -w apps/server',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', E2E_OUTBOX: path.join(dataDir, 'outbox') },
  })),
});
