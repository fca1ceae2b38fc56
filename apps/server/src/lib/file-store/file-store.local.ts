import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { filesRoutes } from '@app/contracts';
import type { Clock } from '../clock.js';
import { assertContentType, assertValidKey, isValidKey, resolveKey, type FileStore } from './file-store.js';
import type { UrlSigner } from './file-store.signing.js';

const FILE_MODE = 0o600;
const DIR_MODE = 0o700;
/** Beside each file, its content type; '~' never occurs in a key, so no key can name one. */
const META_SUFFIX = '~meta.json';
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export interface LocalFileStoreOptions {
  /** DATA_DIR/uploads */
  root: string;
  signer: UrlSigner;
  clock: Clock;
}

/**
 * Files in a folder. Writes go to a temporary file in the same folder and are renamed into
 * place, so a reader sees the old file or the new one, never half of one (its content type, in a
 * small file beside it, is renamed just before). Files are 0600 and
 * folders 0700: only the server's user reads them.
 */
export function createLocalFileStore(options: LocalFileStoreOptions): FileStore {
  const root = path.resolve(options.root);

  /** The file's path; the key rules already forbid "..", and this checks the result again. */
  function pathOf(key: string): string {
    assertValidKey(key);
    const full = path.resolve(root, ...key.split('/'));
    if (!full.startsWith(root + path.sep)) throw new Error(`file key escapes the store: ${key}`);
    return full;
  }

  /** Writes to a temporary file beside `file`, synced; the caller renames it into place. */
  async function writeTemp(file: string, data: Uint8Array | Readable): Promise<{ temp: string; size: number }> {
    const temp = path.join(path.dirname(file), `.tmp-${randomUUID()}`);
    const handle = await fs.open(temp, 'wx', FILE_MODE);
    try {
      // A stream is written chunk by chunk as it arrives.
      await fs.writeFile(handle, data);
      const { size } = await handle.stat();
      await handle.sync();
      await handle.close();
      return { temp, size };
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fs.rm(temp, { force: true });
      throw error;
    }
  }

  return {
    backend: 'local',

    async put(target, data, { contentType }) {
      const key = resolveKey(target);
      assertContentType(contentType);
      const file = pathOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true, mode: DIR_MODE });
      // The bytes first: a failed upload leaves nothing. Then the metadata, then the file appears.
      const content = await writeTemp(file, data);
      try {
        const meta = await writeTemp(`${file}${META_SUFFIX}`, Buffer.from(JSON.stringify({ contentType })));
        await fs.rename(meta.temp, `${file}${META_SUFFIX}`);
        await fs.rename(content.temp, file);
      } catch (error) {
        await fs.rm(content.temp, { force: true });
        throw error;
      }
      return { key, size: content.size, contentType };
    },

    async get(key) {
      if (!isValidKey(key)) return null;
      const file = pathOf(key);
      let handle;
      try {
        handle = await fs.open(file, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'EISDIR') return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        const contentType = await readContentType(file);
        // The stream reads the handle opened above: a rename over the file meanwhile cannot mix two versions.
        const stream = handle.createReadStream({ autoClose: true });
        return { key, size: stat.size, contentType, stream };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(key) {
      const file = pathOf(key);
      await fs.rm(file, { force: true });
      await fs.rm(`${file}${META_SUFFIX}`, { force: true });
    },

    async signedUrl(key, { expiresIn }) {
      assertValidKey(key);
      const exp = Math.floor(options.clock.now().getTime() / 1000) + Math.max(1, Math.floor(expiresIn));
      const query = new URLSearchParams({ key, exp: String(exp), sig: options.signer.sign(key, exp) });
      return `/api${filesRoutes.get.path}?${query.toString()}`;
    },
  };
}

async function readContentType(file: string): Promise<string> {
  try {
    const meta = JSON.parse(await fs.readFile(`${file}${META_SUFFIX}`, 'utf8')) as { contentType?: unknown };
    return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_CONTENT_TYPE;
  } catch {
    // Files written before the store kept metadata (camera frames) have none.
    return DEFAULT_CONTENT_TYPE;
  }
}
