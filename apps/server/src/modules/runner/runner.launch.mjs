// Starting one sandbox step: bwrap in its own process group, killed whole on the wall clock or
// the output cap, with what it gives back. The server's direct launcher (runner.sandbox.ts) and
// the spawner process (runner.spawner-child.mjs) both start steps through this one file. Plain
// JavaScript so that the spawner starts without a TypeScript loader.
import { spawn } from 'node:child_process';
import fs from 'node:fs';

export function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

/** The seccomp program, opened for bwrap's descriptor 3; throws when it cannot be read. */
export function openFilter(seccompFile) {
  return seccompFile ? fs.openSync(seccompFile, 'r') : 'ignore';
}

export function launchStep(request, filter, live) {
  const started = process.hrtime.bigint();
  return new Promise((resolve) => {
    // Descriptors 0-2 are pipes whatever the fourth entry is.
    const child = spawn(request.command, request.args, { env: {}, stdio: ['pipe', 'pipe', 'pipe', filter], detached: true });
    if (typeof filter === 'number') fs.closeSync(filter);
    if (child.pid) live.started(child.pid);
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
    // A program that never reads its input must not fail the write.
    child.stdin.on('error', () => undefined);
    child.stdin.end(request.stdin ?? '');
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (child.pid) live.ended(child.pid);
      resolve({
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
  });
}
