import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One style of web API file (decision 082): a feature's calls and their query and mutation hooks
 * live in `api/<room>-api.ts` (one per room or audience, such as `staff-reports-api.ts`), its query
 * keys in `api/<feature>-keys.ts`; no file per call. A feature whose rooms are folders (academy and
 * reports, decisions 084 and 083) has an `api/` in each room's folder, and each such folder counts as a feature here.
 */
const FEATURES = path.dirname(fileURLToPath(import.meta.url));
const ALLOWED = /^[a-z-]+-(api|keys)\.ts$|\.test\.tsx?$/;

/** `feature` and, for a feature with rooms, `feature/room`: each folder that holds (or would hold) an `api/`. */
function apiHomes(): string[] {
  return fs.readdirSync(FEATURES, { withFileTypes: true }).flatMap((feature) => {
    if (!feature.isDirectory()) return [];
    const rooms = fs.readdirSync(path.join(FEATURES, feature.name), { withFileTypes: true }).filter((room) => room.isDirectory() && fs.existsSync(path.join(FEATURES, feature.name, room.name, 'api')));
    return [feature.name, ...rooms.map((room) => `${feature.name}/${room.name}`)];
  });
}

describe('web API files', () => {
  const apiFiles = apiHomes().flatMap((home) => {
    const api = path.join(FEATURES, home, 'api');
    return fs.existsSync(api) ? fs.readdirSync(api).map((file) => `${home}/api/${file}`) : [];
  });

  it('finds the features’ API folders, so that the scan itself works', () => {
    expect(apiFiles.length).toBeGreaterThan(20);
  });

  it('keeps a feature’s calls in its -api files and its query keys in one -keys file', () => {
    expect(apiFiles.filter((file) => !ALLOWED.test(path.basename(file)))).toEqual([]);
    const keyFiles = apiFiles.filter((file) => file.endsWith('-keys.ts'));
    expect(keyFiles.length).toBe(new Set(keyFiles.map((file) => file.slice(0, file.lastIndexOf('/api/')))).size);
  });
});
