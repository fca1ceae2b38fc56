import { FILES_ERRORS, type SignedFileQuery } from '@app/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { FileContent, FileStore, UrlSigner } from '../../lib/file-store/index.js';

export interface FilesServiceDeps {
  store: FileStore;
  links: UrlSigner;
  clock: Clock;
}

/** Serves stored files through links the server signed (the local store's signedUrl). */
export function createFilesService(deps: FilesServiceDeps) {
  return {
    /** The file a signed link names: 403 when the signature is wrong or has expired, 404 when gone. */
    async openSigned(query: SignedFileQuery): Promise<FileContent & { expiresAt: number }> {
      const check = deps.links.verify(query.key, query.exp, query.sig, deps.clock.now());
      if (check === 'invalid') throw new AppError(FILES_ERRORS.FILES_LINK_INVALID);
      if (check === 'expired') throw new AppError(FILES_ERRORS.FILES_LINK_EXPIRED);
      const file = await deps.store.get(query.key);
      if (!file) throw new AppError(FILES_ERRORS.FILES_NOT_FOUND);
      return { ...file, expiresAt: query.exp * 1000 };
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;
