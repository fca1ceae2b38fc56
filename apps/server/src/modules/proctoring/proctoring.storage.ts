import fs from 'node:fs/promises';
import path from 'node:path';

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
      await fs.mkdir(path.dirname(file), { recursive: true });
      await fs.writeFile(file, bytes);
    },
    read: (attemptId, fileName) => fs.readFile(fileOf(attemptId, fileName)),
  };
}
