/**
 * Saves per second with 1, 2 and 4 server processes behind HAProxy on this machine, side by side
 * in one run, with the CPU per save of the servers, HAProxy, PostgreSQL and the load generator
 * (from /proc), so the scaling limit is measured rather than assumed.
 *
 *   npm run build -w apps/server && npx tsx bench/save-scaling.ts
 *
 * Env: BENCH_PROCESS_COUNTS (1,2,4); BENCH_SECONDS per run (10); BENCH_WARMUP_SECONDS before each (10); BENCH_CONNECTIONS (200: that many
 * students each saving back to back, one save in flight each); BENCH_STUDENTS (= connections);
 * BENCH_PORT (8320, processes on the next ports); BENCH_PG_PORT (5442) and BENCH_REDIS_PORT (6391)
 * for the temporary PostgreSQL and Redis it starts (BENCH_DATABASE_URL / BENCH_REDIS_URL to use
 * others). One database for all runs; the students start their attempts once, in the first run.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  assertBuilt,
  cpuOfProcesses,
  cpuSecondsOf,
  envNumber,
  httpClient,
  ownCpuSeconds,
  pgQuery,
  postgresPids,
  prepareExam,
  recreateDatabase,
  ROOT,
  serverEnv,
  sleep,
  startOwnPostgres,
  startOwnRedis,
  stopProcess,
  type OwnPostgres,
  type OwnRedis,
} from './exam-day-lib.js';

const COUNTS = (process.env.BENCH_PROCESS_COUNTS ?? '1,2,4').split(',').map(Number);
const SECONDS = envNumber('BENCH_SECONDS', 10);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 200);
const STUDENTS = envNumber('BENCH_STUDENTS', CONNECTIONS);
const PORT = envNumber('BENCH_PORT', 8320);

function listeningPid(port: number): number {
  return Number(
    /pid=(\d+)/.exec(spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' }).stdout)?.[1] ?? 0,
  );
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) =>
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result))),
  );
}

async function startCluster(
  url: string,
  redisUrl: string,
  processes: number,
  runDir: string,
): Promise<{ child: ChildProcess; logs: string[] }> {
  const logs: string[] = [];
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts/start-cluster.mjs')], {
    cwd: ROOT,
    env: serverEnv({
      DATABASE_URL: url,
      REDIS_URL: redisUrl,
      CLUSTER_PROCESSES: String(processes),
      SEED_DEMO_DATA: 'true',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      CLUSTER_BASE_PORT: String(PORT + 1),
      CLUSTER_RUN_DIR: runDir,
      DATA_DIR: path.join(runDir, 'data'),
    }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!])
    stream.on('data', (c: Buffer) => logs.push(...c.toString().split('\n').filter(Boolean)));
  const deadline = Date.now() + 300_000;
  while (!logs.some((l) => l.includes('behind HAProxy'))) {
    if (child.exitCode !== null) throw new Error(`start-cluster exited:\n${logs.slice(-30).join('\n')}`);
    if (Date.now() > deadline) throw new Error('the cluster did not start');
    await sleep(250);
  }
  return { child, logs };
}

async function main(): Promise<void> {
  assertBuilt();
  let ownPg: OwnPostgres | undefined;
  let ownRedis: OwnRedis | undefined;
  let pgServer = process.env.BENCH_DATABASE_URL;
  if (!pgServer) {
    ownPg = startOwnPostgres(envNumber('BENCH_PG_PORT', 5442));
    pgServer = ownPg.url;
  }
  let redisUrl = process.env.BENCH_REDIS_URL;
  if (!redisUrl) {
    ownRedis = await startOwnRedis(envNumber('BENCH_REDIS_PORT', 6391));
    redisUrl = redisUrl ?? ownRedis.url;
  }
  const url = await recreateDatabase(pgServer, 'neetprep_save_scaling');
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'examday-scaling-'));
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const rows: string[] = [];
  let attemptIds: string[] = [];
  let exam: Awaited<ReturnType<typeof prepareExam>> | undefined;
  const seqs = new Array<number>(STUDENTS).fill(0);
  let notApplied = 0;
  try {
    for (const processes of COUNTS) {
      const cluster = await startCluster(url, redisUrl, processes, runDir);
      try {
        const origin = `http://127.0.0.1:${PORT}`;
        if (!exam) {
          exam = await prepareExam(pgQuery(pool), {
            students: STUDENTS,
            durationMinutes: 180,
            label: `scaling${Date.now()}`,
          });
          const client = httpClient(origin, 100);
          attemptIds = await Promise.all(
            exam.students.map(async (s) => {
              const res = await client.post('/task/v1/practise', s.token, {
                taskID: exam!.taskId,
                courseID: exam!.courseId,
                languageID: 1,
              });
              const id = /"TestSessionID":"([^"]+)"/.exec(res.text)?.[1];
              if (!id) throw new Error(`start failed: ${res.status} ${res.text.slice(0, 200)}`);
              return id;
            }),
          );
          client.close();
        }
        const fixture = exam;
        let next = 0;
        const options = (duration: number): autocannon.Options => ({
          url: `${origin}/api/task/v1/saveAnswer`,
          connections: CONNECTIONS,
          duration,
          requests: [
            {
              method: 'POST',
              setupRequest: (req: Record<string, unknown>) => {
                const user = next++ % STUDENTS;
                const seq = ++seqs[user]!;
                const q = fixture.questions[seq % fixture.questions.length]!;
                return {
                  ...req,
                  headers: {
                    authorization: `Bearer ${fixture.students[user]!.token}`,
                    'content-type': 'application/json',
                  },
                  body: JSON.stringify({
                    TestSessionID: attemptIds[user],
                    courseID: fixture.courseId,
                    isPartialSubmit: true,
                    data: [
                      {
                        questionTaskMapID: q.mapId,
                        questionType: 'singleChoice',
                        answerID: (seq % 4) + 1,
                        timeSpent: seq,
                        seq,
                      },
                    ],
                  }),
                };
              },
              onResponse: (status: number, body: string) => {
                if (status === 200 && !body.includes('"applied":true')) notApplied++;
              },
            } as unknown as autocannon.Request,
          ],
        });
        await run(options(envNumber('BENCH_WARMUP_SECONDS', 10))); // warm-up: every process's JIT, pools and plans
        const serverPids = Array.from({ length: processes }, (_, i) => listeningPid(PORT + 1 + i));
        const haproxyPid = listeningPid(PORT);
        const pgMatch = postgresPids(ownPg?.dataDir);
        const snap = () => ({
          servers: serverPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
          haproxy: cpuSecondsOf(haproxyPid),
          postgres: cpuOfProcesses(pgMatch),
          generator: ownCpuSeconds(),
        });
        const before = snap();
        const result = await run(options(SECONDS));
        const after = snap();
        const total = (result.requests as unknown as { total: number }).total;
        const per = (key: keyof ReturnType<typeof snap>) =>
          (((after[key] - before[key]) / Math.max(1, total)) * 1e6).toFixed(0);
        const errors = result.errors + result.timeouts + result.non2xx;
        const cpuTotal = (['servers', 'haproxy', 'postgres', 'generator'] as const).reduce(
          (sum, k) => sum + (after[k] - before[k]),
          0,
        );
        rows.push(
          `| ${processes} | ${result.requests.average.toFixed(0)} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${errors} | ${per('servers')} / ${per('haproxy')} / ${per('postgres')} / ${per('generator')} µs | ${(cpuTotal / SECONDS).toFixed(2)} |`,
        );
        console.log(
          `${processes} process(es): ${result.requests.average.toFixed(0)} saves/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${errors}`,
        );
      } finally {
        await stopProcess(cluster.child);
      }
    }
    console.log(
      `\n${CONNECTIONS} students saving back to back, ${SECONDS} s per run, through HAProxy; saves answered without being applied: ${notApplied}`,
    );
    console.log(
      '| processes | saves/s | p50 | p99 | errors | CPU per save: servers / HAProxy / PostgreSQL / generator | cores busy |',
    );
    console.log('|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    await pool.end();
    fs.rmSync(runDir, { recursive: true, force: true });
    await ownRedis?.stop();
    ownPg?.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
