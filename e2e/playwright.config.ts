import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

// The real server, built web app and a fresh PGlite data folder per run, driven in Debian's
// Chromium (never a downloaded browser).
// Workers load this file again: they reuse the main process's folder, and specs find the outbox
// (the server's mails as .eml files) through E2E_OUTBOX.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_OUTBOX = path.join(dataDir, 'outbox');
const port = Number(process.env.E2E_PORT ?? 8181);
export const E2E_DATA_DIR = dataDir;
export const E2E_PORT = port;
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
  outputDir: `test-results/${port}`,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'npm run start -w apps/server',
    cwd: '..',
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', E2E_OUTBOX: path.join(dataDir, 'outbox') },
  },
});
