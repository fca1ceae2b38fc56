import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * One style of web API file (decision 082): a feature's calls and their query and mutation hooks
 * live in `api/<room>-api.ts` (one per room or audience, such as `staff-reports-api.ts`; a feature with
 * rooms as folders keeps each room's in `<room>/api/`), its query keys in `api/<feature>-keys.ts`; no file per call.
 */
const FEATURES = path.dirname(fileURLToPath(import.meta.url));
const ALLOWED = /^[a-z-]+-(api|keys)\.ts$|\.test\.tsx?$/;

describe('web API files', () => {
  // A feature's api/ folder, or its rooms' (reports/staff/api/ …).
  const apiFolders = fs.readdirSync(FEATURES, { withFileTypes: true }).flatMap((feature) => {
    if (!feature.isDirectory()) return [];
    const rooms = fs.readdirSync(path.join(FEATURES, feature.name), { withFileTypes: true }).filter((entry) => entry.isDirectory() && entry.name !== 'api');
    return [feature.name, ...rooms.map((room) => `${feature.name}/${room.name}`)].filter((folder) => fs.existsSync(path.join(FEATURES, folder, 'api')));
  });
  const apiFiles = apiFolders.flatMap((folder) => fs.readdirSync(path.join(FEATURES, folder, 'api')).map((file) => `${folder}/api/${file}`));

  it('finds the features’ API folders, so that the scan itself works', () => {
    expect(apiFiles.length).toBeGreaterThan(20);
  });

  it('keeps a feature’s calls in its -api files and its query keys in one -keys file', () => {
    expect(apiFiles.filter((file) => !ALLOWED.test(path.basename(file)))).toEqual([]);
    const keyFiles = apiFiles.filter((file) => file.endsWith('-keys.ts'));
    expect(keyFiles.length).toBe(new Set(keyFiles.map((file) => file.split('/')[0])).size);
  });
});
