import fs from 'node:fs';
import path from 'node:path';

export interface DataDirLock {
  release(): void;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock between processes: two servers on one folder would corrupt it. The first
 * process writes its pid into a lock file created exclusively; a second one refuses. A lock left
 * by a process that is gone is taken over.
 */
export function acquireDataDirLock(dir: string): DataDirLock {
  // Beside the database folder, not inside it: PGlite wants its own folder empty at creation.
  const file = path.join(path.dirname(dir), `${path.basename(dir)}.lock`);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = fs.openSync(file, 'wx');
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            if (fs.readFileSync(file, 'utf8') === String(process.pid)) fs.unlinkSync(file);
          } catch {
            // already gone
          }
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(fs.readFileSync(file, 'utf8'), 10);
      if (Number.isFinite(holder) && holder !== process.pid && isAlive(holder)) {
        throw new Error(
          `The data folder ${dir} is in use by another server process (pid ${holder}). ` +
            'Stop that process first, or set DATA_DIR to another folder, or DATABASE_URL to use PostgreSQL.',
        );
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not lock the data folder ${dir}.`);
}
