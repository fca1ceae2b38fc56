import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { startPeriodic } from '../lib/periodic.js';
import { ensurePrivateDirSync } from '../lib/private-files.js';
import * as schema from './schema/index.js';
import { serverPaths } from '../lib/server-paths.js';
import { acquireDataDirLock, type DataDirLock } from './lock.js';
import { installNumberArrayReaders } from './number-arrays.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema> & { $client?: any };

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** True once migrate() has finished in this process. */
  readonly isMigrated: boolean;
  /**
   * Resolves when the database answers: at once when the pool is busy (requests waiting for a
   * connection) and a connection came back healthy within the last few seconds, since a ping
   * would only queue behind that work; else with a trivial query.
   */
  ping(): Promise<void>;
  /**
   * Writes a checkpoint now (PGlite in a folder; a no-op elsewhere): what was written before it
   * is not replayed by a restart after a crash. PGlite also checkpoints on its own every
   * `checkpointIntervalMs`.
   */
  checkpoint(): Promise<void>;
  /** Connections of the PostgreSQL pool (null for PGlite, which has one in-process connection). */
  poolStats(): PoolStats | null;
  close(): Promise<void>;
  /**
   * Runs `task` only if no other process holds the lock `name` (a PostgreSQL session advisory
   * lock on its own connection, released when the task ends); `acquired: false` when another
   * holds it. On PGlite one process owns the database, so the task always runs.
   */
  withAdvisoryLock<T>(name: string, task: () => Promise<T>): Promise<LockedRun<T>>;
  /**
   * Runs `task` once no other process holds the lock `name`, waiting for it (a blocking PostgreSQL
   * advisory lock): start-up work — migrations, seeding — that several processes starting
   * together must do one after another. On PGlite the task runs at once.
   */
  serialized<T>(name: string, task: () => Promise<T>): Promise<T>;
}

export interface PoolStats {
  max: number;
  total: number;
  idle: number;
  waiting: number;
}

/** Adds the migrated flag and the ping that readiness asks for. */
/** How recent a healthy connection's return must be for a busy pool to count as answering. */
const BUSY_POOL_ALIVE_MS = 3_000;

function withReadiness(
  base: Omit<Database, 'isMigrated' | 'ping' | 'poolStats'>,
  poolStats: () => PoolStats | null,
  lastHealthyAt: () => number = () => 0,
): Database {
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
      // Under a start wave every connection is busy and hundreds of queries wait: a ping would
      // wait with them and the load balancer would take a working process out of service.
      if ((poolStats()?.waiting ?? 0) > 0 && Date.now() - lastHealthyAt() < BUSY_POOL_ALIVE_MS) return;
      await base.db.execute(sql`select 1`);
    },
    poolStats,
  };
}

export type LockedRun<T> = { acquired: true; value: T } | { acquired: false };

/** Advisory locks share one 64-bit key space per database: the app's names live under this prefix. */
const ADVISORY_LOCK_PREFIX = 'neetprep:';

export const MIGRATIONS_DIR = serverPaths.migrations;

/** A restart after a crash replays at most about this much of the embedded database's work. */
export const PGLITE_CHECKPOINT_INTERVAL_MS = 30_000;

export interface DatabaseOptions {
  /** postgres://… to use PostgreSQL; otherwise PGlite. */
  url?: string | undefined;
  /** Folder for PGlite's files; omitted means in memory (tests). */
  pgliteDir?: string | undefined;
  /**
   * How often a PGlite database in a folder writes a checkpoint (default 30 s). PGlite runs
   * PostgreSQL in single-user mode, which has no checkpointer process: without these, WAL grows to
   * max_wal_size (about a gigabyte) between checkpoints and a restart after a crash replays all of it.
   */
  checkpointIntervalMs?: number;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const max = options.poolSize ?? 20;
    installNumberArrayReaders();
    const pool = new pg.Pool({ connectionString: options.url, max });
    // An idle connection that PostgreSQL closes (a restart, a failover) is reported here; the pool
    // has already dropped it and the next query opens a new one. Without a listener the error
    // would end the process: a database restart would take every server process down with it.
    pool.on('error', () => undefined);
    // A connection handed back without an error has just answered a query (readiness, above).
    let lastHealthyAt = 0;
    pool.on('release', (error) => {
      if (!error) lastHealthyAt = Date.now();
    });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    /**
     * A connection held out of the pool for a session lock while the task works through others. It
     * sits idle meanwhile, so the pool's own listener no longer watches it: a server that ends it
     * (a restart) would raise an `error` event nobody hears, and that ends the process. The error
     * is kept instead; the connection (and with it the lock) is dropped on release.
     */
    const holdConnection = async <T>(use: (client: pg.PoolClient, fail: (error: Error) => void) => Promise<T>): Promise<T> => {
      const client = await pool.connect();
      let broken: Error | undefined;
      const fail = (error: Error) => {
        broken ??= error;
      };
      client.on('error', fail);
      try {
        return await use(client, fail);
      } finally {
        client.removeListener('error', fail);
        client.release(broken);
      }
    };
    const serialized = <T>(name: string, task: () => Promise<T>): Promise<T> =>
      holdConnection(async (client, fail) => {
        const key = `${ADVISORY_LOCK_PREFIX}${name}`;
        await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
        try {
          return await task();
        } finally {
          await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(fail);
        }
      });
    return withReadiness(
      {
        db,
        driver: 'postgres',
        // Processes of a cluster start together: one applies the migrations, the others wait.
        migrate: () => serialized('migrate', () => migratePg(db as never, { migrationsFolder: MIGRATIONS_DIR })),
        serialized,
        // PostgreSQL's own checkpointer does this.
        checkpoint: async () => undefined,
        close: () => pool.end(),
        withAdvisoryLock: (name, task) =>
          holdConnection(async (client, fail) => {
            const key = `${ADVISORY_LOCK_PREFIX}${name}`;
            const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS locked', [key]);
            if (!rows[0]?.locked) return { acquired: false };
            try {
              return { acquired: true, value: await task() };
            } finally {
              // A connection that cannot unlock is dropped, which releases the lock.
              await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(fail);
            }
          }),
      },
      () => ({ max, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      () => lastHealthyAt,
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
    const isPersistent = Boolean(options.pgliteDir);
    const checkpoint = async () => {
      if (isPersistent && !client.closed) await client.exec('CHECKPOINT');
    };
    const stopCheckpoints = isPersistent
      ? startPeriodic(checkpoint, options.checkpointIntervalMs ?? PGLITE_CHECKPOINT_INTERVAL_MS, (error) =>
          console.error('PGlite checkpoint failed', error),
        )
      : async () => undefined;
    return withReadiness(
      {
        db,
        driver: 'pglite',
        migrate: async () => {
          await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
          await checkpoint();
        },
        checkpoint,
        close: async () => {
          await stopCheckpoints();
          await client.close();
          lock?.release();
        },
        // The data-folder lock already makes this process the only one.
        withAdvisoryLock: async (_name, task) => ({ acquired: true, value: await task() }),
        serialized: (_name, task) => task(),
      },
      () => null,
    );
  } catch (error) {
    lock?.release();
    throw error;
  }
}
