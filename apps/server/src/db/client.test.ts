import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client.js';

const isPostgresRun = process.env.TEST_DB === 'pg' && Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(isPostgresRun)('PostgreSQL pool (PostgreSQL suite)', () => {
  let database: Database | undefined;
  afterAll(async () => database?.close());

  it('outlives its idle connections being closed by the server, as in a database restart', async () => {
    database = await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 2 });
    const rows = (await database.db.execute(sql`select pg_backend_pid() AS pid`)) as unknown as {
      rows: { pid: number }[];
    };
    const pid = rows.rows[0]!.pid;
    expect(database.poolStats()).toMatchObject({ total: 1, idle: 1 });
    // Another session ends the pool's idle connection, as PostgreSQL does to every session when it restarts.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('SELECT pg_terminate_backend($1)', [pid]);
    await admin.end();
    // The pool drops it (an unhandled error event here would end the process) and opens a new one.
    await expect.poll(() => database!.poolStats()?.total).toBe(0);
    const again = (await database.db.execute(sql`select pg_backend_pid() AS pid`)) as unknown as {
      rows: { pid: number }[];
    };
    expect(again.rows[0]!.pid).not.toBe(pid);
  });

  it('outlives the connection that holds an advisory lock being closed while its task runs', async () => {
    database ??= await openDatabase({ url: process.env.TEST_DATABASE_URL!, poolSize: 2 });
    const name = `held-${process.pid}-${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', onUncaught);
    try {
      const run = await database.withAdvisoryLock(name, async () => {
        // The lock's connection sits idle while the task works through the pool; the server ends it,
        // as every session ends when PostgreSQL restarts.
        const { rows } = await admin.query<{ pid: number }>(
          `SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted
             AND classid = ((hashtextextended($1, 0) >> 32) & 4294967295)::oid AND objid = (hashtextextended($1, 0) & 4294967295)::oid`,
          [`neetprep:${name}`],
        );
        expect(rows).toHaveLength(1);
        await admin.query('SELECT pg_terminate_backend($1)', [rows[0]!.pid]);
        await expect.poll(async () => (await admin.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE pid = $1`, [rows[0]!.pid])).rows[0].n).toBe(0);
        // Let the client read the server's goodbye (an unheard error event would end the process).
        await new Promise((resolve) => setTimeout(resolve, 100));
        return 'done';
      });
      expect(run).toEqual({ acquired: true, value: 'done' });
      expect(uncaught).toEqual([]);
      // The broken connection was dropped: the lock is free, and the pool answers.
      expect(await database.withAdvisoryLock(name, async () => 'again')).toEqual({ acquired: true, value: 'again' });
      const rows = (await database.db.execute(sql`select 1 AS one`)) as unknown as { rows: { one: number }[] };
      expect(rows.rows[0]!.one).toBe(1);
    } finally {
      process.removeListener('uncaughtException', onUncaught);
      await admin.end();
    }
  });
});

describe('PGlite in a folder', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-checkpoint-'));
  let database: Database | undefined;
  afterAll(async () => {
    await database?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const lsnReached = async (db: Database, lsn: string) => {
    const result = (await db.db.execute(sql`select (select redo_lsn from pg_control_checkpoint()) >= ${lsn}::pg_lsn as "done"`)) as unknown as {
      rows: { done: boolean }[];
    };
    return result.rows[0]!.done;
  };

  // Single-user PostgreSQL has no checkpointer: without its own, a crash replays everything since the last one.
  it('checkpoints on its own, so a restart after a crash replays little', async () => {
    database = await openDatabase({ pgliteDir: path.join(dir, 'pglite'), checkpointIntervalMs: 50 });
    await database.db.execute(sql`create table written (id serial primary key, body text)`);
    await database.db.execute(sql`insert into written (body) select md5(g::text) from generate_series(1, 5000) g`);
    const after = (await database.db.execute(sql`select pg_current_wal_insert_lsn()::text as "lsn"`)) as unknown as { rows: { lsn: string }[] };
    const lsn = after.rows[0]!.lsn;
    expect(await lsnReached(database, lsn)).toBe(false);
    await expect.poll(() => lsnReached(database!, lsn), { timeout: 10_000 }).toBe(true);
  });

  it('checkpoints when asked, and not at all in memory', async () => {
    database ??= await openDatabase({ pgliteDir: path.join(dir, 'pglite'), checkpointIntervalMs: 60_000 });
    await database.db.execute(sql`create table if not exists asked (id serial primary key)`);
    await database.db.execute(sql`insert into asked default values`);
    const after = (await database.db.execute(sql`select pg_current_wal_insert_lsn()::text as "lsn"`)) as unknown as { rows: { lsn: string }[] };
    await database.checkpoint();
    expect(await lsnReached(database, after.rows[0]!.lsn)).toBe(true);
    const memory = await openDatabase({});
    await memory.checkpoint();
    await memory.close();
  });
});
