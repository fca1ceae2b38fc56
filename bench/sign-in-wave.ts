/**
 * The sign-ins before an exam: BENCH_SIGN_INS students (default 5,000) sign in with their password
 * at random moments spread evenly over BENCH_SPREAD_MS (5 minutes), each from an address of its
 * own behind the school's proxy, while BENCH_SAVERS students (300) already in the exam save an
 * answer every 2 s each. One server process from the built bundle, on PostgreSQL, with the
 * production password hashes (argon2id, 19 MiB, t = 2): the students' stored hashes are too.
 *
 *   npm run build -w apps/server && npx tsx bench/sign-in-wave.ts
 *   BENCH_COMPRESS=5 npx tsx bench/sign-in-wave.ts     # the same sign-ins in a fifth of the time
 *
 * Env: BENCH_SIGN_INS (5000), BENCH_SPREAD_MS (300000), BENCH_COMPRESS (1: divides the spread),
 * BENCH_SAVERS (300), BENCH_SIGN_IN_P99_MS (2000), BENCH_PORT (8312), BENCH_PG_PORT (5446),
 * BENCH_DATABASE_URL, BENCH_SERVER_ENV (e.g. `PASSWORD_HASH_CONCURRENCY=1`).
 *
 * Pass: every sign-in answered 200 with a token, p99 within BENCH_SIGN_IN_P99_MS; every save of
 * the students in the exam acknowledged, p99 within the save budget (100 ms).
 */
import http from 'node:http';
import { envNumber, httpClient, signInAs, sleep, studentAddress, summary } from './exam-day-lib.js';
import { onOneServer } from './one-server.js';
import { startSaveThread } from './save-thread.js';

const SIGN_INS = envNumber('BENCH_SIGN_INS', 5000);
const SPREAD_MS = envNumber('BENCH_SPREAD_MS', 300_000) / envNumber('BENCH_COMPRESS', 1);
const SAVERS = envNumber('BENCH_SAVERS', 300);
const SIGN_IN_P99_MS = envNumber('BENCH_SIGN_IN_P99_MS', 2000);
const PORT = envNumber('BENCH_PORT', 8312);
const SAVE_BUDGET_MS = 100;

async function main(): Promise<void> {
  // The server hashes as in production (the default 19 MiB), and trusts the proxy on loopback for
  // the students' addresses: the sign-in limit (180 a minute) is per address.
  process.env.BENCH_SERVER_ENV = `PASSWORD_HASH_MEMORY_KIB=19456 TRUST_PROXY=loopback ${process.env.BENCH_SERVER_ENV ?? ''}`;
  const frame = { dbName: 'neetprep_bench_sign_in', port: PORT, pgPort: envNumber('BENCH_PG_PORT', 5446), students: SIGN_INS + SAVERS, label: `signin${Date.now()}` };
  await onOneServer(frame, async ({ origin, query, exam, cpu }) => {
    const [hash] = await query(`SELECT password_hash FROM users WHERE username = $1`, [exam.students[0]!.username]);
    const stored = String(hash?.password_hash);
    if (!stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')) throw new Error(`the students' hashes are not production ones: ${stored.slice(0, 40)}`);
    const signers = exam.students.slice(0, SIGN_INS);
    const savers = exam.students.slice(SIGN_INS);

    // Before the wave, not measured: the students in the exam start it.
    const client = httpClient(origin, 64);
    const attemptOf: string[] = [];
    for (const student of savers) {
      const res = await client.post('/task/v1/practise', student.token, { taskID: exam.taskId, courseID: exam.courseId, languageID: 1 });
      const id = /"TestSessionID":"([^"]+)"/.exec(res.text)?.[1];
      if (res.status !== 200 || !id) throw new Error(`start failed: ${res.status} ${res.text.slice(0, 200)}`);
      attemptOf.push(id);
    }
    client.close();
    const saves = await startSaveThread(origin, SAVERS + 64, exam.courseId);

    let waveOver = false;
    const saveTimes: number[] = [];
    let saveErrors = 0;
    const savingLoops = savers.map(async (student, k) => {
      for (let round = 1; !waveOver; round++) {
        const q = exam.questions[(k + round) % exam.questions.length]!;
        const done = await saves.save({ i: k, round, delayMs: Math.random() * 4000, token: student.token, attemptId: attemptOf[k]!, mapId: q.mapId, answerId: q.options[round % 4]! });
        if (waveOver && done.ms === undefined) break;
        if (done.ms === undefined) saveErrors++;
        else saveTimes.push(done.ms);
      }
    });

    const agent = new http.Agent({ keepAlive: true, maxSockets: 1000 });
    const before = cpu();
    const t0 = performance.now();
    const latencies: number[] = [];
    const failures: string[] = [];
    await Promise.all(
      signers.map(async (student, i) => {
        await sleep(Math.random() * SPREAD_MS);
        const pressed = performance.now();
        try {
          const res = await signInAs(agent, origin, student.username, studentAddress(i));
          latencies.push(performance.now() - pressed);
          if (res.status !== 200 || !res.text.includes('"token":')) failures.push(`${res.status} ${res.text.slice(0, 200)}`);
        } catch (error) {
          failures.push(String((error as Error).message));
        }
      }),
    );
    const wallMs = performance.now() - t0;
    const after = cpu();
    waveOver = true;
    await Promise.all(savingLoops);
    await saves.close();
    agent.destroy();

    const lat = summary(latencies);
    const saved = summary(saveTimes);
    const perSignIn = (key: keyof typeof before) => (((after[key] - before[key]) / SIGN_INS) * 1e3).toFixed(1);
    console.log(`sign-in wave: ${SIGN_INS} students signed in at random over ${(SPREAD_MS / 1000).toFixed(0)} s (all answered after ${(wallMs / 1000).toFixed(1)} s), ${SAVERS} students saving every 2 s meanwhile`);
    console.log(`  sign-ins: p50 ${lat.p50} ms, p99 ${lat.p99} ms, max ${lat.max} ms (target p99 < ${SIGN_IN_P99_MS} ms); errors ${failures.length}${failures.length ? ` (first: ${failures[0]})` : ''}`);
    console.log(`  CPU per sign-in: server ${perSignIn('server')} ms, PostgreSQL ${perSignIn('postgres')} ms, load generator ${perSignIn('driver')} ms`);
    console.log(`saves during the wave: p50 ${saved.p50} ms, p99 ${saved.p99} ms, max ${saved.max} ms, errors ${saveErrors} (${saved.n} saves; budget p99 ${SAVE_BUDGET_MS} ms)`);
    return failures.length === 0 && latencies.length === SIGN_INS && lat.p99 < SIGN_IN_P99_MS && saveErrors === 0 && saved.p99 <= SAVE_BUDGET_MS;
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
