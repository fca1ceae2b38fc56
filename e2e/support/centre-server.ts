import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';

/*
 * A real exam-centre server for the centre specs (docs/centre.md): a second server process in the
 * centre role, on its own embedded database in a data folder of its own, with its own first
 * administrator, whose central server is the e2e server (or whatever `centralUrl` points at).
 */

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server');
export const CENTRAL = `http://127.0.0.1:${E2E_PORT}`;
export const LAB_ADMIN = 'labadmin';
export const LAB_PASSWORD = 'Lab-admin-pass-2026';

/** A port nobody listens on now (the system's choice, so that parallel workers never collide). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface CentreServer {
  base: string;
  /** What the process printed, for failure messages. */
  log: () => string;
  stop: () => Promise<void>;
}

function centreEnv(port: number, dataDir: string, centralUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SERVER_ROLE: 'centre',
    CENTRAL_URL: centralUrl,
    CENTRE_POLL_INTERVAL_MS: '0',
    SEED_DEMO_DATA: 'false',
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'E2E_OUTBOX']) delete env[name];
  return env;
}

/** The centre's own first administrator, made before its server holds the data folder. */
function bootstrap(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['dist/first-admin.js', '--client', 'Lab Operators', '--institute', 'Lab One', '--admin-username', LAB_ADMIN],
      { cwd: SERVER_DIR, env, stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`bootstrap exited ${code}:\n${output}`))));
    child.stdin.end(`${LAB_PASSWORD}\n`);
  });
}

/**
 * Starts a centre server (built server, `dist/`) on a free port with a fresh data folder and its
 * first administrator, and waits until it is ready. `stop` ends it and removes the folder.
 */
export async function startCentreServer({ centralUrl = CENTRAL }: { centralUrl?: string } = {}): Promise<CentreServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-e2e-centre-'));
  const port = await freePort();
  const env = centreEnv(port, dataDir, centralUrl);
  await bootstrap(env);
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: SERVER_DIR,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await expect
      .poll(async () => (await fetch(`${base}/api/ready`).catch(() => null))?.status ?? 0, {
        timeout: 180_000,
        message: `the centre server did not start:\n${output}`,
      })
      .toBe(200);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, log: () => output, stop };
}

/**
 * The centre's wide-area link to its central server, made real: a TCP relay on a port of its own
 * that passes every connection through to the central server. `cut` closes it and drops every
 * open connection (the centre's calls then fail as with a dead line); `restore` listens again on
 * the same port.
 */
export interface WanLink {
  url: string;
  cut: () => Promise<void>;
  restore: () => Promise<void>;
}

export async function startWanLink(target = { host: '127.0.0.1', port: E2E_PORT }): Promise<WanLink> {
  const port = await freePort();
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const relay = net.createServer((inbound) => {
        const outbound = net.connect(target.port, target.host);
        for (const socket of [inbound, outbound]) {
          sockets.add(socket);
          socket.once('close', () => sockets.delete(socket));
          socket.on('error', () => {
            inbound.destroy();
            outbound.destroy();
          });
        }
        inbound.pipe(outbound);
        outbound.pipe(inbound);
      });
      relay.once('error', reject);
      relay.listen(port, '127.0.0.1', () => {
        server = relay;
        resolve();
      });
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      if (!server) return resolve();
      const closing = server;
      server = null;
      for (const socket of sockets) socket.destroy();
      closing.close(() => resolve());
    });
  await listen();
  return { url: `http://127.0.0.1:${port}`, cut, restore: listen };
}

/** A bearer token from a server's login call. */
export async function tokenAt(request: APIRequestContext, base: string, username: string, password: string): Promise<string> {
  const res = await request.post(`${base}/api/user/v1/login`, { data: { username, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).body.token as string;
}

/** Signs in on a server's own login page (any language) and waits to leave it. */
export async function signInAt(page: Page, base: string, username: string, password: string) {
  await page.goto(`${base}/login`);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press('Enter');
  await expect(page).not.toHaveURL(/\/login/, { timeout: 20_000 });
}
