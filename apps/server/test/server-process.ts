import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { fileURLToPath } from 'node:url';

/** The server package folder. */
export const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds dist/server.js as `npm start` does (esbuild, well under a second). */
export function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR, stdio: 'pipe' });
}

/** A TCP port that was free a moment ago. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface RunningProcess {
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Resolves with the exit code (or the signal's name). */
  exited: Promise<number | string>;
}

/** Starts a process with its output collected; the caller ends it. An undefined variable is removed. */
export function startProcess(command: string, args: string[], env: Record<string, string | undefined>, cwd = SERVER_DIR): RunningProcess {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete merged[name];
  const child = spawn(command, args, { cwd, env: merged, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  return { child, output: () => output, exited };
}

/** Polls `url` until it answers with `status`, or fails after `timeoutMs`. */
export async function waitForStatus(url: string, status: number, timeoutMs: number, whileRunning?: RunningProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (whileRunning && whileRunning.child.exitCode !== null) throw new Error(`the process exited early:\n${whileRunning.output()}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2_000) });
      if (res.status === status) return;
      last = `status ${res.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer ${status} within ${timeoutMs} ms (last: ${last})${whileRunning ? `\n${whileRunning.output()}` : ''}`);
}

/** `count` consecutive TCP ports that were free a moment ago. */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const first = 20_000 + Math.floor(Math.random() * 40_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => isFree(first + i)));
    if (free.every(Boolean)) return first;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** What the compiled server is started with in process tests: production, loopback, its own data folder, no outside services. */
export function productionEnv(port: number, dataDir: string): Record<string, string | undefined> {
  return { NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: undefined, REDIS_URL: undefined, METRICS_TOKEN: undefined, LOG_LEVEL: 'info' };
}

/** One connection to a PostgreSQL database (the test server's by default) for the work given, closed after. */
export async function withPostgres<T>(work: (client: pg.Client) => Promise<T>, url = process.env.TEST_DATABASE_URL!): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
