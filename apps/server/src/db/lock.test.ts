import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { acquireDataDirLock } from './lock.js';

const LOCK_MODULE = fileURLToPath(new URL('./lock.ts', import.meta.url));

let root: string;
let dataDir: string;
const started: ChildProcess[] = [];

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-lock-'));
  dataDir = path.join(root, 'pglite');
  fs.mkdirSync(dataDir);
});
afterEach(() => {
  for (const child of started.splice(0)) child.kill('SIGKILL');
  fs.rmSync(root, { recursive: true, force: true });
});

/**
 * Another server process holding the lock. With `unreaped`, its parent is a shell replaced by
 * `sleep`, which never waits for it: once killed, it stays a zombie whose pid still "exists".
 */
async function startHolder(options: { unreaped?: boolean } = {}): Promise<{ pid: number; parent: ChildProcess }> {
  const script =
    `const { acquireDataDirLock } = await import(${JSON.stringify(LOCK_MODULE)});` +
    `acquireDataDirLock(${JSON.stringify(dataDir)}); console.log('locked ' + process.pid); setInterval(() => {}, 1000);`;
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', script];
  const parent = options.unreaped
    ? spawn('sh', ['-c', `${node.map((arg) => `'${arg.replace(/'/g, `'\\''`)}'`).join(' ')} & exec sleep 60`], { stdio: ['ignore', 'pipe', 'inherit'] })
    : spawn(node[0]!, node.slice(1), { stdio: ['ignore', 'pipe', 'inherit'] });
  started.push(parent);
  const pid = await new Promise<number>((resolve, reject) => {
    let output = '';
    parent.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /locked (\d+)/.exec(output);
      if (match) resolve(Number(match[1]));
    });
    parent.on('exit', (code) => reject(new Error(`lock holder exited (${code}) before locking: ${output}`)));
  });
  return { pid, parent };
}

/** Dead, every thread gone, but not yet reaped by its parent: the pid still "exists". */
const isUnreapedZombie = (pid: number) => {
  try {
    return /^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8')) && fs.readdirSync(`/proc/${pid}/task`).length === 1;
  } catch {
    return false;
  }
};

describe('the PGlite data-folder lock', () => {
  it('refuses while another live process holds it, naming its pid', async () => {
    const { pid } = await startHolder();
    expect(() => acquireDataDirLock(dataDir)).toThrow(new RegExp(`in use by another server process \\(pid ${pid}\\)`));
  }, 30_000);

  it('is free at once when the holder is killed with SIGKILL, even before anyone reaps it', async () => {
    const { pid } = await startHolder({ unreaped: true });
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 500 && !isUnreapedZombie(pid); i++) await new Promise((resolve) => setTimeout(resolve, 2));
    expect(isUnreapedZombie(pid)).toBe(true);
    const lock = acquireDataDirLock(dataDir);
    lock.release();
  }, 30_000);

  it('ignores a pid left in the lock file by a process that holds no lock, even a live one', () => {
    fs.writeFileSync(path.join(root, 'pglite.lock'), String(process.ppid));
    const lock = acquireDataDirLock(dataDir);
    lock.release();
  });

  it('refuses a second lock in the same process until the first is released', () => {
    const first = acquireDataDirLock(dataDir);
    expect(() => acquireDataDirLock(dataDir)).toThrow(/in use/);
    first.release();
    first.release();
    acquireDataDirLock(dataDir).release();
  });
});
