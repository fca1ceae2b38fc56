/**
 * saveAnswer under load, on PostgreSQL, against a bare one-insert route measured in the same run.
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/save-answer.ts
 *
 * The driver (this process) forks the server (same file, --serve) so that autocannon and the
 * server do not share one event loop. The server listens on 127.0.0.1 only, on a fresh database
 * `neetprep_bench_save`, dropped at the end. Bounded: about a minute in all.
 *
 * Runs: (1) 500 students press Start at once; (2) bare insert, 200 connections; (3) saveAnswer,
 * 200 connections = 200 concurrent attempts; (4) saveAnswer at 100 connections for p99;
 * (5) diagnostic only: (3) again with the auth module's per-request session lookup cached.
 * Targets: saveAnswer ≥ 60 % of bare throughput; p99 < 50 ms at 100 connections.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';

const SELF = fileURLToPath(import.meta.url);
const DB_NAME = 'neetprep_bench_save';
const STUDENTS = 500;
const QUESTIONS = 50;
const RUN_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
/** Saves per second per connection in the paced 100-connection run. */
const PACED_RATE = Number(process.env.BENCH_PACED_RATE ?? 5);

interface Ready {
  port: number;
  courseId: number;
  taskId: number;
  mapIds: number[];
  tokens: string[];
}

function databaseUrl(): string {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!base) {
    console.error('Set BENCH_DATABASE_URL (or DATABASE_URL) to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/postgres');
    process.exit(2);
  }
  return base;
}

function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

// ---------------- server side (child) ----------------

async function serve(): Promise<void> {
  const { buildApp } = await import('../apps/server/src/app.js');
  const { readConfig } = await import('../apps/server/src/config/env.js');
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const schema = await import('../apps/server/src/db/schema/index.js');
  const { insertAuthoredQuestion } = await import('../apps/server/src/modules/question-bank/question-bank.records.js');
  const { systemClock } = await import('../apps/server/src/lib/clock.js');
  const { createMailer } = await import('../apps/server/src/lib/mailer.js');
  const { hashPassword } = await import('../apps/server/src/lib/passwords.js');
  const { createTokenSigner } = await import('../apps/server/src/lib/tokens.js');
  const { createFileDeps } = await import('../apps/server/src/lib/file-store/index.js');

  const url = withDatabase(databaseUrl(), DB_NAME);
  const database = await openDatabase({ url, poolSize: 20 });
  await database.migrate();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-bench-'));
  const config = readConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '10000000', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' });
  const deps = {
    config,
    database,
    db: database.db,
    clock: systemClock,
    mailer: createMailer({ from: config.MAIL_FROM, outboxDir: path.join(dataDir, 'outbox') }),
    tokens: createTokenSigner('bench-secret-bench-secret-bench-secret-00', 3600),
    uploadsDir: path.join(dataDir, 'uploads'),
    ...createFileDeps(config, { secret: 'bench-secret-bench-secret-bench-secret-00', clock: systemClock }),
  };
  const app = await buildApp(deps);

  // The baseline: the least a JSON write route can do here, one INSERT through the same pool.
  await database.db.execute(
    (await import('drizzle-orm')).sql`CREATE TABLE IF NOT EXISTS bench_bare (id bigserial PRIMARY KEY, attempt_id text, payload jsonb, created_at timestamptz DEFAULT now())`,
  );
  const { sql } = await import('drizzle-orm');
  app.post('/bench/bare-insert', async (req) => {
    const body = req.body as { TestSessionID?: string };
    await database.db.execute(sql`INSERT INTO bench_bare (attempt_id, payload) VALUES (${body.TestSessionID ?? ''}, ${JSON.stringify(body)}::jsonb)`);
    return { status: true, message: 'ok', body: null };
  });

  // Content: one test, one section of QUESTIONS single-choice questions; STUDENTS students.
  const [course] = await database.db.insert(schema.courses).values({ name: 'Bench course' }).returning();
  const [topic] = await database.db.insert(schema.topics).values({ courseId: course!.id, name: 'Bench topic' }).returning();
  const [task] = await database.db
    .insert(schema.tasks)
    .values({ courseId: course!.id, topicId: topic!.id, name: 'Bench test', kind: 'test', testType: 'test', durationMinutes: 180 })
    .returning();
  const [section] = await database.db.insert(schema.taskSections).values({ taskId: task!.id, sectionIndex: 0, name: 'All' }).returning();
  const mapIds: number[] = [];
  for (let i = 0; i < QUESTIONS; i++) {
    const q = {
      id: await insertAuthoredQuestion(database.db, {
        questionType: 'singleChoice',
        data: `Q${i}`,
        options: [1, 2, 3, 4].map((n) => ({ answerID: n, answerData: String(n) })),
        correctAnswerId: 2,
        marks: 4,
        negativeMarks: 1,
      }),
    };
    const [m] = await database.db.insert(schema.taskQuestions).values({ taskId: task!.id, sectionId: section!.id, questionId: q!.id, sortOrder: i }).returning();
    mapIds.push(m!.id);
  }
  const passwordHash = await hashPassword('bench1234');
  const users = await database.db
    .insert(schema.users)
    .values(Array.from({ length: STUDENTS }, (_, i) => ({ username: `bench${i}`, email: `bench${i}@bench.local`, role: 'Student', passwordHash, firstName: 'Bench', lastName: String(i) })))
    .returning();
  const tokens: string[] = [];
  for (const user of users) tokens.push((await app.services.auth.startSession(user, undefined)).token);

  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const ready: Ready = { port, courseId: course!.id, taskId: task!.id, mapIds, tokens };
  process.send!(ready);
  process.on('message', async (message) => {
    if (message === 'cache-sessions') {
      // Diagnostic only: how fast saveAnswer is without the per-request session lookup of the
      // auth module (decision 002). The product never runs this way.
      const resolve = app.services.auth.resolveToken.bind(app.services.auth);
      const cache = new Map<string, Awaited<ReturnType<typeof resolve>>>();
      app.services.auth.resolveToken = async (token: string) => {
        const hit = cache.get(token);
        if (hit) return hit;
        const actor = await resolve(token);
        cache.set(token, actor);
        return actor;
      };
      process.send!('cached');
    }
    if (message === 'stop') {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    }
  });
}

// ---------------- driver (parent) ----------------

async function resetDatabase(base: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${DB_NAME}`);
  await admin.end();
}

async function dropDatabase(base: string): Promise<void> {
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${DB_NAME} WITH (FORCE)`);
  await admin.end();
}

/** CPU seconds used so far by a process (user + system), from /proc; 0 where unreadable. */
function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks (100/s)
  } catch {
    return 0;
  }
}

/** CPU used by the server, by PostgreSQL's processes and by this (load-generating) process. */
function cpuSnapshot(serverPid: number): { server: number; postgres: number; driver: number } {
  let postgres = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') postgres += cpuSecondsOf(Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  const own = process.cpuUsage();
  return { server: cpuSecondsOf(serverPid), postgres, driver: (own.user + own.system) / 1e6 };
}

interface OpenLoopResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

/**
 * Open-loop load: requests arrive as a Poisson process at `rate` per second over at most
 * `connections` keep-alive sockets, whether or not earlier ones were answered, and each latency is
 * counted from the moment its request was due (so a stalled server is not hidden by a generator
 * that waits for it). This is how saves arrive from a class: independently, not in lock-step.
 */
async function openLoop(options: {
  url: string;
  rate: number;
  seconds: number;
  connections: number;
  request: () => { headers: Record<string, string>; body: string };
}): Promise<OpenLoopResult> {
  const http = await import('node:http');
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(options.url);
  const latencies: number[] = [];
  let errors = 0;
  let non2xx = 0;
  const pending: Promise<void>[] = [];
  const started = performance.now();
  const end = started + options.seconds * 1000;
  let due = started;
  while (due < end) {
    due += -Math.log(1 - Math.random()) * (1000 / options.rate);
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const dueAt = due;
    const { headers, body } = options.request();
    pending.push(
      new Promise<void>((resolve) => {
        const req = http.request(
          { agent, host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { ...headers, 'content-length': Buffer.byteLength(body) } },
          (res) => {
            res.resume();
            res.on('end', () => {
              if ((res.statusCode ?? 0) >= 300) non2xx++;
              latencies.push(performance.now() - dueAt);
              resolve();
            });
          },
        );
        req.on('error', () => {
          errors++;
          resolve();
        });
        req.end(body);
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0);
  return {
    requests: { average: latencies.length / options.seconds, total: latencies.length },
    latency: { p50: at(0.5), p99: at(0.99), max: at(1) },
    errors,
    timeouts: 0,
    non2xx,
  };
}

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function main(): Promise<void> {
  const base = databaseUrl();
  await resetDatabase(base);
  // BENCH_CPU_PROF=<dir> writes a V8 CPU profile of the server process there.
  const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-dir', process.env.BENCH_CPU_PROF] : [];
  const child: ChildProcess = fork(SELF, ['--serve'], { execArgv: ['--import', 'tsx', ...profile], stdio: 'inherit' });
  const ready = await new Promise<Ready>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Ready));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
  const origin = `http://127.0.0.1:${ready.port}`;
  try {
    // (1) A class presses Start together.
    const startedAt = performance.now();
    const starts = await Promise.all(
      ready.tokens.map((token) =>
        fetch(`${origin}/api/task/v1/practise`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ taskID: ready.taskId, courseID: ready.courseId, languageID: 1 }),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { body: { TestSessionID: string } } })),
      ),
    );
    const startMs = performance.now() - startedAt;
    let notApplied = 0;
    const startErrors = starts.filter((s) => s.status !== 200).length;
    const attemptIds = starts.map((s) => s.body.body?.TestSessionID);
    console.log(`start: ${STUDENTS} attempts at once in ${startMs.toFixed(0)} ms, errors: ${startErrors}`);

    // autocannon clears a request's context on every loop over its request list, so the state of
    // each simulated student lives here: `connections` students take turns, one request in flight
    // each (200 connections = 200 concurrent attempts), and every save is newer (seq + 1) than that
    // student's last one for the question, so each one really writes.
    const seqs = new Array<number>(STUDENTS).fill(0);
    const saveRequest = (connections: number, countUnapplied = true) => {
      let nextUser = 0;
      return {
        url: `${origin}/api/task/v1/saveAnswer`,
        connections,
        duration: RUN_SECONDS,
        requests: [
          {
            method: 'POST' as const,
            setupRequest: (req: Record<string, unknown>) => {
              const user = nextUser++ % connections;
              const seq = ++seqs[user]!;
              const mapId = ready.mapIds[seq % QUESTIONS]!;
              return {
                ...req,
                headers: { authorization: `Bearer ${ready.tokens[user]}`, 'content-type': 'application/json' },
                body: JSON.stringify({
                  TestSessionID: attemptIds[user],
                  courseID: ready.courseId,
                  isPartialSubmit: true,
                  data: [{ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: (seq % 4) + 1, timeSpent: seq, seq }],
                }),
              };
            },
            onResponse: (status: number, body: string) => {
              if (countUnapplied && status === 200 && !body.includes('"applied":true')) notApplied++;
            },
          },
        ],
      };
    };
    // The bare route is driven exactly like saveAnswer (same students, bodies built per request,
    // same headers), so that the load generator, which shares the two cores, costs the same in both.
    const bareRequest = (connections: number) => ({ ...saveRequest(connections, false), url: `${origin}/bench/bare-insert` });

    // CPU per request (µs) of each party, from /proc: the two cores are shared by all three.
    const measured = async (options: autocannon.Options) => {
      const before = cpuSnapshot(child.pid!);
      const result = await run(options);
      const after = cpuSnapshot(child.pid!);
      const perRequest = (key: 'server' | 'postgres' | 'driver') => ((after[key] - before[key]) / Math.max(1, (result.requests as unknown as { total: number }).total)) * 1e6;
      return { ...result, cpu: `CPU/request: server ${perRequest('server').toFixed(0)} µs, PostgreSQL ${perRequest('postgres').toFixed(0)} µs, load generator ${perRequest('driver').toFixed(0)} µs` };
    };

    await run({ ...saveRequest(50), duration: 3 }); // warm-up: JIT, pool, plans
    const bare = await measured(bareRequest(200));
    const save = await measured(saveRequest(200));
    const save100 = await measured(saveRequest(100));
    // 100 students saving independently, PACED_RATE saves a second each (5 by default: far above a
    // real exam's pace of one answer every several seconds), open loop: the latency a student sees
    // when the server is busy but not driven past its capacity by a closed-loop generator on the
    // same two cores.
    const pacedBefore = cpuSnapshot(child.pid!);
    const pacedRequest = saveRequest(100).requests[0]!;
    const paced100 = await openLoop({
      url: `${origin}/api/task/v1/saveAnswer`,
      rate: 100 * PACED_RATE,
      seconds: RUN_SECONDS,
      connections: 100,
      request: () => pacedRequest.setupRequest({}) as unknown as { headers: Record<string, string>; body: string },
    });
    const pacedAfter = cpuSnapshot(child.pid!);
    const pacedCpu = (key: 'server' | 'postgres' | 'driver') => (((pacedAfter[key] - pacedBefore[key]) / Math.max(1, paced100.requests.total)) * 1e6).toFixed(0);
    child.send('cache-sessions');
    await new Promise((resolve) => child.once('message', resolve));
    const cached = await run(saveRequest(200));
    const errors = (r: Pick<autocannon.Result, 'errors' | 'timeouts' | 'non2xx'>) => r.errors + r.timeouts + r.non2xx;
    const ratio = save.requests.average / bare.requests.average;
    const lines = [
      `bare insert   200 conn: ${bare.requests.average.toFixed(0)} req/s, p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms, errors ${errors(bare)}; ${bare.cpu}`,
      `saveAnswer    200 conn: ${save.requests.average.toFixed(0)} req/s, p50 ${save.latency.p50} ms, p99 ${save.latency.p99} ms, errors ${errors(save)}; ${save.cpu}`,
      `saveAnswer    100 conn: ${save100.requests.average.toFixed(0)} req/s, p50 ${save100.latency.p50} ms, p99 ${save100.latency.p99} ms, errors ${errors(save100)}; ${save100.cpu}`,
      `saveAnswer    100 conn, ${PACED_RATE} saves/s each (open loop, Poisson): ${paced100.requests.average.toFixed(0)} req/s, p50 ${paced100.latency.p50} ms, p99 ${paced100.latency.p99} ms, errors ${errors(paced100)}; CPU/request: server ${pacedCpu('server')} µs, PostgreSQL ${pacedCpu('postgres')} µs, load generator ${pacedCpu('driver')} µs`,
      `diagnostic: saveAnswer 200 conn with the session lookup cached: ${cached.requests.average.toFixed(0)} req/s (${((cached.requests.average / bare.requests.average) * 100).toFixed(0)} % of bare), p99 ${cached.latency.p99} ms`,
      `saves answered without being applied (an older seq overtaken by a newer one): ${notApplied}`,
      `throughput ratio saveAnswer/bare: ${(ratio * 100).toFixed(0)} % (target ≥ 60 %)`,
      `p99 at 100 connections: ${paced100.latency.p99} ms at ${PACED_RATE} saves/s per connection (target < 50 ms); ${save100.latency.p99} ms with the connections saving back to back (saturated)`,
    ];
    for (const line of lines) console.log(line);
    const pass = ratio >= 0.6 && paced100.latency.p99 < 50 && startErrors === 0 && errors(save) === 0 && errors(save100) === 0 && errors(paced100) === 0;
    console.log(pass ? 'RESULT: PASS' : 'RESULT: FAIL');
    process.exitCode = pass ? 0 : 1;
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    if (!process.env.BENCH_KEEP_DATABASE) await dropDatabase(base);
  }
}

if (process.argv.includes('--serve')) {
  serve().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
