import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/seed-accounts.js';
import { buildServer, freePort, SERVER_DIR, startProcess, waitForStatus, type RunningProcess, productionEnv } from '../test/server-process.js';

/**
 * The production path for real: the compiled server started as in production (NODE_ENV=production,
 * no SEED_DEMO_DATA) has no account with the published password, and the compiled bootstrap
 * command creates the first administrator on its data folder (refused while the server holds it).
 */
const PASSWORD = 'correct horse battery staple';
let dataDir: string;
let port: number;
let server: RunningProcess | undefined;

const env = () => ({
  ...productionEnv(port, dataDir),
  SEED_DEMO_DATA: undefined,
  PASSWORD_HASH_MEMORY_KIB: '64',
});

async function startServer(): Promise<RunningProcess> {
  const started = startProcess(process.execPath, ['dist/server.js'], env());
  await waitForStatus(`http://127.0.0.1:${port}/api/ready`, 200, 120_000, started);
  return started;
}

async function stopServer(): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** The compiled bootstrap command with `stdin` as its standard input. */
function bootstrap(args: string[], stdin: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const merged: NodeJS.ProcessEnv = { ...process.env };
    for (const [name, value] of Object.entries(env())) {
      if (value === undefined) delete merged[name];
      else merged[name] = value;
    }
    const child = spawn(process.execPath, ['dist/first-admin.js', ...args], { cwd: SERVER_DIR, env: merged, stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
    child.stdin.end(stdin);
  });
}

const login = (username: string, password: string) =>
  fetch(`http://127.0.0.1:${port}/api/user/v1/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });

const ARGS = ['--client', 'Sunrise Group', '--institute', 'Sunrise Academy', '--admin-username', 'owner', '--admin-email', 'owner@sunrise.example'];

beforeAll(async () => {
  buildServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-first-admin-'));
  port = await freePort();
  server = await startServer();
}, 150_000);

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('a production start without demo data', () => {
  it('has no account that signs in with the published password, says so on the sign-in page, and logs how to begin', async () => {
    for (const account of DEMO_ACCOUNTS) expect((await login(account.username, DEMO_PASSWORD)).status, account.username).toBe(401);
    const notice = await fetch(`http://127.0.0.1:${port}/api/common/v1/signInNotice`);
    expect(((await notice.json()) as { body: unknown }).body).toEqual({ demoAccounts: false });
    expect(server!.output()).toContain('no administrator account yet');
    expect(server!.output()).not.toContain('demo accounts with a published password are active');
    // The reference data every installation needs is there without the demo data.
    const states = (await (await fetch(`http://127.0.0.1:${port}/api/Common/v1/state`)).json()) as { body: unknown[] };
    expect(states.body.length).toBe(36);
  });

  it('refuses the bootstrap while the server holds the data folder', async () => {
    const run = await bootstrap(ARGS, `${PASSWORD}\n`);
    expect(run.code).toBe(1);
    expect(run.output).toContain('in use by another server process');
  }, 60_000);
});

describe('npm run bootstrap', () => {
  it('refuses a weak password or a missing name and writes nothing', async () => {
    await stopServer();
    const weak = await bootstrap(ARGS, 'Demo@1234\n');
    expect(weak.code).toBe(1);
    expect(weak.output).toContain('Refused, nothing was written');
    const nameless = await bootstrap(['--client', '', '--institute', 'Sunrise Academy', '--admin-username', 'owner'], `${PASSWORD}\n`);
    expect(nameless.code).toBe(1);
    expect(nameless.output).toContain('clientName');
    const asArgument = await bootstrap([...ARGS, '--password', PASSWORD], '');
    expect(asArgument.code).toBe(2);
  }, 120_000);

  it('creates the first administrator, who signs in to the started server; a second run is refused', async () => {
    const first = await bootstrap(ARGS, `${PASSWORD}\n`);
    expect(first.output).toContain('ClientAdmin "owner" created');
    expect(first.code).toBe(0);
    const again = await bootstrap([...ARGS.slice(0, -4), '--admin-username', 'owner2'], `${PASSWORD}\n`);
    expect(again.code).toBe(1);
    expect(again.output).toContain('An administrator account exists already');

    server = await startServer();
    expect(server.output()).not.toContain('no administrator account yet');
    const signedIn = await login('owner', PASSWORD);
    expect(signedIn.status).toBe(200);
    const { body } = (await signedIn.json()) as { body: { token: string; userTypeName: string } };
    expect(body.userTypeName).toBe('ClientAdmin');
    const tabs = await fetch(`http://127.0.0.1:${port}/api/teacher/v1/getUserInfo`, { headers: { authorization: `Bearer ${body.token}` } });
    expect(tabs.status).toBe(200);
    await stopServer();
  }, 240_000);
});
