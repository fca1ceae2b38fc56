import fs from 'node:fs/promises';
import path from 'node:path';
import { ensurePrivateDir, writePrivateFile } from '../../lib/private-files.js';

/** Where camera frames' bytes live. One small port, so that a file store can take its place. */
export interface PhotoStore {
  save(attemptId: string, fileName: string, bytes: Buffer): Promise<void>;
  read(attemptId: string, fileName: string): Promise<Buffer>;
}

/** Frames as files under `<uploadsDir>/proctoring/<attemptId>/`. */
export function createFolderPhotoStore(uploadsDir: string): PhotoStore {
  const fileOf = (attemptId: string, fileName: string) => path.join(uploadsDir, 'proctoring', path.basename(attemptId), path.basename(fileName));
  return {
    async save(attemptId, fileName, bytes) {
      const file = fileOf(attemptId, fileName);
      // Frames of students' faces: readable by the server's user only.
      await ensurePrivateDir(path.dirname(file));
      await writePrivateFile(file, bytes);
    },
    read: (attemptId, fileName) => fs.readFile(fileOf(attemptId, fileName)),
  };
}
