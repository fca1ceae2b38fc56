import path from 'node:path';
import type { AppConfig } from '../../config/env.js';
import type { Clock } from '../clock.js';
import type { FileStore } from './file-store.js';
import { createLocalFileStore } from './file-store.local.js';
import { createS3FileStore } from './file-store.s3.js';
import { createUrlSigner, type UrlSigner } from './file-store.signing.js';

/** The store the configuration asks for: DATA_DIR/uploads, or the S3 bucket when FILE_STORE=s3. */
export function createFileStore(config: AppConfig, options: { signer: UrlSigner; clock: Clock; uploadsDir?: string }): FileStore {
  if (config.FILE_STORE === 's3') {
    return createS3FileStore({
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION!,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalFileStore({
    root: options.uploadsDir ?? path.join(config.dataDir, 'uploads'),
    signer: options.signer,
    clock: options.clock,
  });
}

/** The app's file deps from its secret: the store and the signer of its links. */
export function createFileDeps(config: AppConfig, options: { secret: string; clock: Clock; uploadsDir?: string }) {
  const fileLinks = createUrlSigner(options.secret);
  return { fileLinks, fileStore: createFileStore(config, { signer: fileLinks, clock: options.clock, uploadsDir: options.uploadsDir }) };
}
