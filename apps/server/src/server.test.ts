import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, freePort, startProcess, waitForStatus, type RunningProcess, productionEnv } from '../test/server-process.js';

/**
 * The production start for real: the compiled bundle in a child process on its own data folder,
 * then SIGTERM with a request in flight.
 */
const DRAIN_MS = 1_500;
let dataDir: string;
let port: number;
let server: RunningProcess;

beforeAll(async () => {
  buildServer();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-process-'));
  port = await freePort();
  server = startProcess(process.execPath, ['dist/server.js'], {
    ...productionEnv(port, dataDir),
    SEED_DEMO_DATA: 'true',
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
  });
  await waitForStatus(`http://127.0.0.1:${port}/api/ready`, 200, 120_000, server);
}, 150_000);

afterAll(() => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Opens a login whose body is sent in two parts, so the request is in flight until `finish()`. */
function slowLogin() {
  const body = JSON.stringify({ username: 'student', password: 'Demo@1234' });
  const cut = Math.floor(body.length / 2);
  const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/user/v1/login', headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } });
  const response = new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection }));
    });
    req.on('error', reject);
  });
  req.write(body.slice(0, cut));
  return { response, finish: () => req.end(body.slice(cut)) };
}

describe('compiled server process', () => {
  it('runs from dist without a TypeScript loader and serves the API', async () => {
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { body: { database: string } }).body.database).toBe('pglite');
    const cmdline = fs.readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8');
    expect(cmdline).toContain('dist/server.js');
    expect(cmdline).not.toMatch(/tsx|ts-node/);
  });

  it('says at warn level that demo accounts with a published password are active, and so does the sign-in page', async () => {
    expect(server.output()).toMatch(/"level":40[^\n]*demo accounts with a published password are active/);
    const notice = await fetch(`http://127.0.0.1:${port}/api/common/v1/signInNotice`);
    expect(((await notice.json()) as { body: unknown }).body).toEqual({ demoAccounts: true });
  });

  it('drains on SIGTERM: readiness false, the request in flight finishes, then it exits 0', async () => {
    const login = slowLogin();
    await new Promise((resolve) => setTimeout(resolve, 200));
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));

    const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
    expect(ready.status).toBe(503);
    expect(ready.headers.get('x-not-ready')).toBe('draining');

    // Past the drain time the listener is closed: new connections go elsewhere.
    await new Promise((resolve) => setTimeout(resolve, DRAIN_MS + 300));
    await expect(fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();

    login.finish();
    const answer = await login.response;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ status: true, body: { userName: expect.any(String) } });
    expect(JSON.parse(answer.body).body.token.length).toBeGreaterThan(20);

    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('draining: readiness is false');
    expect(server.output()).toContain('"msg":"stopped"');
  }, 60_000);
});
