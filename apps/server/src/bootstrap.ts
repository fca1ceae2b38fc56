import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config/env.js';
import { openDatabase, type Database } from './db/client.js';
import type { AppDeps } from './deps.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createFileDeps } from './lib/file-store/index.js';
import { createMailer } from './lib/mailer.js';
import { ensurePrivateDirSync, PRIVATE_FILE_MODE } from './lib/private-files.js';
import { connectRedis } from './lib/redis.js';
import { createTokenSigner } from './lib/tokens.js';

/** The signing secret: JWT_SECRET, else one generated once and kept in the data folder. */
function signingSecret(config: AppConfig): string {
  if (config.jwtSecret) return config.jwtSecret;
  const file = path.join(config.dataDir, 'jwt-secret');
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  ensurePrivateDirSync(config.dataDir);
  const secret = randomBytes(48).toString('base64url');
  fs.writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE });
  return secret;
}

/** Where bootstrap reports what is not fatal (Redis unreachable, and back). */
export type BootstrapLog = (level: 'info' | 'warn', message: string, error?: unknown) => void;

/**
 * The configured database (PostgreSQL at DATABASE_URL, else PGlite in the data folder, whose lock
 * refuses a second process), migrated.
 */
export async function openConfiguredDatabase(config: AppConfig): Promise<Database> {
  ensurePrivateDirSync(config.dataDir);
  const database = await openDatabase({
    url: config.DATABASE_URL,
    pgliteDir: config.DATABASE_URL ? undefined : path.join(config.dataDir, 'pglite'),
  });
  try {
    await database.migrate();
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}

export async function createDeps(config: AppConfig, clock: Clock = systemClock, log: BootstrapLog = () => undefined): Promise<AppDeps> {
  const database = await openConfiguredDatabase(config);
  const uploadsDir = path.join(config.dataDir, 'uploads');
  ensurePrivateDirSync(uploadsDir);
  const secret = signingSecret(config);
  return {
    config,
    database,
    db: database.db,
    clock,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, outboxDir: path.join(config.dataDir, 'outbox') }),
    tokens: createTokenSigner(secret, config.TOKEN_TTL_SECONDS),
    uploadsDir,
    redis: config.REDIS_URL ? await connectRedis({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, log }) : undefined,
    ...createFileDeps(config, { secret, clock, uploadsDir }),
  };
}
