import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';
import { serverPaths } from '../lib/server-paths.js';
import { acquireDataDirLock, type DataDirLock } from './lock.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema> & { $client?: any };

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** True once migrate() has finished in this process. */
  readonly isMigrated: boolean;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** Connections of the PostgreSQL pool (null for PGlite, which has one in-process connection). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** Adds the migrated flag and the ping that readiness asks for. */
function withReadiness(base: Omit<Database, 'isMigrated' | 'ping' | 'poolStats'>, poolStats: () => PoolStats | null): Database {
  let isMigrated = false;
  return {
    ...base,
    get isMigrated() {
      return isMigrated;
    },
    async migrate() {
      await base.migrate();
      isMigrated = true;
    },
    async ping() {
      await base.db.execute(sql`select 1`);
    },
    poolStats,
  };
}

export const MIGRATIONS_DIR = serverPaths.migrations;

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** Folder for PGlite's files; omitted means in memory (tests). */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const max = options.poolSize ?? 20;
    const pool = new pg.Pool({ connectionString: options.url, max });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return withReadiness(
      {
        db,
        driver: 'postgres',
        migrate: () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR }),
        close: () => pool.end(),
      },
      () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    );
  }
  let lock: DataDirLock | undefined;
  if (options.pgliteDir) {
    fs.mkdirSync(options.pgliteDir, { recursive: true });
    lock = acquireDataDirLock(options.pgliteDir);
  }
  try {
    const client = options.pgliteDir ? await PGlite.create(options.pgliteDir) : await PGlite.create();
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return withReadiness(
      {
        db,
        driver: 'pglite',
        migrate: () => migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR }),
        close: async () => {
          await client.close();
          lock?.release();
        },
      },
      () => null,
    );
  } catch (error) {
    lock?.release();
    throw error;
  }
}
