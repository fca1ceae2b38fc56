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
});
