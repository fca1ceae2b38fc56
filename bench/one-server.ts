/**
 * The frame of the benchmarks that drive one server process on PostgreSQL (the synchronised start,
 * the submit wave): a scratch database on a PostgreSQL of their own (with pg_stat_statements) or
 * on BENCH_DATABASE_URL, the server from the built bundle with the demo data, the exam prepared,
 * and everything removed afterwards. BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile;
 * BENCH_NODE_ARGS adds flags to its node; BENCH_SERVER_ENV its settings.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  assertBuilt,
  benchServerSettings,
  cpuOfProcesses,
  cpuSecondsOf,
  dropDatabase,
  ownCpuSeconds,
  pgQuery,
  postgresPids,
  prepareExam,
  recreateDatabase,
  startOwnPostgres,
  startServer,
  stopProcess,
  waitReady,
  type ExamFixture,
  type OwnPostgres,
  type Query,
} from './exam-day-lib.js';

export interface OneServer {
  origin: string;
  query: Query;
  exam: ExamFixture;
  /** pg_stat_statements is there to read (the benchmark's own PostgreSQL only). */
  hasStatements: boolean;
  /** CPU seconds so far of the server, PostgreSQL and this process (from /proc). */
  cpu(): { server: number; postgres: number; driver: number };
  /** Forgets the statements counted so far. */
  resetStatements(): Promise<void>;
  /**
   * The statements PostgreSQL ran since the reset: how many, and the costliest by total time
   * (statements that differ only in their number of rows, a batch's multi-row insert, count as one).
   */
  statements(limit: number): Promise<{ calls: number; top: Record<string, unknown>[] }>;
}

/** Runs `body` against one server process; the exit code is 1 unless it returns true. */
export async function onOneServer(
  options: { dbName: string; port: number; pgPort: number; students: number; label: string },
  body: (server: OneServer) => Promise<boolean>,
): Promise<void> {
  assertBuilt();
  let own: OwnPostgres | undefined;
  let serverUrl = process.env.BENCH_DATABASE_URL;
  if (!serverUrl) {
    own = startOwnPostgres(options.pgPort);
    serverUrl = own.url;
  }
  const url = await recreateDatabase(serverUrl, options.dbName);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.dbName}-`));
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.env.BENCH_CPU_PROF)] : [];
  const nodeArgs = [...profile, ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const server = startServer(options.port, { ...benchServerSettings(), DATABASE_URL: url, DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' }, nodeArgs);
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const query = pgQuery(pool);
  let pass = false;
  try {
    // A server that exits before it is ready (another build that cannot start here) ends the wait at once.
    const exited = new Promise<never>((_resolve, reject) => {
      server.child.once('exit', (code, signal) => reject(new Error(`the server exited (code ${code}, signal ${signal}) before it was ready`)));
    });
    exited.catch(() => undefined);
    await Promise.race([waitReady(`http://127.0.0.1:${options.port}/api/ready`, 300_000), exited]).catch((error: unknown) => {
      // What the server said before it failed to come up (exit code, last lines of its log).
      console.error(`server exit code ${server.child.exitCode ?? 'none (still running)'}; its last log lines:\n${server.logs.slice(-40).join('\n')}`);
      throw error;
    });
    const exam = await prepareExam(query, { students: options.students, durationMinutes: 180, label: options.label });
    const hasStatements = own
      ? await query(`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`).then(
          () => true,
          () => false,
        )
      : false;
    const serverPid = server.child.pid!;
    const pgMatch = postgresPids(own?.dataDir);
    pass = await body({
      origin: `http://127.0.0.1:${options.port}`,
      query,
      exam,
      hasStatements,
      cpu: () => ({ server: cpuSecondsOf(serverPid), postgres: cpuOfProcesses(pgMatch), driver: ownCpuSeconds() }),
      resetStatements: async () => {
        if (hasStatements) await query(`SELECT pg_stat_statements_reset()`);
      },
      statements: async (limit) => {
        if (!hasStatements) return { calls: 0, top: [] };
        const [all] = await query(`SELECT sum(calls) AS calls FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat_statements%'`);
        const top = await query(
          `SELECT sum(calls) AS calls, round(sum(total_exec_time)::numeric, 0) AS total_ms,
                  round((sum(total_exec_time) / greatest(sum(calls), 1))::numeric, 3) AS mean_ms, sum(rows) AS rows, query
           FROM (SELECT calls, total_exec_time, rows, regexp_replace(left(query, 110), '\\s+', ' ', 'g') AS query
                 FROM pg_stat_statements WHERE query NOT ILIKE '%pg_stat_statements%') s
           GROUP BY query ORDER BY sum(total_exec_time) DESC LIMIT $1`,
          [limit],
        );
        return { calls: Number(all?.calls ?? 0), top };
      },
    });
    console.log(pass ? 'RESULT: PASS' : 'RESULT: FAIL');
  } finally {
    await pool.end();
    await stopProcess(server.child);
    if (process.exitCode === undefined && !pass) process.exitCode = 1;
    if (server.child.exitCode && server.child.exitCode !== 0) console.log(server.logs.slice(-20).join('\n'));
    if (own) own.stop();
    else await dropDatabase(serverUrl, options.dbName);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
