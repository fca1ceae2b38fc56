/**
 * The Institution account's report (GET /reports/v1/institution) over 5,000 students and 250,000
 * first attempts (50 tests × 5,000 students, three subjects each), in-process (app.inject):
 *
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx bench/institution-report.ts
 *     (a fresh database neetprep_bench_institution is created on that server and dropped after)
 *   npx tsx bench/institution-report.ts     (embedded PGlite, in memory)
 *
 * Rows are generated in SQL (generate_series): 10 classes, 5,000 students, a second institute of
 * 1,000 students whose attempts must not count, 50 tests, one submitted attempt and its summary
 * per student and test. Times the report 10 times after one warm-up (median and worst), then with
 * a class (its 500 students listed) and with a test (its per-subject accuracy). Target: every call
 * under 500 ms on PostgreSQL. BENCH_STUDENTS and BENCH_TESTS change the sizes. Exit code 1 past the
 * target. BENCH_KEEP_DATABASE=1 keeps the database for EXPLAIN.
 */
import os from 'node:os';
import { startBenchApp, stopBenchApp } from './scratch-database.js';

const STUDENTS = Number(process.env.BENCH_STUDENTS ?? 5000);
const TESTS = Number(process.env.BENCH_TESTS ?? 50);
const CLASSES = 10;
const TARGET_MS = 500;
const RUNS = 10;
const SECRET = 'bench-secret-bench-secret-bench-secret-00';
const SCRATCH_DB = 'neetprep_bench_institution';

async function main(): Promise<void> {
  const schema = await import('../apps/server/src/db/schema/index.js');
  const { sql } = await import('drizzle-orm');
  const started = await startBenchApp(SCRATCH_DB, SECRET);
  const { app, database } = started;
  const db = database.db;
  let failed = false;
  try {
    const t0 = performance.now();
    const [institute, other] = await db.insert(schema.institutes).values([{ name: 'Bench institute' }, { name: 'Other institute' }]).returning();
    const classRows = await db.insert(schema.classes).values(Array.from({ length: CLASSES }, (_, i) => ({ instituteId: institute!.id, name: `Class ${i + 1}` }))).returning();
    const [course] = await db.insert(schema.courses).values({ name: 'Bench course' }).returning();
    const [topic] = await db.insert(schema.topics).values({ courseId: course!.id, name: 'Mocks' }).returning();
    const taskRows = await db
      .insert(schema.tasks)
      .values(Array.from({ length: TESTS }, (_, i) => ({ courseId: course!.id, topicId: topic!.id, name: `Mock ${i + 1}`, kind: 'test', testType: 'test', durationMinutes: 180 })))
      .returning({ id: schema.tasks.id });
    const classIds = `ARRAY[${classRows.map((c) => c.id).join(',')}]`;
    // Students of the institute (round-robin over its classes) and of another institute.
    await db.execute(sql.raw(`
      INSERT INTO users (username, password_hash, role, first_name, last_name, institute_id, class_id)
      SELECT 'bench' || g, 'x', 'Student', 'First' || g, 'Last' || (g % 97), ${institute!.id}, (${classIds})[1 + g % ${CLASSES}]
      FROM generate_series(1, ${STUDENTS}) g`));
    await db.execute(sql.raw(`
      INSERT INTO users (username, password_hash, role, first_name, last_name, institute_id)
      SELECT 'other' || g, 'x', 'Student', 'Other' || g, 'X', ${other!.id} FROM generate_series(1, 1000) g`));
    const taskIds = `ARRAY[${taskRows.map((r) => r.id).join(',')}]`;
    // One submitted attempt per student and test, and its summary: three subjects of 45 questions.
    await db.execute(sql.raw(`
      INSERT INTO exam_attempts (id, user_id, task_id, course_id, test_type, status, started_at, deadline_at, question_order, submitted_at)
      SELECT u.id || '-' || t.n, u.id, (${taskIds})[t.n], ${course!.id}, 'test', 'submitted', now() - (t.n || ' days')::interval,
             now() - (t.n || ' days')::interval + interval '3 hours', '[]'::jsonb, now() - (t.n || ' days')::interval + interval '3 hours'
      FROM users u CROSS JOIN generate_series(1, ${TESTS}) AS t(n) WHERE u.role = 'Student'`));
    // Each test's layout (decision 097): no questions, as the summaries' figures below stand alone.
    await db.execute(sql.raw(`INSERT INTO summary_layouts (key, task_id, questions) SELECT 'bench-' || t, t, '[]'::jsonb FROM unnest(${taskIds}) AS t`));
    await db.execute(sql.raw(`
      INSERT INTO attempt_summaries (attempt_id, user_id, task_id, course_id, test_type, is_first_attempt, scored, total, correct, partial, wrong, skipped, pending,
                                     negative_marks_lost, time_spent, sections, layout_key, submitted_at, updated_at)
      SELECT a.id, a.user_id, a.task_id, a.course_id, 'test', true, c.p * 4 - c.w, 540, c.p, 0, c.w, 135 - c.p - c.w, 0, c.w, 10800,
             jsonb_build_array(
               jsonb_build_object('name', 'Physics', 'questions', 45, 'correct', c.p / 3, 'partial', 0, 'wrong', c.w / 3, 'skipped', 45 - c.p / 3 - c.w / 3, 'pending', 0, 'scored', 0, 'total', 180, 'negativeMarksLost', 0, 'timeSpent', 3600),
               jsonb_build_object('name', 'Chemistry', 'questions', 45, 'correct', c.p / 3, 'partial', 0, 'wrong', c.w / 3, 'skipped', 45 - c.p / 3 - c.w / 3, 'pending', 0, 'scored', 0, 'total', 180, 'negativeMarksLost', 0, 'timeSpent', 3600),
               jsonb_build_object('name', 'Biology', 'questions', 45, 'correct', c.p - 2 * (c.p / 3), 'partial', 0, 'wrong', c.w - 2 * (c.w / 3), 'skipped', 0, 'pending', 0, 'scored', 0, 'total', 180, 'negativeMarksLost', 0, 'timeSpent', 3600)),
             'bench-' || a.task_id, a.submitted_at, now()
      FROM exam_attempts a CROSS JOIN LATERAL (SELECT (a.user_id * 7 + a.task_id * 13) % 100 AS p, (a.user_id * 3 + a.task_id) % 30 AS w) c`));
    // As autovacuum leaves a loaded table: statistics and the visibility map (index-only scans).
    await db.execute(sql.raw('VACUUM ANALYZE'));
    const [user] = await db
      .insert(schema.users)
      .values({ username: 'benchinstitution', role: 'Institution', passwordHash: 'x', firstName: 'Bench', lastName: 'Institution', instituteId: institute!.id })
      .returning();
    const token = (await app.services.auth.startSession(user!, undefined)).token;
    console.log(
      `institution report: ${STUDENTS} students, ${STUDENTS * TESTS} first attempts (+${1000 * TESTS} of another institute), ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite (in memory)'}, ${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)}; data made in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const call = async (query: string) => {
      const start = performance.now();
      const res = await app.inject({ method: 'GET', url: `/api/reports/v1/institution${query}`, headers: { authorization: `Bearer ${token}` } });
      const ms = performance.now() - start;
      if (res.statusCode !== 200) throw new Error(`${query}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return { ms, body: JSON.parse(res.body).body as { overall: { attempts: number }; selectedClass: { students: unknown[] } | null; selectedTest: { subjects: unknown[] } | null } };
    };
    const cases: [string, string][] = [
      ['institute (courses, classes, tests, subjects)', ''],
      ['with a class (its students listed)', `?classId=${classRows[0]!.id}`],
      ['with a test (its subjects)', `?taskId=${taskRows[0]!.id}`],
    ];
    for (const [label, query] of cases) {
      const first = await call(query);
      if (first.body.overall.attempts !== STUDENTS * TESTS) throw new Error(`expected ${STUDENTS * TESTS} attempts, got ${first.body.overall.attempts}`);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i += 1) times.push((await call(query)).ms);
      times.sort((a, b) => a - b);
      const median = times[Math.floor(RUNS / 2)]!;
      const worst = times[RUNS - 1]!;
      const ok = worst < TARGET_MS;
      if (!ok) failed = true;
      console.log(`  ${label}: first ${first.ms.toFixed(0)} ms, median ${median.toFixed(0)} ms, worst ${worst.toFixed(0)} ms of ${RUNS} ${ok ? 'OK' : `OVER ${TARGET_MS} ms`}`);
    }
  } finally {
    // BENCH_KEEP_DATABASE=1 keeps it for EXPLAIN.
    await stopBenchApp(SCRATCH_DB, started, { keepDatabase: Boolean(process.env.BENCH_KEEP_DATABASE) });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
