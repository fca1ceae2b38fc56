import fs from 'node:fs';
import path from 'node:path';
import { flockSync } from 'fs-ext';

export interface DataDirLock {
  release(): void;
}

function holderOf(fd: number): string {
  const buffer = Buffer.alloc(32);
  const length = fs.readSync(fd, buffer, 0, buffer.length, 0);
  const pid = buffer.subarray(0, length).toString('utf8').trim();
  return /^\d+$/.test(pid) ? `pid ${pid}` : 'pid unknown';
}

/**
 * PGlite has no lock between processes: two servers on one folder would corrupt it. The server
 * holds an exclusive flock(2) on a lock file beside the folder for as long as it runs; the kernel
 * drops it the moment the process dies, however it dies (kill -9 included, reaped or not). The
 * file's pid only names the holder in the error.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  // Beside the database folder, not inside it: PGlite wants its own folder empty at creation.
  const file = path.join(path.dirname(dir), `${path.basename(dir)}.lock`);
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o600);
  try {
    flockSync(fd, 'exnb');
  } catch (error) {
    const holder = holderOf(fd);
    fs.closeSync(fd);
    if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' && (error as NodeJS.ErrnoException).code !== 'EWOULDBLOCK') throw error;
    throw new Error(
      `The data folder ${dir} is in use by another server process (${holder}). ` +
        'Stop that process first, or set DATA_DIR to another folder, or DATABASE_URL to use PostgreSQL.',
    );
  }
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, String(process.pid), 0);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // The file stays: removing it would let a third process lock a new file while a second
      // still waits on the old one. Closing the descriptor drops the lock.
      fs.closeSync(fd);
    },
  };
}
