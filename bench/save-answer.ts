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
 * Targets (issue 4): saveAnswer ≥ 60 % of bare throughput; p99 < 50 ms at 100 connections.
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
  const { systemClock } = await import('../apps/server/src/lib/clock.js');
  const { createMailer } = await import('../apps/server/src/lib/mailer.js');
  const { hashPassword } = await import('../apps/server/src/lib/passwords.js');
  const { createTokenSigner } = await import('../apps/server/src/lib/tokens.js');

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
    const [q] = await database.db
      .insert(schema.questions)
      .values({ questionType: 'singleChoice', data: `Q${i}`, options: [1, 2, 3, 4].map((n) => ({ answerID: n, answerData: String(n) })), correctAnswerId: 2, marks: 4, negativeMarks: 1 })
      .returning();
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

function run(options: autocannon.Options): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

async function main(): Promise<void> {
  const base = databaseUrl();
  await resetDatabase(base);
  const child: ChildProcess = fork(SELF, ['--serve'], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
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
    const startErrors = starts.filter((s) => s.status !== 200).length;
    const sessions = starts.map((s) => s.body.body?.TestSessionID);
    console.log(`start: ${STUDENTS} attempts at once in ${startMs.toFixed(0)} ms, errors: ${startErrors}`);

    const saveRequest = (connections: number) => {
      let nextUser = 0;
      return {
        url: `${origin}/api/task/v1/saveAnswer`,
        connections,
        duration: RUN_SECONDS,
        requests: [
          {
            method: 'POST' as const,
            setupRequest: (req: Record<string, unknown>, context: Record<string, number>) => {
              // One attempt per connection; each save is newer than the last for that question.
              if (context.user === undefined) context.user = nextUser++ % STUDENTS;
              context.seq = (context.seq ?? 0) + 1;
              const mapId = ready.mapIds[context.seq % QUESTIONS]!;
              return {
                ...req,
                headers: { authorization: `Bearer ${ready.tokens[context.user]}`, 'content-type': 'application/json' },
                body: JSON.stringify({
                  TestSessionID: sessions[context.user],
                  courseID: ready.courseId,
                  isPartialSubmit: true,
                  data: [{ questionTaskMapID: mapId, questionType: 'singleChoice', answerID: (context.seq % 4) + 1, timeSpent: context.seq, seq: context.seq }],
                }),
              };
            },
          },
        ],
      };
    };
    const bareRequest = (connections: number) => ({
      url: `${origin}/bench/bare-insert`,
      connections,
      duration: RUN_SECONDS,
      method: 'POST' as const,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ TestSessionID: sessions[0], data: [{ questionTaskMapID: ready.mapIds[0], questionType: 'singleChoice', answerID: 2, seq: 1 }] }),
    });

    await run({ ...saveRequest(50), duration: 3 }); // warm-up: JIT, pool, plans
    const bare = await run(bareRequest(200));
    const save = await run(saveRequest(200));
    const save100 = await run(saveRequest(100));
    child.send('cache-sessions');
    await new Promise((resolve) => child.once('message', resolve));
    const cached = await run(saveRequest(200));
    const errors = (r: autocannon.Result) => r.errors + r.timeouts + r.non2xx;
    const ratio = save.requests.average / bare.requests.average;
    const lines = [
      `bare insert   200 conn: ${bare.requests.average.toFixed(0)} req/s, p50 ${bare.latency.p50} ms, p99 ${bare.latency.p99} ms, errors ${errors(bare)}`,
      `saveAnswer    200 conn: ${save.requests.average.toFixed(0)} req/s, p50 ${save.latency.p50} ms, p99 ${save.latency.p99} ms, errors ${errors(save)}`,
      `saveAnswer    100 conn: ${save100.requests.average.toFixed(0)} req/s, p50 ${save100.latency.p50} ms, p99 ${save100.latency.p99} ms, errors ${errors(save100)}`,
      `diagnostic: saveAnswer 200 conn with the session lookup cached: ${cached.requests.average.toFixed(0)} req/s (${((cached.requests.average / bare.requests.average) * 100).toFixed(0)} % of bare), p99 ${cached.latency.p99} ms`,
      `throughput ratio saveAnswer/bare: ${(ratio * 100).toFixed(0)} % (target ≥ 60 %)`,
      `p99 at 100 connections: ${save100.latency.p99} ms (target < 50 ms)`,
    ];
    for (const line of lines) console.log(line);
    const pass = ratio >= 0.6 && save100.latency.p99 < 50 && startErrors === 0 && errors(save) === 0 && errors(save100) === 0;
    console.log(pass ? 'RESULT: PASS' : 'RESULT: FAIL');
    process.exitCode = pass ? 0 : 1;
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
    await dropDatabase(base);
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
