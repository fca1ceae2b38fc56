import fs from 'node:fs';

/**
 * The data folder holds one-time codes (the mail and SMS outboxes), the token secret, the
 * database and uploads: readable by the server's own user only, whatever the umask.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) private; an existing folder of ours is made private too. */
export function ensurePrivateDirSync(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const stat = fs.statSync(dir);
  if ((stat.mode & 0o777) !== PRIVATE_DIR_MODE && stat.uid === process.getuid?.()) fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

export async function ensurePrivateDir(dir: string): Promise<void> {
  await fs.promises.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Writes a new file that only the server's user may read. */
export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  await fs.promises.writeFile(file, data, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
}
