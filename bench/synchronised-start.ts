/**
 * A synchronised start: BENCH_STUDENTS students (default 5,000) press Start on the same
 * 180-question NEET-pattern test within one second, on PostgreSQL, against one server process
 * started from the built bundle (as `npm run serve` runs it); then their first saves.
 *
 *   npm run build -w apps/server && npx tsx bench/synchronised-start.ts
 *
 * Env: BENCH_STUDENTS (5000); BENCH_SPREAD_MS (1000: the presses are spread uniformly over it);
 * BENCH_NODE_ARGS (extra flags for the server's node, e.g. `--max-semi-space-size=32`); BENCH_SERVER_ENV
 * (server settings, `NAME=value` separated by spaces, e.g. `START_CONCURRENCY=64`);
 * BENCH_DATABASE_URL (a PostgreSQL server to create a scratch database on; default: a temporary
 * PostgreSQL of its own on BENCH_PG_PORT, 5441, with pg_stat_statements); BENCH_PORT (8307);
 * BENCH_CPU_PROF=<dir> (V8 CPU profile of the server); BENCH_TARGET_MS (10000).
 *
 * BENCH_PREPARED: `1` schedules the test in a window for the students' institute that opens 75 s
 * after the server is ready, lets the server's preparation (decision 078) make every attempt ahead
 * of it, and presses Start once the window is open: each start is then the prepared attempt turned
 * open. `both` runs the two modes side by side in one run, BENCH_RUNS (1) times each, alternating
 * (each on a fresh database and server), and ends with min/median/max per mode and the load average.
 *
 * Each simulated student does what a browser does: Start (practise), then GET the test's content
 * resource named by the session (decision 035) with `accept-encoding: gzip, deflate, br`, as a
 * browser without a shared cache would: every student fetches it once. The generator checks each
 * content's status and size and decodes and parses a sample (BENCH_CONTENT_SAMPLE, every 50th),
 * checking that it holds every question the session refers to; "in hand" is session + content.
 *
 * Each student then answers its first question 2–10 s after its own session arrived, so the first
 * saves of the early students reach the server while later students are still starting; once all
 * of them are in, every student saves again (the same pattern, with no wave going on).
 * BENCH_FIRST_SAVES=after holds the first saves until the last student has its session: the wave
 * alone, then the saves 2–10 s after it. The saves are made and timed on a thread of their own
 * (save-worker.ts), over connections it opened before the wave, as each browser saves on the
 * connection it started on; the server's event-loop delay is read from its /metrics.
 *
 * Pass: every start answered 200 with a session of 180 questions and its content, the last one in
 * hand within BENCH_TARGET_MS of the first press; every first save acknowledged, their p99 no more
 * than twice the p99 of the later saves or 50 ms (the start wave does not slow them), and the p99
 * of those sent while the wave was on within the save budget, 100 ms.
 */
import os from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { envNumber, httpClient, sleep, summary } from './exam-day-lib.js';
import { onOneServer } from './one-server.js';
import { startSaveThread } from './save-thread.js';

const STUDENTS = envNumber('BENCH_STUDENTS', 5000);
const SPREAD_MS = envNumber('BENCH_SPREAD_MS', 1000);
const TARGET_MS = envNumber('BENCH_TARGET_MS', 10_000);
const PORT = envNumber('BENCH_PORT', 8307);
const DB_NAME = 'neetprep_bench_sync';
const CONTENT_SAMPLE = envNumber('BENCH_CONTENT_SAMPLE', 50);
/** A save's p99 budget (the exam-day kit's): the saves made during the wave stay within it. */
const SAVE_BUDGET_MS = 100;
/** `after`: the first saves wait until every student has its session (the wave measured alone). */
const SAVES_DURING_WAVE = process.env.BENCH_FIRST_SAVES !== 'after';

/** A content body as sent: decoded as its content-encoding says, then parsed. */
function decodeContent(bytes: Buffer, encoding: string | undefined): { body: { questions: { questionTaskMapID: number }[] } } {
  const plain = encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
  return JSON.parse(plain.toString()) as { body: { questions: { questionTaskMapID: number }[] } };
}

/** The server's event-loop delay since the last scrape (prom-client resets it at each one). */
async function serverLoopDelay(origin: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${origin}/metrics`)).text();
  const value = (name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? NaN) * 1e3;
  return { p99: value('nodejs_eventloop_lag_p99_seconds'), max: value('nodejs_eventloop_lag_max_seconds') };
}

/** How long after the server is ready the prepared mode's window opens: the preparation runs once a minute. */
const WINDOW_OPENS_AFTER_MS = 75_000;

/** One run: the wave's time to the last student's session and content (NaN when the run failed). */
async function runOnce(prepared: boolean): Promise<number> {
  const frame = { dbName: DB_NAME, port: PORT, pgPort: envNumber('BENCH_PG_PORT', 5441), students: STUDENTS, label: `sync${Date.now()}` };
  let waveResult = Number.NaN;
  await onOneServer(frame, async ({ origin, query, exam, cpu, resetStatements, statements }) => {
    let preparedIds = new Set<string>();
    if (prepared) {
      // A window for the students' institute opening shortly; the server prepares its attempts.
      const userIds = exam.students.map((s) => s.userId);
      const opensAt = new Date(Date.now() + WINDOW_OPENS_AFTER_MS);
      await query(
        `INSERT INTO test_schedules (task_id, institute_id, opens_at, closes_at)
         SELECT $1, institute_id, $2, $3 FROM users WHERE id = $4`,
        [exam.taskId, opensAt.toISOString(), new Date(opensAt.getTime() + 6 * 3_600_000).toISOString(), userIds[0]],
      );
      const readyBy = opensAt.getTime() + 120_000;
      for (;;) {
        const rows = await query(`SELECT id FROM exam_attempts WHERE task_id = $1 AND status = 'prepared' AND user_id = ANY($2::int[])`, [exam.taskId, userIds]);
        if (rows.length === STUDENTS) {
          preparedIds = new Set(rows.map((r) => String(r.id)));
          break;
        }
        if (Date.now() > readyBy) throw new Error(`only ${rows.length} of ${STUDENTS} attempts were prepared`);
        await sleep(2000);
      }
      console.log(`prepared ${preparedIds.size} attempts ahead of the window; waiting for it to open`);
      await sleep(Math.max(0, opensAt.getTime() - Date.now() + 1000));
    }
    // One connection per student, as 5,000 browsers would open.
    const client = httpClient(origin, STUDENTS + 10);
    const post = client.post;
    const before = cpu();
    await resetStatements();

    // A student's save of one answer, made on the save thread: its latency, or undefined when it
    // was not acknowledged.
    const saves = await startSaveThread(origin, STUDENTS + 10, exam.courseId);
    const saveOnce = async (i: number, round: number, delayMs: number): Promise<number | undefined> => {
      const q = exam.questions[(i + round) % exam.questions.length]!;
      const done = await saves.save({ i, round, delayMs, token: exam.students[i]!.token, attemptId: attemptOf[i]!, mapId: q.mapId, answerId: (i % 4) + 1 });
      if (round === 1) firstSentAt[i] = done.sentAt - (performance.timeOrigin + t0);
      return done.ms;
    };
    const saveSummary = (results: (number | undefined)[]) => {
      const times = results.filter((ms): ms is number => ms !== undefined);
      return { ...summary(times), errors: results.length - times.length };
    };
    // Each student answers its first question 2–10 s after its own session and content arrived
    // (reading the question): many of these saves reach the server while the wave is still on.
    const firstSaves: Promise<number | undefined>[] = [];
    const firstSentAt: (number | undefined)[] = new Array(STUDENTS);
    await serverLoopDelay(origin);
    const t0 = performance.now();
    const latencies: number[] = [];
    const sessionLatencies: number[] = [];
    const doneAt: number[] = [];
    const failures: string[] = [];
    const attemptOf = new Array<string | undefined>(STUDENTS);
    let questionsServed = 0;
    let bytes = 0;
    let contentBytes = 0;
    let contentsFetched = 0;
    let contentsChecked = 0;
    const contentKeys = new Set<string>();
    const encodings = new Map<string, number>();
    await Promise.all(
      exam.students.map(async (student, i) => {
        await sleep(Math.random() * SPREAD_MS);
        const pressed = performance.now();
        try {
          const res = await post('/task/v1/practise', student.token, {
            taskID: exam.taskId,
            courseID: exam.courseId,
            languageID: 1,
          });
          sessionLatencies.push(performance.now() - pressed);
          if (res.status !== 200) {
            failures.push(`${res.status} ${res.text.slice(0, 200)}`);
            return;
          }
          // A browser parses the session; the generator shares the two cores, so it only reads
          // what it needs (the attempt's id, the content key) and counts the questions served.
          const id = /"TestSessionID":"([^"]+)"/.exec(res.text)?.[1];
          if (!id) {
            failures.push(`no TestSessionID: ${res.text.slice(0, 200)}`);
            return;
          }
          let served = 0;
          for (
            let at = res.text.indexOf('"questionTaskMapID"');
            at !== -1;
            at = res.text.indexOf('"questionTaskMapID"', at + 1)
          )
            served++;
          questionsServed += served;
          bytes += res.text.length;
          // Then the content, as the player asks for it (no shared cache: every browser once).
          const key = /"contentKey":"([^"]+)"/.exec(res.text)?.[1];
          if (!key) {
            failures.push(`no contentKey: ${res.text.slice(0, 200)}`);
            return;
          }
          contentKeys.add(key);
          const content = await client.getBytes(`/exam/v1/content?key=${encodeURIComponent(key)}`, student.token, {
            'accept-encoding': 'gzip, deflate, br',
          });
          const end = performance.now();
          latencies.push(end - pressed);
          doneAt.push(end - t0);
          const length = Number(content.headers['content-length'] ?? content.bytes.length);
          if (content.status !== 200 || content.bytes.length === 0 || length !== content.bytes.length) {
            failures.push(`content ${content.status} ${content.bytes.length} bytes`);
            return;
          }
          const encoding = String(content.headers['content-encoding'] ?? 'identity');
          encodings.set(encoding, (encodings.get(encoding) ?? 0) + 1);
          contentBytes += content.bytes.length;
          contentsFetched++;
          if (i % CONTENT_SAMPLE === 0) {
            const mapIds = new Set(decodeContent(content.bytes, encoding).body.questions.map((q) => q.questionTaskMapID));
            const refs = [...res.text.matchAll(/"questionTaskMapID":(\d+)/g)].map((m) => Number(m[1]));
            if (refs.length !== 180 || !refs.every((mapId) => mapIds.has(mapId))) {
              failures.push(`content ${key} does not hold the session's questions`);
              return;
            }
            contentsChecked++;
          }
          attemptOf[i] = id;
          if (SAVES_DURING_WAVE) firstSaves[i] = saveOnce(i, 1, 2000 + Math.random() * 8000);
        } catch (error) {
          failures.push(String((error as Error).message));
        }
      }),
    );
    const waveMs = Math.max(...doneAt);
    const waveLoop = await serverLoopDelay(origin);
    const after = cpu();
    const perStart = (key: keyof typeof before) => (((after[key] - before[key]) / STUDENTS) * 1e3).toFixed(2);
    // The content's size in each encoding, asked once by the first student (outside the wave).
    const firstKey = [...contentKeys][0];
    const contentSizes = firstKey
      ? await Promise.all(
          (['br', 'gzip', 'identity'] as const).map(async (enc) => {
            const res = await client.getBytes(`/exam/v1/content?key=${encodeURIComponent(firstKey)}`, exam.students[0]!.token, { 'accept-encoding': enc });
            return `${enc} ${(res.bytes.length / 1024).toFixed(1)} KB`;
          }),
        )
      : [];
    const ran = await statements(20);
    const statementsPerStart = ran.calls / STUDENTS;
    const topStatements = ran.top;

    // The first saves were sent during and after the wave (with BENCH_FIRST_SAVES=after, all of
    // them 2–10 s after the wave); the same again once they are all in.
    if (!SAVES_DURING_WAVE) {
      exam.students.forEach((_, i) => {
        if (attemptOf[i]) firstSaves[i] = saveOnce(i, 1, 2000 + Math.random() * 8000);
      });
    }
    const firstResults = await Promise.all(firstSaves);
    const first = saveSummary(firstResults.filter((_, i) => firstSaves[i] !== undefined));
    // The saves that reached the server while the wave was on, on their own.
    const inWave = saveSummary(firstResults.filter((_, i) => firstSaves[i] !== undefined && firstSentAt[i]! <= waveMs));
    const firstLoop = await serverLoopDelay(origin);
    await sleep(2000);
    const later = saveSummary(
      await Promise.all(
        exam.students.map((_, i) => (attemptOf[i] ? saveOnce(i, 2, 2000 + Math.random() * 8000) : undefined)).filter(Boolean),
      ),
    );

    const laterLoop = await serverLoopDelay(origin);
    // The bench's students only: the preparation also makes attempts for the institute's other
    // students (the demo data's), as it should.
    const [check] = await query(
      `SELECT count(*) AS attempts, array_agg(id) AS ids,
              count(*) FILTER (WHERE (SELECT count(*) FROM attempt_question_versions v WHERE v.attempt_id = a.id)
                                   + (SELECT count(*) FROM served_set_versions v WHERE v.set_id = a.served_set_id) = 180) AS complete,
              count(DISTINCT user_id) AS students
       FROM exam_attempts a WHERE task_id = $1 AND user_id = ANY($2::int[])`,
      [exam.taskId, exam.students.map((s) => s.userId)],
    );
    client.close();
    await saves.close();

    const lat = summary(latencies);
    const sessionLat = summary(sessionLatencies);
    const startedPrepared = ((check?.ids ?? []) as string[]).filter((id) => preparedIds.has(id)).length;
    console.log(`synchronised start (${prepared ? 'prepared' : 'unprepared'}): ${STUDENTS} students pressed Start within ${SPREAD_MS} ms on a 180-question test`);
    if (prepared) console.log(`  attempts started from a prepared one (no insert): ${startedPrepared} of ${STUDENTS}`);
    console.log(
      `  all had session + content in hand ${waveMs.toFixed(0)} ms after the first press (target < ${TARGET_MS} ms); per student p50 ${lat.p50} ms, p99 ${lat.p99} ms, max ${lat.max} ms (session alone p50 ${sessionLat.p50} ms, p99 ${sessionLat.p99} ms)`,
    );
    console.log(
      `  errors ${failures.length}${failures.length ? ` (first: ${failures[0]})` : ''}; questions served ${questionsServed} (expected ${STUDENTS * 180}); ${(bytes / STUDENTS / 1024).toFixed(1)} KB per session`,
    );
    console.log(
      `  contents fetched ${contentsFetched} (${contentKeys.size} distinct), ${(contentBytes / Math.max(1, contentsFetched) / 1024).toFixed(1)} KB each as sent (${[...encodings].map(([e, n]) => `${e} ${n}`).join(', ')}); ${contentsChecked} decoded and checked against their session; content size ${contentSizes.join(', ')}`,
    );
    console.log(
      `  attempts in the database ${check?.attempts}, with 180 served questions ${check?.complete}, students ${check?.students}`,
    );
    console.log(
      `  CPU per start: server ${perStart('server')} ms, PostgreSQL ${perStart('postgres')} ms, load generator ${perStart('driver')} ms`,
    );
    console.log(
      `first saves (2–10 s after ${SAVES_DURING_WAVE ? "each student's session" : 'the wave'}, ${inWave.n + inWave.errors} of them sent before the wave's end): p50 ${first.p50} ms, p99 ${first.p99} ms, max ${first.max} ms, errors ${first.errors} (${first.n} saves)`,
    );
    if (inWave.n + inWave.errors > 0) {
      console.log(`  of them, those sent during the wave: p50 ${inWave.p50} ms, p99 ${inWave.p99} ms, max ${inWave.max} ms, errors ${inWave.errors}`);
    }
    console.log(
      `later saves (same pattern, after the wave):  p50 ${later.p50} ms, p99 ${later.p99} ms, max ${later.max} ms, errors ${later.errors} (${later.n} saves)`,
    );
    const loop = (l: { p99: number; max: number }) => `p99 ${l.p99.toFixed(0)} ms, max ${l.max.toFixed(0)} ms`;
    console.log(`server's event-loop delay: in the wave ${loop(waveLoop)}; to the last first save ${loop(firstLoop)}; in the later saves ${loop(laterLoop)}`);
    if (topStatements.length) {
      console.log('PostgreSQL statements during the start wave (pg_stat_statements, by total time; calls per start):');
      for (const s of topStatements) {
        console.log(
          `  ${(Number(s.calls) / STUDENTS).toFixed(2).padStart(6)} × ${String(s.mean_ms).padStart(8)} ms  total ${String(s.total_ms).padStart(6)} ms  ${s.query}`,
        );
      }
      console.log(`  statements per start, all of them (BEGIN and COMMIT included): ${statementsPerStart.toFixed(1)}`);
    }
    const pass =
      failures.length === 0 &&
      (!prepared || startedPrepared === STUDENTS) &&
      waveMs < TARGET_MS &&
      contentsFetched === STUDENTS &&
      Number(check?.attempts) === STUDENTS &&
      Number(check?.complete) === STUDENTS &&
      first.errors === 0 &&
      later.errors === 0 &&
      first.n === STUDENTS &&
      first.p99 <= Math.max(2 * later.p99, 50) &&
      inWave.p99 <= SAVE_BUDGET_MS;
    if (failures.length === 0) waveResult = waveMs;
    return pass;
  });
  return waveResult;
}

async function main(): Promise<void> {
  const mode = process.env.BENCH_PREPARED ?? '0';
  if (mode !== 'both') {
    await runOnce(mode === '1');
    return;
  }
  const runs = envNumber('BENCH_RUNS', 1);
  const waves: Record<'unprepared' | 'prepared', number[]> = { unprepared: [], prepared: [] };
  const loads: number[] = [];
  for (let run = 0; run < runs; run++) {
    for (const prepared of run % 2 === 0 ? [false, true] : [true, false]) {
      loads.push(os.loadavg()[0]!);
      waves[prepared ? 'prepared' : 'unprepared'].push(await runOnce(prepared));
    }
  }
  console.log(`side by side, ${runs} run(s) each, alternating; load average (1 min) before the runs: ${loads.map((l) => l.toFixed(1)).join(', ')}`);
  for (const [name, list] of Object.entries(waves)) {
    const sorted = [...list].sort((a, b) => a - b);
    const median = sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
    console.log(`  ${name.padEnd(10)} all in hand after: min ${sorted[0]?.toFixed(0)} ms, median ${median.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms (${list.map((ms) => ms.toFixed(0)).join(', ')})`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
