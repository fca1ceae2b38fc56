import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { ensurePrivateDirSync } from '../lib/private-files.js';
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
  /**
   * Runs `task` only if no other process holds the lock `name` (a PostgreSQL session advisory
   * lock on its own connection, released when the task ends); `acquired: false` when another
   * holds it. On PGlite one process owns the database, so the task always runs.
   */
  withAdvisoryLock<T>(name: string, task: () => Promise<T>): Promise<LockedRun<T>>;
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

export type LockedRun<T> = { acquired: true; value: T } | { acquired: false };

/** Advisory locks share one 64-bit key space per database: the app's names live under this prefix. */
const ADVISORY_LOCK_PREFIX = 'neetprep:';

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
        async withAdvisoryLock(name, task) {
          const client = await pool.connect();
          let broken: Error | undefined;
          try {
            const key = `${ADVISORY_LOCK_PREFIX}${name}`;
            const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key]);
            if (!rows[0]?.locked) return { acquired: false };
            try {
              return { acquired: true, value: await task() };
            } finally {
              await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch((error: Error) => {
                // A connection that cannot unlock is dropped, which releases the lock.
                broken = error;
              });
            }
          } finally {
            client.release(broken);
          }
        },
      },
      () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    );
  }
  let lock: DataDirLock | undefined;
  if (options.pgliteDir) {
    ensurePrivateDirSync(options.pgliteDir);
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
        // The data-folder lock already makes this process the only one.
        withAdvisoryLock: async (_name, task) => ({ acquired: true, value: await task() }),
      },
      () => null,
    );
  } catch (error) {
    lock?.release();
    throw error;
  }
}
