/**
 * An exam centre's day with the internet cut (docs/centre.md; decisions 043, 057, 063): a compiled
 * central server on PostgreSQL and a compiled centre server on the embedded database, as separate
 * processes. The centre pairs and stages a 180-question NEET-pattern test for N students of the
 * demo institute; the central process is then stopped (the WAN is down for the whole exam) and the
 * invigilator unlocks the paper with its code. The students sign in on the centre, start within
 * one second and answer the paper over the compressed exam, each keeping unacknowledged saves
 * queued as the player does. Mid-exam the centre is killed (SIGKILL), left off for a moment
 * (a power cut) and started again; the running attempts must be credited the outage the centre
 * measures from its own journal. At the end every student submits and the centre's own database
 * is read once its server has stopped.
 *
 *   npm run build -w apps/server
 *   npx tsx bench/centre-day.ts
 *
 * Env (defaults in brackets):
 *   BENCH_STUDENTS        students [200]
 *   BENCH_EXAM_SECONDS    the 180-minute mock compressed into this many seconds [180]
 *   BENCH_KILL_AT         the kill, as a fraction of the exam [0.5]
 *   BENCH_DOWN_SECONDS    how long the machine stays off before its server is started again [5]
 *   BENCH_LEAD_SECONDS    the start, this long after the schedule is made (pairing and staging fit in it) [60]
 *   BENCH_DATABASE_URL    the PostgreSQL server of the central database [postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Targets (printed; exit code 0 only if all are met): 0 acknowledged answers lost (every
 * acknowledged save is in the centre's final rows with that seq and answer, or a newer seq); the N
 * starts within 5 s; serving again within 30 s of the kill; each running attempt credited its
 * outage within ±2 s of the outage measured from outside (kill to ready again).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { eq, gt } from 'drizzle-orm';
import pg from 'pg';
import { freePort } from '../apps/server/test/server-process.js';
import {
  assertBuilt,
  dropDatabase,
  envNumber,
  httpClient,
  pgQuery,
  prepareExam,
  recreateDatabase,
  serverEnv,
  SERVER_DIR,
  signInAs,
  sleep,
  startServer,
  stopProcess,
  studentAddress,
  summary,
  waitReady,
  type ServerProcess,
} from './exam-day-lib.js';

const STUDENTS = envNumber('BENCH_STUDENTS', 200);
const EXAM_SECONDS = envNumber('BENCH_EXAM_SECONDS', 180);
const KILL_AT = envNumber('BENCH_KILL_AT', 0.5);
const DOWN_SECONDS = envNumber('BENCH_DOWN_SECONDS', 5);
const LEAD_SECONDS = envNumber('BENCH_LEAD_SECONDS', 60);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DATABASE = 'neetprep_bench_centre_day';
const DEMO_PASSWORD = 'Demo@1234';
const LAB_PASSWORD = 'Centre-admin-password-1';
const TARGETS = { startsMs: 5_000, servingAgainMs: 30_000, creditMs: 2_000 };

interface Reply {
  status: number;
  body: any;
}

async function call(base: string, method: string, url: string, options: { token?: string; body?: unknown } = {}): Promise<Reply> {
  const res = await fetch(`${base}/api${url}`, {
    method,
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...(options.token ? { authorization: `Bearer ${options.token}` } : {}) },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: AbortSignal.timeout(120_000),
  });
  const json = (await res.json()) as { body: unknown };
  return { status: res.status, body: json.body };
}

function expectOk(reply: Reply, what: string): any {
  if (reply.status !== 200) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply.body;
}

/** The centre's own first administrator, made before its server holds the data folder. */
function bootstrapCentre(env: Record<string, string>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/first-admin.js', '--client', 'Lab Operators', '--institute', 'Lab One', '--admin-username', 'labadmin'], {
      cwd: SERVER_DIR,
      env: serverEnv(env),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`first-admin exited ${code}: ${output}`))));
    child.stdin.end(`${LAB_PASSWORD}\n`);
  });
}

/** One simulated browser: its attempt, its queue of saves not yet acknowledged, and what the server acknowledged. */
interface Student {
  username: string;
  token: string;
  attemptId: string;
  queue: { mapId: number; seq: number; answerID: number }[];
  /** The newest acknowledged save per question. */
  acked: Map<number, { seq: number; answerID: number }>;
  sending: boolean;
}

async function main(): Promise<void> {
  assertBuilt();
  let failed = false;
  const check = (ok: boolean, line: string) => {
    console.log(`${ok ? 'met    ' : 'NOT MET'}  ${line}`);
    if (!ok) failed = true;
  };
  const centralUrl = await recreateDatabase(SERVER_URL, DATABASE);
  const centralDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-central-'));
  const centreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-centre-'));
  const [centralPort, centrePort] = [await freePort(), await freePort()];
  const centralBase = `http://127.0.0.1:${centralPort}`;
  const centreBase = `http://127.0.0.1:${centrePort}`;
  const centralEnv = { DATABASE_URL: centralUrl, SEED_DEMO_DATA: 'true', SERVER_ROLE: 'central', DATA_DIR: centralDir };
  const centreEnv = { TRUST_PROXY: 'loopback', SEED_DEMO_DATA: 'false', SERVER_ROLE: 'centre', CENTRAL_URL: centralBase, CENTRE_POLL_INTERVAL_MS: '0', DATA_DIR: centreDir, HOST: '127.0.0.1', PORT: String(centrePort) };
  let central: ServerProcess | null = startServer(centralPort, centralEnv);
  let centre: ServerProcess | null = null;
  const pool = new pg.Pool({ connectionString: centralUrl, max: 2 });
  try {
    await waitReady(`${centralBase}/api/ready`, 300_000);
    const query = pgQuery(pool);
    const exam = await prepareExam(query, { students: STUDENTS, durationMinutes: 180, label: 'centre' });
    // The students' institute (the demo's Sunrise Academy) is the centre's.
    const [home] = await query(`SELECT institute_id AS id FROM users WHERE username = $1`, [exam.students[0]!.username]);
    const opensAt = Date.now() + LEAD_SECONDS * 1000;
    const [schedule] = await query(`INSERT INTO test_schedules (task_id, institute_id, opens_at, closes_at) VALUES ($1, $2, $3, $4) RETURNING id`, [
      exam.taskId,
      home!.id,
      new Date(opensAt),
      new Date(opensAt + 4 * 3_600_000),
    ]);
    const scheduleId = Number(schedule!.id);

    // Pairing and staging, with the link up.
    await bootstrapCentre(centreEnv);
    centre = startServer(centrePort, centreEnv);
    await waitReady(`${centreBase}/api/ready`, 300_000);
    const signIn = async (base: string, username: string, password: string) => expectOk(await call(base, 'POST', '/user/v1/login', { body: { username, password } }), `sign-in ${username}`).token as string;
    const clientAdmin = await signIn(centralBase, 'clientadmin', DEMO_PASSWORD);
    const labAdmin = await signIn(centreBase, 'labadmin', LAB_PASSWORD);
    const code = expectOk(await call(centralBase, 'POST', '/centre/v1/createPairingCode', { token: clientAdmin, body: { instituteId: Number(home!.id) } }), 'pairing code').code as string;
    const centreId = expectOk(await call(centreBase, 'POST', '/centre/v1/local/pair', { token: labAdmin, body: { code, name: 'Bench Lab' } }), 'pair').centreId as number;
    const unlockCode = expectOk(await call(centralBase, 'POST', '/centre/v1/issueInvigilatorCode', { token: clientAdmin, body: { centreId, scheduleId } }), 'invigilator code').code as string;
    const stagingStarted = Date.now();
    const staged = expectOk(await call(centreBase, 'POST', '/centre/v1/local/stage', { token: labAdmin, body: {} }), 'stage');
    if (!staged.exams.some((e: { scheduleId: number }) => e.scheduleId === scheduleId)) throw new Error('the exam was not staged');
    console.log(`staged in ${Date.now() - stagingStarted} ms`);

    // The WAN goes down for the whole exam.
    await stopProcess(central.child);
    central = null;

    // At the start the invigilator unlocks the paper with the code (its roster comes with it).
    await sleep(Math.max(0, opensAt - Date.now() + 500));
    expectOk(await call(centreBase, 'POST', '/centre/v1/local/unlock', { token: labAdmin, body: { scheduleId, code: unlockCode } }), 'unlock by code');

    // The students sign in on the centre with their central password (four at a time, as a lab fills).
    const client = httpClient(centreBase, STUDENTS + 4);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
    const signInTimes: number[] = [];
    const tokens: string[] = new Array(STUDENTS);
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < STUDENTS) {
          const i = next++;
          const t0 = performance.now();
          // Each from its own lab machine (the sign-in limit is per address).
          const res = await signInAs(agent, centreBase, exam.students[i]!.username, studentAddress(i));
          if (res.status !== 200) throw new Error(`sign-in ${exam.students[i]!.username}: ${res.status} ${res.text}`);
          tokens[i] = JSON.parse(res.text).body.token as string;
          signInTimes.push(performance.now() - t0);
        }
      }),
    );
    agent.destroy();
    console.log(`sign-ins on the centre (ms): ${JSON.stringify(summary(signInTimes))}`);


    // The test as the centre lists it to a student (the centre keeps the paper in tables of its own).
    const range = `from=${new Date(Date.now() - 86_400_000).toISOString()}&to=${new Date(Date.now() + 86_400_000).toISOString()}`;
    const events = expectOk(await call(centreBase, 'GET', `/calendar/v1/listEvents?${range}`, { token: tokens[0] }), 'calendar') as { source: string; title: string; route: string }[];
    const entry = events.find((e) => e.source === 'test' && e.title === 'Exam day centre');
    if (!entry) throw new Error(`the test is not listed on the centre: ${JSON.stringify(events)}`);
    const [courseID, taskID] = entry.route.split('/').slice(-2).map(Number) as [number, number];

    // Every student presses Start within one second.
    let contentKey = '';
    const startWave = performance.now();
    const students: Student[] = await Promise.all(
      exam.students.map(async (s, i) => {
        await sleep(Math.random() * 1000);
        const res = await client.post('/task/v1/practise', tokens[i]!, { taskID, courseID, languageID: 1 });
        if (res.status !== 200) throw new Error(`start ${s.username}: ${res.status} ${res.text}`);
        const started = JSON.parse(res.text).body as { TestSessionID: string; contentKey: string };
        contentKey = started.contentKey;
        return { username: s.username, token: tokens[i]!, attemptId: started.TestSessionID, queue: [], acked: new Map(), sending: false };
      }),
    );
    const startsMs = performance.now() - startWave;
    const content = expectOk(await call(centreBase, 'GET', `/exam/v1/content?key=${contentKey}`, { token: students[0]!.token }), 'content') as {
      questions: { questionTaskMapID: number; questionType: string; answer: { answerID: number }[] }[];
    };
    const paper = content.questions.map((q) => ({ mapId: q.questionTaskMapID, type: q.questionType, options: q.answer.map((o) => o.answerID) }));
    if (paper.length !== exam.questions.length || paper.some((q) => q.type !== 'singleChoice')) throw new Error(`unexpected paper on the centre: ${paper.length} questions`);

    // The exam: each student answers the 180 questions at an even pace; a failed save stays queued.
    const saveTimes: number[] = [];
    let centreUp = true;
    const flush = async (student: Student) => {
      if (student.sending || student.queue.length === 0 || !centreUp) return;
      student.sending = true;
      const batch = student.queue.slice(0, 20);
      const t0 = performance.now();
      try {
        const res = await client.post(
          '/task/v1/saveAnswer',
          student.token,
          { TestSessionID: student.attemptId, data: batch.map((b) => ({ questionTaskMapID: b.mapId, questionType: 'singleChoice', answerID: b.answerID, seq: b.seq, timeSpent: 5 })) },
          10_000,
        );
        if (res.status === 200) {
          saveTimes.push(performance.now() - t0);
          const saved = JSON.parse(res.text).body.saved as { questionTaskMapID: number; seq: number; applied: boolean }[];
          // Applied now, or held already (a resend of a save whose reply the kill cut off): the server has that seq.
          for (const ack of saved) {
            const item = batch.find((b) => b.mapId === ack.questionTaskMapID && b.seq === ack.seq);
            if (item) student.acked.set(item.mapId, { seq: item.seq, answerID: item.answerID });
          }
          student.queue = student.queue.filter((q) => !batch.includes(q));
        }
      } catch {
        // The centre is down or busy: the saves stay queued and go again.
      } finally {
        student.sending = false;
      }
    };
    const examStarted = Date.now();
    const examEnds = examStarted + EXAM_SECONDS * 1000;
    const killAt = examStarted + EXAM_SECONDS * 1000 * KILL_AT;
    const running = students.map(async (student, s) => {
      const seqs = new Map<number, number>();
      for (let q = 0; q < paper.length; q += 1) {
        const due = examStarted + ((q + s / students.length) / paper.length) * EXAM_SECONDS * 1000 * 0.95;
        await sleep(Math.max(0, due - Date.now()));
        const question = paper[q]!;
        const seq = (seqs.get(question.mapId) ?? 0) + 1;
        seqs.set(question.mapId, seq);
        student.queue.push({ mapId: question.mapId, seq, answerID: question.options[(s + q) % question.options.length]! });
        void flush(student);
      }
      while (Date.now() < examEnds || student.queue.length > 0) {
        await sleep(500);
        void flush(student);
        if (Date.now() > examEnds + 120_000) break;
      }
    });

    // The power cut: kill -9, the machine off for a moment, the server started again.
    await sleep(Math.max(0, killAt - Date.now()));
    const killedAt = Date.now();
    centreUp = false;
    centre.child.kill('SIGKILL');
    await new Promise((resolve) => centre!.child.once('exit', resolve));
    await sleep(DOWN_SECONDS * 1000);
    centre = startServer(centrePort, centreEnv);
    await waitReady(`${centreBase}/api/ready`, 120_000);
    const servingAt = Date.now();
    centreUp = true;
    await Promise.all(running);
    const unsent = students.reduce((n, s) => n + s.queue.length, 0);

    const submitTimes: number[] = [];
    await Promise.all(
      students.map(async (student) => {
        const t0 = performance.now();
        const res = await client.post('/task/v1/submitTest', student.token, { TestSessionID: student.attemptId, TaskID: taskID });
        if (res.status !== 200) throw new Error(`submit ${student.username}: ${res.status} ${res.text}`);
        submitTimes.push(performance.now() - t0);
      }),
    );
    client.close();
    await stopProcess(centre.child);
    centre = null;

    // The centre's own record, read once its server has stopped.
    const { openDatabase } = await import('../apps/server/src/db/client.js');
    const schema = await import('../apps/server/src/db/schema/index.js');
    const database = await openDatabase({ pgliteDir: path.join(centreDir, 'pglite') });
    let lost = 0;
    let credited: { attempt: string; seconds: number; from: number; to: number }[] = [];
    let submitted = 0;
    try {
      const answers = await database.db
        .select({ attemptId: schema.examAnswers.attemptId, mapId: schema.examAnswers.questionTaskMapId, seq: schema.examAnswers.seq, answerID: schema.examAnswers.answerId })
        .from(schema.examAnswers)
        .where(gt(schema.examAnswers.seq, 0));
      const held = new Map(answers.map((row) => [`${row.attemptId}:${row.mapId}`, row]));
      for (const student of students)
        for (const [mapId, ack] of student.acked) {
          const row = held.get(`${student.attemptId}:${mapId}`);
          if (!row || row.seq < ack.seq || (row.seq === ack.seq && Number(row.answerID) !== ack.answerID)) lost += 1;
        }
      const credits = await database.db.select().from(schema.auditLog).where(eq(schema.auditLog.action, 'exam.outageCredit'));
      credited = credits.map((row) => {
        const after = row.after as { seconds: number; from: string; to: string };
        return { attempt: String(row.targetId), seconds: after.seconds, from: Date.parse(after.from), to: Date.parse(after.to) };
      });
      submitted = (await database.db.select({ id: schema.examAttempts.id }).from(schema.examAttempts).where(eq(schema.examAttempts.status, 'submitted'))).length;
    } finally {
      await database.close();
    }

    const outageMs = servingAt - killedAt;
    const creditOf = new Map(credited.map((c) => [c.attempt, c.seconds * 1000]));
    const creditErrors = students.map((s) => (creditOf.has(s.attemptId) ? Math.abs(creditOf.get(s.attemptId)! - outageMs) : Infinity));
    const worstCredit = Math.max(...creditErrors);
    const acknowledged = students.reduce((n, s) => n + s.acked.size, 0);
    const ends = credited.map((c) => ({ from: c.from - killedAt, to: c.to - servingAt }));
    const span = (values: number[]) => (values.length ? `${Math.min(...values)} to ${Math.max(...values)} ms` : 'none');
    console.log(`credits: from the last heartbeat ${span(ends.map((e) => e.from))} after the kill; to ${span(ends.map((e) => e.to))} after serving again`);

    console.log(`\n${STUDENTS} students, ${paper.length} questions, exam compressed into ${EXAM_SECONDS} s, load ${os.loadavg()[0]!.toFixed(1)}`);
    console.log(`saves (ms): ${JSON.stringify(summary(saveTimes))}; submits (ms): ${JSON.stringify(summary(submitTimes))}; ${submitted} of ${STUDENTS} submitted; ${unsent} saves never sent`);
    check(lost === 0, `acknowledged answers lost: ${lost} of ${acknowledged} questions acknowledged`);
    check(startsMs < TARGETS.startsMs, `${STUDENTS} starts in ${Math.round(startsMs)} ms (target < ${TARGETS.startsMs} ms)`);
    check(outageMs - DOWN_SECONDS * 1000 < TARGETS.servingAgainMs, `serving again ${outageMs - DOWN_SECONDS * 1000} ms after the machine came back (outage ${outageMs} ms with ${DOWN_SECONDS} s off; target < ${TARGETS.servingAgainMs} ms)`);
    check(
      worstCredit <= TARGETS.creditMs,
      `outage credits: ${credited.length} for ${STUDENTS} running attempts; worst difference from the measured outage ${Number.isFinite(worstCredit) ? Math.round(worstCredit) : 'missing'} ms (target ±${TARGETS.creditMs} ms)`,
    );
  } finally {
    if (central) await stopProcess(central.child);
    if (centre) await stopProcess(centre.child);
    await pool.end();
    await dropDatabase(SERVER_URL, DATABASE);
    fs.rmSync(centralDir, { recursive: true, force: true });
    fs.rmSync(centreDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
