// The runner's spawner: a small Node process that starts the sandbox steps for the server.
// Forking from the server itself copies its page tables on every step (the embedded database
// makes it large); from this process a spawn costs a few milliseconds. It gets no environment
// from the server and holds no secrets. Plain JavaScript so it starts without a TypeScript loader.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

const live = new Map();

function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

function start(request) {
  const started = process.hrtime.bigint();
  // The seccomp program reaches bwrap as descriptor 3.
  let filter = 'ignore';
  try {
    if (request.seccompFile) filter = fs.openSync(request.seccompFile, 'r');
  } catch (error) {
    const failed = { code: null, signal: null, stdout: '', stderr: '', outputExceeded: false, wallTimedOut: false, wallMs: 0 };
    process.send?.({ id: request.id, ...failed, spawnError: `the seccomp filter cannot be read: ${error.message}` });
    return;
  }
  const child = spawn(request.command, request.args, { env: {}, stdio: ['pipe', 'pipe', 'pipe', filter], detached: true });
  if (typeof filter === 'number') fs.closeSync(filter);
  if (child.pid) live.set(request.id, child.pid);
  const out = [];
  const err = [];
  let total = 0;
  let outputExceeded = false;
  let wallTimedOut = false;
  let spawnError = null;
  const killAll = () => child.pid && killGroup(child.pid);
  const collect = (sink) => (chunk) => {
    if (outputExceeded) return;
    total += chunk.length;
    if (total > request.outputBytes) {
      outputExceeded = true;
      killAll();
      return;
    }
    sink.push(chunk);
  };
  child.stdout.on('data', collect(out));
  child.stderr.on('data', collect(err));
  const timer = setTimeout(() => {
    wallTimedOut = true;
    killAll();
  }, request.wallMs);
  child.on('error', (error) => {
    spawnError = error.message;
  });
  child.stdin.on('error', () => undefined);
  child.stdin.end(request.stdin ?? '');
  child.on('close', (code, signal) => {
    clearTimeout(timer);
    live.delete(request.id);
    process.send?.({
      id: request.id,
      code,
      signal,
      // Base64: NULs and bytes that are not UTF-8 reach the judge unchanged.
      stdout: Buffer.concat(out).toString('base64'),
      stderr: Buffer.concat(err).toString('base64'),
      outputExceeded,
      wallTimedOut,
      spawnError,
      wallMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
    });
  });
}

process.on('message', (message) => {
  if (message && message.type === 'run') start(message);
  else if (message && message.type === 'abort') for (const pid of live.values()) killGroup(pid);
});
// The server went away: nothing started here may outlive it.
process.on('disconnect', () => {
  for (const pid of live.values()) killGroup(pid);
  process.exit(0);
});
process.send?.({ type: 'ready' });
