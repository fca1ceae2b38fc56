/**
 * Students' saves while an item calibration of about a million responses runs (issue 36: the
 * estimator's worker thread must not block the event loop). The scratch database gets
 * BENCH_EXAMINEES (5,556) extra Sunrise students, each with a submitted attempt at the demo NEET
 * mock (180 questions) answered by a two-parameter logistic model: 5,556 × 180 ≈ 1,000,000 scored
 * responses, written by SQL before the clock starts. Then BENCH_SAVERS students (300) in the exam
 * save an answer every 2 s each, first for BENCH_WINDOW_MS (20 s) alone, then while the institute
 * administrator's calibration job (POST /psychometrics/v1/calibrate, 2PL) runs to its end: it reads
 * the responses from PostgreSQL on the server's event loop, fits them in the worker thread and
 * writes the rows. One server process from the built bundle, on PostgreSQL.
 *
 *   npm run build -w apps/server && npx tsx bench/saves-during-calibration.ts
 *
 * Env: BENCH_EXAMINEES (5556), BENCH_SAVERS (300), BENCH_WINDOW_MS (20000), BENCH_PORT (8314),
 * BENCH_PG_PORT (5448), BENCH_DATABASE_URL, BENCH_SERVER_ENV.
 *
 * Pass: every save acknowledged, the job succeeded within 30 s of fitting, and the saves' p99
 * during the job within the budget (100 ms, as for the saves during imports).
 */
import http from 'node:http';
import { envNumber, httpClient, signInAs, sleep, summary, type Query } from './exam-day-lib.js';
import { onOneServer } from './one-server.js';
import { savingStudents } from './save-thread.js';

const EXAMINEES = envNumber('BENCH_EXAMINEES', 5556);
const SAVERS = envNumber('BENCH_SAVERS', 300);
const WINDOW_MS = envNumber('BENCH_WINDOW_MS', 20_000);
const PORT = envNumber('BENCH_PORT', 8314);
const SAVE_BUDGET_MS = 100;
const FIT_BUDGET_MS = 30_000;

/**
 * The calibration's data: examinees with abilities from N(0, 1) (a sum of twelve uniforms), the
 * mock's questions with difficulties in [-2, 2] and slopes in [0.6, 1.8], one submitted attempt
 * each with every question answered right or wrong by the model. Returns the responses written.
 */
async function writeResponses(query: Query, label: string): Promise<number> {
  const [mock] = await query(`SELECT id, course_id FROM tasks WHERE name = 'NEET Mock Test 1' ORDER BY id LIMIT 1`);
  const [template] = await query(`SELECT password_hash, client_id, institute_id, class_id, section_id FROM users WHERE username = 'sunrise.s001'`);
  if (!mock || !template) throw new Error('The demo NEET mock or roster is missing.');
  await query(
    `INSERT INTO users (username, email, role, first_name, last_name, password_hash, client_id, institute_id, class_id, section_id, email_verified)
     SELECT 'calib.' || $1 || '.' || n, 'calib.' || $1 || '.' || n || '@bench.local', 'Student', 'Calibration', 'Examinee ' || n, $2, $3, $4, $5, $6, true
     FROM generate_series(1, $7::int) AS n`,
    [label, template.password_hash, template.client_id, template.institute_id, template.class_id, template.section_id, EXAMINEES],
  );
  await query(
    `CREATE TEMP TABLE bench_items AS
       SELECT tq.id AS map_id, q.id AS question_id, q.current_version_id AS version_id,
              -2 + 4 * random() AS b, 0.6 + 1.2 * random() AS a
       FROM task_questions tq JOIN questions q ON q.id = tq.question_id
       WHERE tq.task_id = $1 AND NOT tq.is_drawn AND q.current_version_id IS NOT NULL`,
    [mock.id],
  );
  await query(
    `CREATE TEMP TABLE bench_examinees AS
       SELECT u.id AS user_id, gen_random_uuid()::text AS attempt_id,
              (random() + random() + random() + random() + random() + random() + random() + random() + random() + random() + random() + random() - 6) AS theta
       FROM users u WHERE u.username LIKE 'calib.' || $1 || '.%'`,
    [label],
  );
  const past = new Date(Date.now() - 3 * 86_400_000).toISOString();
  await query(
    `INSERT INTO exam_attempts (id, user_id, task_id, course_id, test_type, status, started_at, deadline_at, question_order, submitted_at, submit_reason, scored, total)
     SELECT e.attempt_id, e.user_id, $1, $2, 'test', 'submitted', $3::timestamptz, $3::timestamptz + interval '3 hours',
            (SELECT jsonb_build_array(jsonb_agg(map_id ORDER BY map_id)) FROM bench_items), $3::timestamptz + interval '2 hours', 'student', 0, 720
     FROM bench_examinees e`,
    [mock.id, mock.course_id, past],
  );
  await query(
    `INSERT INTO attempt_question_versions (attempt_id, question_task_map_id, question_id, question_version_id)
     SELECT e.attempt_id, i.map_id, i.question_id, i.version_id FROM bench_examinees e CROSS JOIN bench_items i`,
  );
  // Each response drawn once; the answers hold what was saved, the attempts every question's marks (decision 086).
  await query(
    `CREATE TEMP TABLE bench_responses AS
       SELECT e.attempt_id, i.map_id, random() < 1 / (1 + exp(-i.a * (e.theta - i.b))) AS right
       FROM bench_examinees e CROSS JOIN bench_items i`,
  );
  const [written] = await query(
    `WITH inserted AS (
       INSERT INTO exam_answers (attempt_id, question_task_map_id, seq, answer_id, updated_at)
       SELECT r.attempt_id, r.map_id, 1, 'null'::jsonb, $1::timestamptz FROM bench_responses r
       RETURNING 1)
     SELECT count(*) AS n FROM inserted`,
    [past],
  );
  await query(
    `UPDATE exam_attempts a SET item_map_ids = m.ids, item_marks = m.marks, item_statuses = m.letters
     FROM (SELECT attempt_id, array_agg(map_id ORDER BY map_id) AS ids, array_agg(CASE WHEN "right" THEN 4 ELSE -1 END ORDER BY map_id)::float8[] AS marks,
                  string_agg(CASE WHEN "right" THEN 'c' ELSE 'w' END, '' ORDER BY map_id) AS letters
           FROM bench_responses GROUP BY attempt_id) m
     WHERE a.id = m.attempt_id`,
  );
  await query(`ANALYZE exam_answers`);
  await query(`ANALYZE attempt_question_versions`);
  await query(`ANALYZE exam_attempts`);
  return Number(written!.n);
}

async function main(): Promise<void> {
  const label = `calib${Date.now()}`;
  const frame = { dbName: 'neetprep_bench_calibration_saves', port: PORT, pgPort: envNumber('BENCH_PG_PORT', 5448), students: SAVERS, label };
  await onOneServer(frame, async ({ origin, exam, query }) => {
    const t0 = performance.now();
    const responses = await writeResponses(query, label);
    console.log(`${responses.toLocaleString('en')} responses of ${EXAMINEES} examinees written in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
    const signedIn = await signInAs(agent, origin, 'instituteadmin', '203.0.113.251');
    const adminToken = /"token":"([^"]+)"/.exec(signedIn.text)?.[1];
    agent.destroy();
    if (!adminToken) throw new Error(`instituteadmin sign-in failed: ${signedIn.status} ${signedIn.text.slice(0, 200)}`);

    let phase: 'alone' | 'job' | 'over' = 'alone';
    const saving = await savingStudents(origin, exam, SAVERS + 64, () => phase);
    const client = httpClient(origin, 64);

    await sleep(WINDOW_MS);
    phase = 'job';
    const started = performance.now();
    const enqueued = await client.post('/psychometrics/v1/calibrate', adminToken, { model: '2pl', minResponses: 50 });
    const jobId = /"jobId":"([^"]+)"/.exec(enqueued.text)?.[1];
    if (enqueued.status !== 200 || !jobId) throw new Error(`calibrate failed: ${enqueued.status} ${enqueued.text.slice(0, 200)}`);
    let job: { state: string; result?: { responses: number; items: number; examinees: number; iterations: number; converged: boolean }; startedAt?: string; finishedAt?: string } = { state: 'queued' };
    while (!['succeeded', 'failed', 'cancelled'].includes(job.state)) {
      await sleep(250);
      const res = await client.get(`/jobs/v1/get?id=${jobId}`, adminToken);
      job = JSON.parse(res.text).body;
    }
    const jobMs = performance.now() - started;
    phase = 'over';
    await saving.stop();
    client.close();

    const alone = summary(saving.times('alone'));
    const during = summary(saving.times('job'));
    const saveErrors = saving.errors();
    const ranMs = job.startedAt && job.finishedAt ? Date.parse(job.finishedAt) - Date.parse(job.startedAt) : jobMs;
    console.log(`saves of ${SAVERS} students (one every 2 s each), ${(WINDOW_MS / 1000).toFixed(0)} s alone, then while the calibration job runs`);
    console.log(`  alone:              p50 ${alone.p50} ms, p99 ${alone.p99} ms, max ${alone.max} ms (${alone.n} saves)`);
    console.log(`  during calibration: p50 ${during.p50} ms, p99 ${during.p99} ms, max ${during.max} ms (${during.n} saves); errors ${saveErrors}; budget p99 ${SAVE_BUDGET_MS} ms`);
    console.log(
      `  job ${job.state}: ${((job.result?.responses ?? 0) as number).toLocaleString('en')} responses, ${job.result?.items} items, ${job.result?.examinees} examinees, ${job.result?.iterations} EM cycles; ` +
        `ran ${(ranMs / 1000).toFixed(1)} s (enqueue to seen done ${(jobMs / 1000).toFixed(1)} s)`,
    );
    return job.state === 'succeeded' && ranMs < FIT_BUDGET_MS && saveErrors === 0 && during.n > 0 && during.p99 <= SAVE_BUDGET_MS;
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
