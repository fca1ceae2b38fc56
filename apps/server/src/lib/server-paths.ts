import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this file to the package.json named
 * @app/server. Files shipped beside the code (migrations, assets) and the built web app are
 * resolved from it, so the same lookups work from src/ under tsx and from the bundle in dist/.
 */
function findServerRoot(start: string): string {
  let dir = start;
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const { name } = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string };
      if (name === '@app/server') return dir;
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the server package (@app/server) above ${start}`);
    dir = parent;
  }
}

export const SERVER_ROOT = findServerRoot(path.dirname(fileURLToPath(import.meta.url)));

export const serverPaths = {
  migrations: path.join(SERVER_ROOT, 'drizzle'),
  academyAssets: path.join(SERVER_ROOT, 'assets', 'academy'),
  /** The demo NEET mock's questions, one template CSV per subject, read by the seed through the importer. */
  neetMockContent: path.join(SERVER_ROOT, 'src', 'db', 'seed', 'content', 'neet-mock'),
  webDist: path.resolve(SERVER_ROOT, '..', 'web', 'dist'),
} as const;
