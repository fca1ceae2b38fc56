/**
 * The end of an exam: BENCH_STUDENTS students (default 5,000) on the same 180-question NEET-pattern
 * test, each with BENCH_ANSWERS answers saved (150), and 90 % of them press Submit within
 * BENCH_SPREAD_MS (1,000) — as the players do when the countdown reaches zero — while the other
 * 10 % are still answering (a save every 2 s each, on a thread of their own). On PostgreSQL,
 * against one server process from the built bundle.
 *
 *   npm run build -w apps/server && npx tsx bench/submit-wave.ts
 *
 * Env: BENCH_STUDENTS (5000), BENCH_ANSWERS (150), BENCH_SPREAD_MS (1000), BENCH_TARGET_MS (60000:
 * the player's request timeout), BENCH_PORT (8308), BENCH_PG_PORT (5443), BENCH_DATABASE_URL (a
 * PostgreSQL server to create a scratch database on instead of one of its own), BENCH_SERVER_ENV
 * (server settings, e.g. `SUBMIT_CONCURRENCY=8`), BENCH_CPU_PROF=<dir> (V8 CPU profile of the server),
 * BENCH_ANSWERS_FILLFACTOR (the answers table's fillfactor before the answers are written: 100
 * measures the table as it was before migration 0025).
 *
 * It prints the wave's time (first press to the last submit answered), the submits' latency, CPU
 * per submit of the server, PostgreSQL and the generator (from /proc), the write-ahead log written
 * per submit, PostgreSQL's statements per submit (pg_stat_statements, own PostgreSQL only) and the
 * saves' latency during the wave.
 *
 * A submit accepted while the closes queue up (isBeingScored, decision 049) is sent again every
 * ~3 s, as the player does, until it answers with the score; it prints when the last was answered
 * (accepted or scored) and when the last was scored. BENCH_SERVER_BUNDLE runs another build.
 *
 * Pass: every submit answered 200 (accepted or with a score), the last within BENCH_TARGET_MS of
 * the first press, and every one scored in the end; every submitted attempt closed with every question's marks and a summary; every save of the
 * students still answering acknowledged, with p99 within the save budget (100 ms).
 */
import { envNumber, httpClient, sleep, summary } from './exam-day-lib.js';
import { onOneServer } from './one-server.js';
import { startSaveThread } from './save-thread.js';

const STUDENTS = envNumber('BENCH_STUDENTS', 5000);
const ANSWERS = Math.min(180, envNumber('BENCH_ANSWERS', 150));
const SPREAD_MS = envNumber('BENCH_SPREAD_MS', 1000);
/** The player's request timeout (REQUEST_TIMEOUT_MS, 60 s): a submit answered later shows the student an error. */
const TARGET_MS = envNumber('BENCH_TARGET_MS', 60_000);
const PORT = envNumber('BENCH_PORT', 8308);
const DB_NAME = 'neetprep_bench_submit';
const SAVE_BUDGET_MS = 100;
/** How often the player asks again for the score of an accepted submit (use-exam-player). */
const ACCEPTED_ASK_MS = 3000;
/** One student in ten is still answering while the others submit. */
const isStillAnswering = (i: number) => i % 10 === 9;

/** Runs fn for every item, at most `width` at once. */
async function inPool<T>(items: T[], width: number, fn: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const index = next++;
        await fn(items[index]!, index);
      }
    }),
  );
}

async function main(): Promise<void> {
  const frame = { dbName: DB_NAME, port: PORT, pgPort: envNumber('BENCH_PG_PORT', 5443), students: STUDENTS, label: `submit${Date.now()}` };
  await onOneServer(frame, async ({ origin, query, exam, cpu, resetStatements, statements }) => {
    // The product's exam_answers leave 30 % of each page for updates (migration 0025); 100 measures without.
    if (process.env.BENCH_ANSWERS_FILLFACTOR) await query(`ALTER TABLE exam_answers SET (fillfactor = ${envNumber('BENCH_ANSWERS_FILLFACTOR', 70)})`);
    const client = httpClient(origin, STUDENTS + 10);

    // Before the wave, not measured: every student starts and saves its answers (one call each).
    const setupStart = performance.now();
    const attemptOf: string[] = new Array(STUDENTS);
    await inPool(exam.students, 32, async (student, i) => {
      const res = await client.post('/task/v1/practise', student.token, { taskID: exam.taskId, courseID: exam.courseId, languageID: 1 });
      const id = /"TestSessionID":"([^"]+)"/.exec(res.text)?.[1];
      if (res.status !== 200 || !id) throw new Error(`start failed: ${res.status} ${res.text.slice(0, 200)}`);
      attemptOf[i] = id;
      const data = exam.questions.slice(0, ANSWERS).map((q, n) => ({
        questionTaskMapID: q.mapId,
        questionType: 'singleChoice',
        answerID: q.options[(i + n) % 4],
        timeSpent: 30,
        seq: 1,
      }));
      const saved = await client.post('/task/v1/saveAnswer', student.token, { TestSessionID: id, courseID: exam.courseId, isPartialSubmit: true, data });
      if (saved.status !== 200) throw new Error(`save failed: ${saved.status} ${saved.text.slice(0, 200)}`);
    });
    console.log(`set-up: ${STUDENTS} started with ${ANSWERS} answers each in ${((performance.now() - setupStart) / 1000).toFixed(1)} s`);
    await query('VACUUM ANALYZE exam_answers');
    await query('VACUUM ANALYZE exam_attempts');

    const saves = await startSaveThread(origin, 1000, exam.courseId);
    const submitters = exam.students.map((_, i) => i).filter((i) => !isStillAnswering(i));
    const answering = exam.students.map((_, i) => i).filter(isStillAnswering);
    await resetStatements();
    const before = cpu();
    const [walBefore] = await query(`SELECT pg_current_wal_lsn() AS lsn`);

    // The students still answering save every 2 s on average until the wave is over.
    let waveOver = false;
    const saveTimes: number[] = [];
    let saveErrors = 0;
    const answeringLoops = answering.map(async (i, k) => {
      for (let round = 2; !waveOver; round++) {
        const q = exam.questions[(k + round) % exam.questions.length]!;
        const done = await saves.save({ i, round, delayMs: Math.random() * 4000, token: exam.students[i]!.token, attemptId: attemptOf[i]!, mapId: q.mapId, answerId: q.options[round % 4]! });
        if (waveOver && done.ms === undefined) break;
        if (done.ms === undefined) saveErrors++;
        else saveTimes.push(done.ms);
      }
    });

    const t0 = performance.now();
    const latencies: number[] = [];
    const scoredLatencies: number[] = [];
    const failures: string[] = [];
    let lastAt = 0;
    let lastScoredAt = 0;
    let accepted = 0;
    await Promise.all(
      submitters.map(async (i) => {
        await sleep(Math.random() * SPREAD_MS);
        const pressed = performance.now();
        const body = { TestSessionID: attemptOf[i], TaskID: exam.taskId };
        try {
          let res = await client.post('/task/v1/submitTest', exam.students[i]!.token, body, 300_000);
          const end = performance.now();
          latencies.push(end - pressed);
          lastAt = Math.max(lastAt, end - t0);
          if (res.status === 200 && res.text.includes('"isBeingScored":true')) accepted++;
          // An accepted submit: the player sends the same submit again every ~3 s until it answers with the score.
          for (let ask = 0; res.status === 200 && res.text.includes('"isBeingScored":true') && ask < 200; ask++) {
            await sleep(ACCEPTED_ASK_MS * (0.75 + Math.random() / 2));
            res = await client.post('/task/v1/submitTest', exam.students[i]!.token, body, 300_000);
          }
          const scoredAt = performance.now();
          scoredLatencies.push(scoredAt - pressed);
          lastScoredAt = Math.max(lastScoredAt, scoredAt - t0);
          if (res.status !== 200 || !res.text.includes('"scored":') || res.text.includes('"isBeingScored":true')) failures.push(`${res.status} ${res.text.slice(0, 200)}`);
        } catch (error) {
          failures.push(String((error as Error).message));
        }
      }),
    );
    const after = cpu();
    // Write-ahead log written in the wave (the saves' included): what each close writes, machine load aside.
    const [wal] = await query(`SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), $1) AS bytes`, [walBefore!.lsn]);
    waveOver = true;
    await Promise.all(answeringLoops);
    const perSubmit = (key: keyof typeof before) => (((after[key] - before[key]) / submitters.length) * 1e3).toFixed(2);

    const ran = await statements(15);
    const statementsPerSubmit = ran.calls / submitters.length;
    const topStatements = ran.top;
    // Every question's marks: on the attempt (decision 086), or a row each in a build from before it.
    const [onAttempt] = await query(`SELECT count(*)::int AS n FROM information_schema.columns WHERE table_name = 'exam_attempts' AND column_name = 'item_marks'`);
    const marked = Number(onAttempt?.n)
      ? `cardinality(a.item_marks) = 180`
      : `(SELECT count(*) FROM exam_answers e WHERE e.attempt_id = a.id AND e.marks_awarded IS NOT NULL) = 180`;
    const [check] = await query(
      `SELECT count(*) FILTER (WHERE a.status = 'submitted') AS submitted,
              count(*) FILTER (WHERE a.status = 'submitted' AND ${marked}) AS scored_rows,
              count(*) FILTER (WHERE a.status = 'submitted' AND EXISTS (SELECT 1 FROM attempt_summaries s WHERE s.attempt_id = a.id)) AS summarised
       FROM exam_attempts a WHERE task_id = $1`,
      [exam.taskId],
    );
    client.close();
    await saves.close();

    const lat = summary(latencies);
    const scoredLat = summary(scoredLatencies);
    const saved = summary(saveTimes);
    const overTarget = latencies.filter((ms) => ms > TARGET_MS).length;
    console.log(`submit wave: ${submitters.length} of ${STUDENTS} students pressed Submit within ${SPREAD_MS} ms (${ANSWERS} answers each), ${answering.length} still answering`);
    console.log(`  all answered ${lastAt.toFixed(0)} ms after the first press (target < ${TARGET_MS} ms); per submit p50 ${lat.p50} ms, p99 ${lat.p99} ms, max ${lat.max} ms; over the target ${overTarget}`);
    console.log(`  accepted at once (scored in their turn) ${accepted}; all scored ${lastScoredAt.toFixed(0)} ms after the first press; press to score p50 ${scoredLat.p50} ms, p99 ${scoredLat.p99} ms, max ${scoredLat.max} ms`);
    console.log(`  errors ${failures.length}${failures.length ? ` (first: ${failures[0]})` : ''}; submitted ${check?.submitted}, with 180 questions' marks ${check?.scored_rows}, summarised ${check?.summarised}`);
    console.log(`  CPU per submit: server ${perSubmit('server')} ms, PostgreSQL ${perSubmit('postgres')} ms, load generator ${perSubmit('driver')} ms`);
    console.log(`  write-ahead log per submit: ${(Number(wal?.bytes) / submitters.length / 1024).toFixed(1)} KB (the saves in the wave included)`);
    console.log(`saves during the wave: p50 ${saved.p50} ms, p99 ${saved.p99} ms, max ${saved.max} ms, errors ${saveErrors} (${saved.n} saves)`);
    if (topStatements.length) {
      console.log('PostgreSQL statements during the wave (pg_stat_statements, by total time; calls per submit):');
      for (const s of topStatements) {
        console.log(`  ${(Number(s.calls) / submitters.length).toFixed(2).padStart(6)} × ${String(s.mean_ms).padStart(8)} ms  total ${String(s.total_ms).padStart(6)} ms  ${s.query}`);
      }
      console.log(`  statements per submit, all of them (BEGIN, COMMIT and the saves included): ${statementsPerSubmit.toFixed(1)}`);
    }
    return (
      failures.length === 0 &&
      lastAt < TARGET_MS &&
      Number(check?.submitted) === submitters.length &&
      Number(check?.scored_rows) === submitters.length &&
      Number(check?.summarised) === submitters.length &&
      saveErrors === 0 &&
      saved.p99 <= SAVE_BUDGET_MS
    );
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
