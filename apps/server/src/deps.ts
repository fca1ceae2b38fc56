import type { AppConfig } from './config/env.js';
import type { Database, Db } from './db/client.js';
import type { Clock } from './lib/clock.js';
import type { FileStore, UrlSigner } from './lib/file-store/index.js';
import type { Mailer } from './lib/mailer.js';
import type { RedisLink } from './lib/redis.js';
import type { TokenSigner } from './lib/tokens.js';

/** What the app is built from; tests build it with their own database and clock. */
export interface AppDeps {
  config: AppConfig;
  database: Database;
  db: Db;
  clock: Clock;
  mailer: Mailer;
  tokens: TokenSigner;
  /** Uploaded files live here (DATA_DIR/uploads). */
  uploadsDir: string;
  /** Set with REDIS_URL: shared rate-limit counters and session revocations between processes. */
  redis?: RedisLink | undefined;
  /** Every stored file goes through this port (local folder or S3, by FILE_STORE). */
  fileStore: FileStore;
  /** Signs and checks the file links served by GET /api/files/v1/get. */
  fileLinks: UrlSigner;
}
