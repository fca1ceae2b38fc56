#!/usr/bin/env node
// Cluster start (`npm run start:cluster`, after `npm run build`): N server processes from
// apps/server/dist on one PostgreSQL, sharing Redis, behind HAProxy (deploy/haproxy.cfg).
// The first process migrates and seeds before the others start; a process that dies is started
// again; SIGTERM or SIGINT drains every process (readiness false, in-flight requests finish),
// then stops HAProxy.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_DIR = path.join(ROOT, 'apps/server');
const env = process.env;

let stopping = false;
const workers = [];
let balancer;

function fail(message) {
  console.error(`start-cluster: ${message}`);
  stopping = true;
  for (const worker of workers) worker?.child.kill('SIGTERM');
  balancer?.kill('SIGTERM');
  process.exit(1);
}

const settings = {
  databaseUrl: env.DATABASE_URL,
  redisUrl: env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  processes: Number(env.CLUSTER_PROCESSES ?? 2),
  host: env.HOST ?? '0.0.0.0',
  port: Number(env.PORT ?? 8080),
  basePort: Number(env.CLUSTER_BASE_PORT ?? Number(env.PORT ?? 8080) + 1),
  drainMs: env.SHUTDOWN_DRAIN_MS ?? '3000',
  haproxy: env.HAPROXY_BIN ?? 'haproxy',
  runDir: env.CLUSTER_RUN_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-cluster-')),
};
if (!settings.databaseUrl?.startsWith('postgres')) fail('DATABASE_URL=postgres://… is required: several processes cannot share the embedded database.');
if (!Number.isInteger(settings.processes) || settings.processes < 1 || settings.processes > 64) fail('CLUSTER_PROCESSES must be 1–64.');
if (!fs.existsSync(path.join(SERVER_DIR, 'dist/server.js'))) fail('apps/server/dist/server.js is missing: run `npm run build` first.');

function pipeOutput(child, name) {
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.on('data', (chunk) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line) process.stdout.write(`[${name}] ${line}\n`);
    });
  }
}

async function waitReady(url, timeoutMs, child) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) return false;
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === 200) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

function startWorker(index, seed) {
  const port = settings.basePort + index;
  const name = `app${index + 1}`;
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
    cwd: SERVER_DIR,
    env: {
      ...env,
      NODE_ENV: env.NODE_ENV ?? 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: settings.databaseUrl,
      REDIS_URL: settings.redisUrl,
      SHUTDOWN_DRAIN_MS: settings.drainMs,
      // HAProxy on loopback forwards the client's address; rate limits key on it.
      TRUST_PROXY: env.TRUST_PROXY ?? 'loopback',
      // Demo data only when asked for (SEED_DEMO_DATA=true): a production cluster starts without accounts.
      SEED_DEMO_DATA: seed ? (env.SEED_DEMO_DATA ?? 'false') : 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  pipeOutput(child, name);
  const worker = { name, port, child };
  workers[index] = worker;
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`start-cluster: ${name} exited (${signal ?? code}); starting it again in 1 s`);
    setTimeout(() => {
      if (!stopping) startWorker(index, false);
    }, 1_000);
  });
  return worker;
}

async function main() {
  const base = fs.readFileSync(path.join(ROOT, 'deploy/haproxy.cfg'), 'utf8');
  const servers = Array.from({ length: settings.processes }, (_, i) => `    server app${i + 1} 127.0.0.1:${settings.basePort + i}`);
  const config = path.join(settings.runDir, 'haproxy.cfg');
  fs.writeFileSync(config, `${base.trimEnd()}\n${servers.join('\n')}\n`);

  // One process migrates and seeds; the others start on a ready database.
  const first = startWorker(0, true);
  if (!(await waitReady(`http://127.0.0.1:${first.port}/api/ready`, 180_000, first.child))) fail(`${first.name} did not become ready`);
  const rest = Array.from({ length: settings.processes - 1 }, (_, i) => startWorker(i + 1, false));
  for (const worker of rest) {
    if (!(await waitReady(`http://127.0.0.1:${worker.port}/api/ready`, 120_000, worker.child))) fail(`${worker.name} did not become ready`);
  }

  balancer = spawn(settings.haproxy, ['-db', '-f', config], {
    env: { ...env, LB_BIND: `${settings.host}:${settings.port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  balancer.on('error', (error) => fail(`cannot start HAProxy (${settings.haproxy}): ${error.message}. Install the Debian package haproxy.`));
  pipeOutput(balancer, 'haproxy');
  balancer.on('exit', (code, signal) => {
    if (!stopping) fail(`HAProxy exited (${signal ?? code})`);
  });
  const lbHost = settings.host === '0.0.0.0' ? '127.0.0.1' : settings.host;
  if (!(await waitReady(`http://${lbHost}:${settings.port}/api/ready`, 30_000, balancer))) fail('HAProxy did not answer');
  console.log(`start-cluster: ${settings.processes} processes (ports ${settings.basePort}–${settings.basePort + settings.processes - 1}) behind HAProxy on http://${lbHost}:${settings.port}`);
}

async function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`start-cluster: ${signal}: draining ${workers.length} processes`);
  await Promise.all(
    workers.map(
      ({ child }) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
  if (balancer && balancer.exitCode === null) {
    await new Promise((resolve) => {
      balancer.once('exit', resolve);
      balancer.kill('SIGTERM');
    });
  }
  if (!env.CLUSTER_RUN_DIR) fs.rmSync(settings.runDir, { recursive: true, force: true });
  process.exit(0);
}

process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
main().catch((error) => fail(error.message));
