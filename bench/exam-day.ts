/**
 * Exam-day kit: a full 180-question, 3-hour NEET-pattern exam compressed in time for N students,
 * against the embedded default (one process, PGlite) or against the cluster (PostgreSQL, Redis,
 * HAProxy, N processes: scripts/start-cluster.mjs), with faults injected during the cluster run.
 *
 *   npm run build -w apps/server
 *   npx tsx bench/exam-day.ts                         # embedded: one process on PGlite
 *   BENCH_MODE=cluster npx tsx bench/exam-day.ts      # cluster, every fault
 *
 * Env (defaults in brackets):
 *   BENCH_MODE             embedded | cluster [embedded]
 *   BENCH_STUDENTS         students [100 embedded, 300 cluster]
 *   BENCH_EXAM_MINUTES     the test's real duration: 180 minutes compressed into this [4]
 *   BENCH_PROCESSES        server processes of the cluster [2]
 *   BENCH_FAULTS           comma list of kill,pg,redis,lb, or none [all four in cluster mode]
 *   BENCH_OFFLINE_SECONDS  how long an offline student stops sending [25: "minutes" at this pace]
 *   BENCH_SAVE_EVERY_SECONDS  each student saves this often on average, answering as far as the
 *                          time allows (e.g. 10: 5,000 students make 500 saves a second) [unset: the
 *                          whole paper, 216 saves, in the exam's time]
 *   BENCH_SAVE_P99_MS      the saves' p99 budget, outside the faults' windows [100]
 *   BENCH_SERVER_ENV       settings for the server processes, `NAME=value` separated by spaces
 *   BENCH_PORT             the load balancer's (or the single process's) port [8310]; processes on the next ports
 *   BENCH_PG_PORT, BENCH_REDIS_PORT   ports of the kit's own PostgreSQL and Redis [5440, 6390]
 *   BENCH_DATABASE_URL, BENCH_REDIS_URL   use these servers instead (faults on them are then skipped)
 *   BENCH_SIGN_IN_SECONDS  the students sign in with their password within this many seconds before the start [10]
 *
 * What the students do: sign in with their password (each from an address of its own behind the
 * school's proxy), then start within one second; answer the 180 questions over the exam at an
 * even pace, changing about one answer in five; 5 % go offline for BENCH_OFFLINE_SECONDS (saves
 * queue up) then resend their queue in one call; 5 % reload (getSessionDetails + checkSession:
 * answers and remaining time must match what the kit knows); 5 % work in two tabs on one
 * attempt; 70 % submit in the last tenth of the time, the rest are submitted by the server at the
 * deadline. A save that fails (network, 5xx) stays queued and is retried, as the player does.
 *
 * Pass criteria (printed; exit code 0 only if all pass): every student signed in; every student started; zero
 * acknowledged answers lost (for every acknowledged save, the final row holds that seq with that
 * answer, or a newer seq); zero attempts open past their deadline (+ the sweeper's period);
 * every remaining time the kit read (start, reload, checkSession after each fault) within 2 s of
 * the deadline the student was given at the start; after the Redis fault, the servers said so
 * (redis_up 0 on /metrics, rate_limit_local_fallbacks_total rising, a log line) and kept serving;
 * the saves' p99 within BENCH_SAVE_P99_MS, counting the saves sent outside the faults' windows (a
 * fault's window runs from its injection to the end of its check, plus 5 s).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  assertBuilt,
  benchServerSettings,
  envNumber,
  httpClient,
  signInAs,
  studentAddress,
  pgQuery,
  prepareExam,
  recreateDatabase,
  ROOT,
  serverEnv,
  sleep,
  startOwnPostgres,
  startOwnRedis,
  startServer,
  stopProcess,
  summary,
  waitReady,
  type ExamFixture,
  type HttpClient,
  type OwnPostgres,
  type OwnRedis,
  type Query,
} from './exam-day-lib.js';

const MODE = (process.env.BENCH_MODE ?? 'embedded') as 'embedded' | 'cluster';
const STUDENTS = envNumber('BENCH_STUDENTS', MODE === 'cluster' ? 300 : 100);
const EXAM_MINUTES = envNumber('BENCH_EXAM_MINUTES', 4);
/** Students sign in at random within this many seconds before they start. */
const SIGN_IN_SECONDS = envNumber('BENCH_SIGN_IN_SECONDS', 10);
const PROCESSES = envNumber('BENCH_PROCESSES', 2);
const OFFLINE_MS = envNumber('BENCH_OFFLINE_SECONDS', 25) * 1000;
const SAVE_EVERY_MS = process.env.BENCH_SAVE_EVERY_SECONDS ? envNumber('BENCH_SAVE_EVERY_SECONDS', 10) * 1000 : undefined;
const SAVE_P99_MS = envNumber('BENCH_SAVE_P99_MS', 100);
/** After a fault's check, the time its effects may still show in the saves' latency. */
const FAULT_SETTLE_MS = 5000;
const PORT = envNumber('BENCH_PORT', 8310);
const FAULTS = new Set(
  (process.env.BENCH_FAULTS ?? (MODE === 'cluster' ? 'kill,pg,redis,lb' : 'none'))
    .split(',')
    .map((f) => f.trim())
    .filter((f) => f && f !== 'none'),
);
const SWEEP_GRACE_MS = 12_000;
const TIME_TOLERANCE_S = 2;

// ---------------- the student model ----------------

interface Ack {
  mapId: number;
  seq: number;
  answerID: number;
  applied: boolean;
}

interface Student {
  index: number;
  userId: number;
  token: string;
  attemptId?: string;
  deadline?: number;
  kind: 'plain' | 'offline' | 'reload' | 'twoTabs';
  submits: boolean;
  /** Highest seq used per question (shared by the student's tabs only through the server). */
  seqs: Map<number, number>;
  queue: { mapId: number; seq: number; answerID: number }[];
  acks: Ack[];
  offlineUntil: number;
  submitted: boolean;
}

const counters = {
  saves: 0,
  savesAcknowledged: 0,
  savesNotApplied: 0,
  saveRetries: 0,
  saveRefused: 0,
  resends: 0,
  reloads: 0,
  reloadMismatches: 0,
  timeChecks: 0,
  timeErrors: [] as string[],
  submits: 0,
  submitErrors: 0,
  startErrors: [] as string[],
};
const saveLatencies: number[] = [];
/** When each timed save was sent (Date.now()), in the order of saveLatencies. */
const saveSentAt: number[] = [];

function pick<T>(items: T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

function remainingOk(student: Student, remaining: number, where: string): void {
  if (!student.deadline) return;
  counters.timeChecks++;
  const expected = (student.deadline - Date.now()) / 1000;
  if (expected > 1 && Math.abs(remaining - expected) > TIME_TOLERANCE_S) {
    counters.timeErrors.push(
      `${where}: student ${student.index} told ${remaining}s, deadline says ${expected.toFixed(1)}s`,
    );
  }
}

async function sendQueue(client: HttpClient, exam: ExamFixture, student: Student): Promise<boolean> {
  if (!student.queue.length || !student.attemptId) return true;
  if (Date.now() < student.offlineUntil) return false;
  const batch = student.queue.slice(0, 300);
  const sent = performance.now();
  try {
    const res = await client.post(
      '/task/v1/saveAnswer',
      student.token,
      {
        TestSessionID: student.attemptId,
        courseID: exam.courseId,
        isPartialSubmit: true,
        data: batch.map((b) => ({
          questionTaskMapID: b.mapId,
          questionType: 'singleChoice',
          answerID: b.answerID,
          timeSpent: 10,
          seq: b.seq,
        })),
      },
      15_000,
    );
    if (res.status >= 500 || res.status === 0) {
      counters.saveRetries++;
      return false;
    }
    if (res.status !== 200) {
      // Refused (time over, submitted): the player stops sending; nothing was acknowledged.
      counters.saveRefused++;
      student.queue = [];
      return true;
    }
    saveLatencies.push(performance.now() - sent);
    saveSentAt.push(Date.now() - (performance.now() - sent));
    if (batch.length > 1) counters.resends++;
    const body = JSON.parse(res.text) as {
      body: { saved: { questionTaskMapID: number; seq: number; applied: boolean }[]; RemainingTime: number };
    };
    for (const ack of body.body.saved) {
      const item = batch.find((b) => b.mapId === ack.questionTaskMapID && b.seq <= ack.seq);
      if (!item) continue;
      student.acks.push({
        mapId: item.mapId,
        seq: ack.applied ? item.seq : ack.seq,
        answerID: item.answerID,
        applied: ack.applied,
      });
      counters.savesAcknowledged++;
      if (!ack.applied) counters.savesNotApplied++;
    }
    student.queue = student.queue.filter((q) => !batch.includes(q));
    return true;
  } catch {
    counters.saveRetries++;
    return false;
  }
}

async function runStudent(
  client: HttpClient,
  exam: ExamFixture,
  student: Student,
  startAt: number,
  endAt: number,
  tab = 0,
): Promise<void> {
  const total = exam.questions.length;
  const duration = endAt - startAt;
  // The whole paper with one change in five, or one save every SAVE_EVERY_MS on average.
  const savesPlanned = SAVE_EVERY_MS ? Math.max(1, Math.round((duration * 0.97) / SAVE_EVERY_MS)) : Math.round(total * 1.2);
  const submitAt = student.submits ? startAt + duration * (0.9 + Math.random() * 0.08) : endAt + 60_000;
  const reloadAt = student.kind === 'reload' ? startAt + duration * (0.2 + Math.random() * 0.6) : Infinity;
  const offlineAt = student.kind === 'offline' ? startAt + duration * (0.2 + Math.random() * 0.5) : Infinity;
  let reloaded = false;
  let next = 0;
  for (let n = 0; n < savesPlanned; n++) {
    const dueAt = startAt + ((n + Math.random()) / savesPlanned) * duration * 0.97;
    const wait = dueAt - Date.now();
    if (wait > 0) await sleep(wait);
    if (student.submitted || Date.now() >= Math.min(submitAt, endAt)) break;
    if (tab === 0 && Date.now() >= offlineAt && student.offlineUntil === 0)
      student.offlineUntil = Date.now() + OFFLINE_MS;
    if (tab === 0 && !reloaded && Date.now() >= reloadAt) {
      reloaded = true;
      await reload(client, exam, student);
    }
    // Mostly the next question in order; one save in five changes an earlier answer.
    const mapId =
      n % 5 === 4 && next > 0
        ? exam.questions[Math.floor(Math.random() * next)]!.mapId
        : exam.questions[next++ % total]!.mapId;
    const seq = (student.seqs.get(mapId) ?? 0) + 1;
    student.seqs.set(mapId, seq);
    const answerID = 1 + Math.floor(Math.random() * 4);
    // A newer change of the same question replaces the queued one (the player keeps the latest).
    student.queue = student.queue.filter((q) => q.mapId !== mapId);
    student.queue.push({ mapId, seq, answerID });
    counters.saves++;
    for (let attempt = 0; attempt < 20 && !(await sendQueue(client, exam, student)); attempt++) {
      if (Date.now() < student.offlineUntil) break;
      await sleep(250 + attempt * 250);
      if (Date.now() >= endAt) break;
    }
  }
  // Back online (or the last retries): whatever is queued goes now, before the deadline.
  while (student.queue.length && Date.now() < endAt - 500 && !student.submitted) {
    if (Date.now() < student.offlineUntil)
      await sleep(Math.min(student.offlineUntil - Date.now(), endAt - Date.now() - 500));
    if (!(await sendQueue(client, exam, student))) await sleep(500);
  }
  if (tab !== 0 || !student.submits || student.submitted) return;
  const wait = submitAt - Date.now();
  if (wait > 0) await sleep(wait);
  for (let attempt = 0; attempt < 10 && Date.now() < endAt - 200; attempt++) {
    try {
      const res = await client.post(
        '/task/v1/submitTest',
        student.token,
        { TestSessionID: student.attemptId, TaskID: exam.taskId },
        15_000,
      );
      if (res.status === 200) {
        student.submitted = true;
        counters.submits++;
        return;
      }
      if (res.status < 500) break;
    } catch {
      // retried
    }
    await sleep(500);
  }
  counters.submitErrors++;
}

/** Reload: the session as the player gets it on a new page, checked against what was acknowledged. */
async function reload(client: HttpClient, exam: ExamFixture, student: Student): Promise<void> {
  counters.reloads++;
  try {
    const res = await client.post(
      '/task/v1/getSessionDetails',
      student.token,
      { TestSessionID: student.attemptId, taskID: exam.taskId },
      30_000,
    );
    if (res.status !== 200) return;
    const session = JSON.parse(res.text) as {
      body: {
        RemainingTime: number;
        section: { question: { questionTaskMapID: number; seq: number; answerID: number | null }[] }[];
      };
    };
    remainingOk(student, session.body.RemainingTime, 'reload');
    const held = new Map(session.body.section.flatMap((s) => s.question).map((q) => [q.questionTaskMapID, q]));
    for (const [mapId, ack] of latestAcks(student)) {
      const q = held.get(mapId);
      if (!q || q.seq < ack.seq || (q.seq === ack.seq && ack.applied && q.answerID !== ack.answerID))
        counters.reloadMismatches++;
    }
    // A reloaded page continues from the server's seqs.
    for (const [mapId, q] of held) if (q.seq > (student.seqs.get(mapId) ?? 0)) student.seqs.set(mapId, q.seq);
    const check = await client.post(
      '/task/v1/checkSession',
      student.token,
      { TestSessionID: student.attemptId },
      30_000,
    );
    if (check.status === 200)
      remainingOk(
        student,
        (JSON.parse(check.text) as { body: { RemainingTime: number } }).body.RemainingTime,
        'checkSession',
      );
  } catch {
    // a reload during a fault: the player would try again
  }
}

function latestAcks(student: Student): Map<number, Ack> {
  const latest = new Map<number, Ack>();
  for (const ack of student.acks) {
    const held = latest.get(ack.mapId);
    if (!held || ack.seq > held.seq || (ack.seq === held.seq && ack.applied)) latest.set(ack.mapId, ack);
  }
  return latest;
}

// ---------------- the deployment under test ----------------

interface Deployment {
  origin: string;
  query: Query;
  /** Server processes' metrics addresses (loopback). */
  metricsPorts: number[];
  logs: () => string[];
  killOne?: () => Promise<string>;
  restartPostgres?: () => Promise<string>;
  redisDown?: () => Promise<string>;
  redisUp?: () => Promise<string>;
  dropConnections?: () => Promise<string>;
  /** Called when the exam is over, before the final check reads the database. */
  finish: () => Promise<void>;
  close: () => Promise<void>;
}

async function embedded(): Promise<Deployment> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'examday-embedded-'));
  const env = { TRUST_PROXY: 'loopback', ...benchServerSettings(), DATA_DIR: dataDir, SEED_DEMO_DATA: 'true' };
  // First start: migrate and seed, then stop so that the kit can write the exam into the database.
  let server = startServer(PORT, env);
  await waitReady(`http://127.0.0.1:${PORT}/api/ready`, 300_000);
  await stopProcess(server.child);
  const { openDatabase } = await import('../apps/server/src/db/client.js');
  const openLocal = async () => {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    const client = database.db.$client as unknown as {
      query(text: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
    };
    return {
      database,
      query: (async (text: string, params?: unknown[]) => (await client.query(text, params)).rows) as Query,
    };
  };
  const local = await openLocal();
  let current: Query = local.query;
  const deployment: Deployment = {
    origin: `http://127.0.0.1:${PORT}`,
    query: (text, params) => current(text, params),
    metricsPorts: [PORT],
    logs: () => server.logs,
    finish: async () => {
      await stopProcess(server.child);
      const reopened = await openLocal();
      current = reopened.query;
      deployment.close = async () => {
        await reopened.database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
    },
    close: async () => {
      await stopProcess(server.child);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  (deployment as Deployment & { beginServing: () => Promise<void> }).beginServing = async () => {
    await local.database.close();
    server = startServer(PORT, { ...benchServerSettings(), DATA_DIR: dataDir, SEED_DEMO_DATA: 'false' });
    await waitReady(`http://127.0.0.1:${PORT}/api/ready`, 300_000);
  };
  return deployment;
}

async function cluster(): Promise<Deployment> {
  let ownPg: OwnPostgres | undefined;
  let ownRedis: OwnRedis | undefined;
  let pgServer = process.env.BENCH_DATABASE_URL;
  if (!pgServer) {
    ownPg = startOwnPostgres(envNumber('BENCH_PG_PORT', 5440));
    pgServer = ownPg.url;
  }
  let redisUrl = process.env.BENCH_REDIS_URL;
  if (!redisUrl) {
    ownRedis = await startOwnRedis(envNumber('BENCH_REDIS_PORT', 6390));
    redisUrl = ownRedis.url;
  }
  const url = await recreateDatabase(pgServer, 'neetprep_examday');
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'examday-cluster-'));
  const logs: string[] = [];
  const env = serverEnv({
    ...benchServerSettings(),
    DATABASE_URL: url,
    REDIS_URL: redisUrl,
    CLUSTER_PROCESSES: String(PROCESSES),
    SEED_DEMO_DATA: 'true',
    HOST: '127.0.0.1',
    PORT: String(PORT),
    CLUSTER_BASE_PORT: String(PORT + 1),
    CLUSTER_RUN_DIR: runDir,
    DATA_DIR: path.join(runDir, 'data'),
  });
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'scripts/start-cluster.mjs')], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) logs.push(line);
      if (logs.length > 50_000) logs.splice(0, logs.length - 50_000);
    });
  }
  const deadline = Date.now() + 300_000;
  while (!logs.some((l) => l.includes('behind HAProxy'))) {
    if (child.exitCode !== null) throw new Error(`start-cluster exited:\n${logs.slice(-30).join('\n')}`);
    if (Date.now() > deadline) throw new Error('the cluster did not start');
    await sleep(250);
  }
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  pool.on('error', () => undefined);
  const ports = Array.from({ length: PROCESSES }, (_, i) => PORT + 1 + i);
  // The process listening on a port (not HAProxy, which only connects to it).
  const pidOnPort = (port: number) =>
    Number(/pid=(\d+)/.exec(spawnSync('ss', ['-Hltnp', `sport = :${port}`], { encoding: 'utf8' }).stdout)?.[1] ?? 0);
  return {
    origin: `http://127.0.0.1:${PORT}`,
    query: async (text, params) => {
      // The kit's own reads survive a database restart too.
      for (let attempt = 0; ; attempt++) {
        try {
          return await pgQuery(pool)(text, params);
        } catch (error) {
          if (attempt >= 20) throw error;
          await sleep(500);
        }
      }
    },
    metricsPorts: ports,
    logs: () => logs,
    killOne: async () => {
      const pid = pidOnPort(ports[0]!);
      if (!pid) return 'no process found on the first port';
      process.kill(pid, 'SIGKILL');
      return `kill -9 ${pid} (app1, port ${ports[0]}); the cluster script starts it again`;
    },
    restartPostgres: ownPg
      ? async () => {
          const started = Date.now();
          ownPg!.restart();
          return `PostgreSQL restarted (fast) in ${Date.now() - started} ms`;
        }
      : undefined,
    redisDown: ownRedis
      ? async () => {
          await ownRedis!.kill();
          return 'Redis stopped (SIGKILL)';
        }
      : undefined,
    redisUp: ownRedis
      ? async () => {
          await ownRedis!.start();
          return 'Redis started again';
        }
      : undefined,
    dropConnections: async () => {
      // Every established connection to the load balancer is reset (both ends), as when it restarts.
      const result = spawnSync('ss', ['-K', 'dst', '127.0.0.1', 'dport', '=', String(PORT)], { encoding: 'utf8' });
      const dropped = Math.max(0, result.stdout.trim().split('\n').length - 1);
      return `ss -K: ${dropped} client connections to the load balancer reset (exit ${result.status})`;
    },
    finish: async () => undefined,
    close: async () => {
      await pool.end().catch(() => undefined);
      await stopProcess(child);
      fs.rmSync(runDir, { recursive: true, force: true });
      await ownRedis?.stop();
      ownPg?.stop();
    },
  };
}

async function metric(port: number, name: string): Promise<number | undefined> {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/metrics`, { signal: AbortSignal.timeout(5000) });
    const text = await res.text();
    const line = text.split('\n').find((l) => l.startsWith(`${name} `) || l.startsWith(`${name}{`));
    return line ? Number(line.split(' ').at(-1)) : undefined;
  } catch {
    return undefined;
  }
}

// ---------------- the run ----------------

async function main(): Promise<void> {
  assertBuilt();
  console.log(
    `exam day, ${MODE}: ${STUDENTS} students, 180 questions, the 3-hour exam in ${EXAM_MINUTES} min${MODE === 'cluster' ? `, ${PROCESSES} processes` : ''}; faults: ${[...FAULTS].join(', ') || 'none'}`,
  );
  const deployment = MODE === 'cluster' ? await cluster() : await embedded();
  const criteria: { name: string; pass: boolean; detail: string }[] = [];
  const faultLog: string[] = [];
  try {
    const exam = await prepareExam(deployment.query, {
      students: STUDENTS,
      durationMinutes: EXAM_MINUTES,
      label: `kit${Date.now()}`,
    });
    await (deployment as Deployment & { beginServing?: () => Promise<void> }).beginServing?.();
    const client = httpClient(deployment.origin, STUDENTS * 2 + 10);
    const students: Student[] = exam.students.map((s, index) => ({
      index,
      userId: s.userId,
      token: s.token,
      kind: index % 20 === 1 ? 'offline' : index % 20 === 2 ? 'reload' : index % 20 === 3 ? 'twoTabs' : 'plain',
      submits: index % 10 < 7,
      seqs: new Map(),
      queue: [],
      acks: [],
      offlineUntil: 0,
      submitted: false,
    }));

    // Sign in first, as students do before the start: spread over BENCH_SIGN_IN_SECONDS, each from
    // an address of its own behind the school's proxy; the session it gives is the one used from
    // here on (a sign-in that failed leaves the student the session the kit made, and fails the run).
    const signInLatencies: number[] = [];
    const signInErrors: string[] = [];
    const signInAgent = new http.Agent({ keepAlive: true, maxSockets: Math.min(STUDENTS, 1000) });
    const signInT0 = Date.now();
    await Promise.all(
      students.map(async (student) => {
        await sleep(Math.random() * SIGN_IN_SECONDS * 1000);
        const pressed = performance.now();
        for (let attempt = 0; attempt < 5; attempt++) {
          try {
            const res = await signInAs(signInAgent, deployment.origin, exam.students[student.index]!.username, studentAddress(student.index));
            const token = /"token":"([^"]+)"/.exec(res.text)?.[1];
            if (res.status === 200 && token) {
              student.token = token;
              signInLatencies.push(performance.now() - pressed);
              return;
            }
            if (res.status < 500) {
              signInErrors.push(`${res.status} ${res.text.slice(0, 120)}`);
              return;
            }
          } catch {
            // retried
          }
          await sleep(1000);
        }
        signInErrors.push('not signed in after 5 tries');
      }),
    );
    signInAgent.destroy();
    const signInStats = summary(signInLatencies);
    console.log(
      `sign-in: ${signInLatencies.length}/${STUDENTS} signed in with their password in ${((Date.now() - signInT0) / 1000).toFixed(1)} s (p50 ${signInStats.p50} ms, p99 ${signInStats.p99} ms)`,
    );

    // Start together, within one second.
    const t0 = Date.now();
    const startLatencies: number[] = [];
    await Promise.all(
      students.map(async (student) => {
        await sleep(Math.random() * 1000);
        const pressed = performance.now();
        for (let attempt = 0; attempt < 5; attempt++) {
          try {
            const res = await client.post(
              '/task/v1/practise',
              student.token,
              { taskID: exam.taskId, courseID: exam.courseId, languageID: 1 },
              120_000,
            );
            if (res.status === 200) {
              const id = /"TestSessionID":"([^"]+)"/.exec(res.text)?.[1];
              const expiry = /"expiryDate":"([^"]+)"/.exec(res.text)?.[1];
              const remaining = Number(/"RemainingTime":(\d+)/.exec(res.text)?.[1]);
              student.attemptId = id;
              student.deadline = expiry ? Date.parse(expiry) : undefined;
              remainingOk(student, remaining, 'start');
              startLatencies.push(performance.now() - pressed);
              return;
            }
            if (res.status < 500) {
              counters.startErrors.push(`${res.status} ${res.text.slice(0, 120)}`);
              return;
            }
          } catch {
            // retried
          }
          await sleep(1000);
        }
        counters.startErrors.push('no session after 5 tries');
      }),
    );
    const started = students.filter((s) => s.attemptId);
    // Each attempt's deadline counts from its own start: the wave's first and last differ by its length.
    const deadline = Math.min(...started.map((s) => s.deadline ?? Infinity));
    const lastDeadline = Math.max(...started.map((s) => s.deadline ?? 0));
    const startStats = summary(startLatencies);
    console.log(
      `start: ${started.length}/${STUDENTS} sessions in ${((Date.now() - t0) / 1000).toFixed(1)} s (p50 ${startStats.p50} ms, p99 ${startStats.p99} ms); deadline in ${((deadline - Date.now()) / 1000).toFixed(0)} s`,
    );

    // Faults, each at its moment of the exam.
    const examStart = Date.now();
    const examMs = deadline - examStart;
    const faults: { at: number; name: string; run: () => Promise<void> }[] = [];
    const timeProbe = async (after: string) => {
      for (const student of pick([started.slice(0, 20), started.slice(20, 40)]).filter((s) => !s.submitted)) {
        try {
          const res = await client.post(
            '/task/v1/checkSession',
            student.token,
            { TestSessionID: student.attemptId },
            20_000,
          );
          if (res.status === 200)
            remainingOk(
              student,
              (JSON.parse(res.text) as { body: { RemainingTime: number } }).body.RemainingTime,
              `checkSession after ${after}`,
            );
        } catch {
          // during recovery
        }
      }
    };
    const redisEvidence = {
      before: 0,
      during: 0,
      redisUpDuring: undefined as number | undefined,
      logged: false,
      servedDuring: 0,
    };
    if (FAULTS.has('kill') && deployment.killOne) {
      faults.push({
        at: 0.2,
        name: 'kill',
        run: async () => {
          faultLog.push(await deployment.killOne!());
          await sleep(8000);
          await timeProbe('kill -9');
        },
      });
    }
    if (FAULTS.has('pg') && deployment.restartPostgres) {
      faults.push({
        at: 0.35,
        name: 'pg',
        run: async () => {
          faultLog.push(await deployment.restartPostgres!());
          await sleep(5000);
          await timeProbe('PostgreSQL restart');
        },
      });
    }
    if (FAULTS.has('redis') && deployment.redisDown && deployment.redisUp) {
      faults.push({
        at: 0.5,
        name: 'redis',
        run: async () => {
          const port = deployment.metricsPorts.at(-1)!;
          redisEvidence.before = (await metric(port, 'rate_limit_local_fallbacks_total')) ?? 0;
          const acksBefore = counters.savesAcknowledged;
          faultLog.push(await deployment.redisDown!());
          await sleep(Math.min(20_000, examMs * 0.08));
          redisEvidence.redisUpDuring = await metric(port, 'redis_up');
          redisEvidence.during = (await metric(port, 'rate_limit_local_fallbacks_total')) ?? 0;
          redisEvidence.servedDuring = counters.savesAcknowledged - acksBefore;
          redisEvidence.logged = deployment.logs().some((l) => l.includes('Redis is unreachable'));
          faultLog.push(await deployment.redisUp!());
          await timeProbe('Redis outage');
        },
      });
    }
    if (FAULTS.has('lb') && deployment.dropConnections) {
      faults.push({
        at: 0.75,
        name: 'lb',
        run: async () => {
          faultLog.push(await deployment.dropConnections!());
          await sleep(3000);
          await timeProbe('connections dropped');
        },
      });
    }
    const faultWindows: [number, number][] = [];
    const faultRuns = faults.map(async (fault) => {
      await sleep(Math.max(0, fault.at * examMs));
      const at = Date.now();
      await fault.run();
      faultWindows.push([at, Date.now() + FAULT_SETTLE_MS]);
      faultLog.push(`  (${fault.name} at ${((at - t0) / 1000).toFixed(0)} s)`);
    });

    // The exam: each student (and a second tab for some) answers until its submit or the deadline.
    await Promise.all([
      ...started.flatMap((student) => {
        const runs = [runStudent(client, exam, student, Date.now(), student.deadline!)];
        if (student.kind === 'twoTabs') {
          const tab: Student = { ...student, seqs: new Map(), queue: [], acks: student.acks, offlineUntil: 0 };
          runs.push(runStudent(client, exam, tab, Date.now() + 500, student.deadline!, 1));
        }
        return runs;
      }),
      ...faultRuns,
    ]);
    // The server submits the rest at the deadline; its sweeper runs every 5 s.
    await sleep(Math.max(0, lastDeadline - Date.now()) + SWEEP_GRACE_MS);
    // (The embedded server is stopped first: its database is then read from the kit.)
    await deployment.finish();
    const [open] = await deployment.query(
      `SELECT count(*) AS n FROM exam_attempts WHERE task_id = $1 AND status = 'open' AND deadline_at < now() - interval '10 seconds'`,
      [exam.taskId],
    );

    // Every acknowledged answer must be in the final rows.
    const rows = await deployment.query(
      `SELECT a.user_id, a.status, a.submit_reason, e.question_task_map_id AS map_id, e.seq, e.answer_id
       FROM exam_attempts a LEFT JOIN exam_answers e ON e.attempt_id = a.id AND e.seq > 0 WHERE a.task_id = $1`,
      [exam.taskId],
    );
    const held = new Map<string, { seq: number; answerID: unknown }>();
    const statusOf = new Map<number, { status: string; reason: string }>();
    for (const r of rows) {
      statusOf.set(Number(r.user_id), { status: String(r.status), reason: String(r.submit_reason) });
      if (r.map_id !== null)
        held.set(`${r.user_id}:${r.map_id}`, {
          seq: Number(r.seq),
          answerID: typeof r.answer_id === 'string' ? JSON.parse(r.answer_id) : r.answer_id,
        });
    }
    let lost = 0;
    const lostExamples: string[] = [];
    let checked = 0;
    for (const student of started) {
      for (const [mapId, ack] of latestAcks(student)) {
        checked++;
        const row = held.get(`${student.userId}:${mapId}`);
        const ok =
          row && (row.seq > ack.seq || (row.seq === ack.seq && (!ack.applied || row.answerID === ack.answerID)));
        if (!ok) {
          lost++;
          if (lostExamples.length < 5)
            lostExamples.push(
              `student ${student.index} question ${mapId}: acknowledged seq ${ack.seq} answer ${ack.answerID}, held ${row ? `seq ${row.seq} answer ${JSON.stringify(row.answerID)}` : 'nothing'}`,
            );
        }
      }
    }
    const submitted = [...statusOf.values()].filter((s) => s.status === 'submitted');
    const byTimeout = submitted.filter((s) => s.reason === 'timeout').length;
    const saves = summary(saveLatencies);
    const calm = summary(
      saveLatencies.filter((_, i) => !faultWindows.some(([from, to]) => saveSentAt[i]! >= from && saveSentAt[i]! <= to)),
    );

    criteria.push({
      name: 'every student signed in',
      pass: signInLatencies.length === STUDENTS && signInErrors.length === 0,
      detail: `${signInLatencies.length}/${STUDENTS}${signInErrors.length ? `, first error: ${signInErrors[0]}` : ''}`,
    });
    criteria.push({
      name: 'every student started',
      pass: started.length === STUDENTS && counters.startErrors.length === 0,
      detail: `${started.length}/${STUDENTS}${counters.startErrors.length ? `, first error: ${counters.startErrors[0]}` : ''}`,
    });
    criteria.push({
      name: 'zero acknowledged answers lost',
      pass: lost === 0 && checked > 0,
      detail: `${lost} lost of ${checked} questions with an acknowledged answer${lostExamples.length ? `: ${lostExamples.join('; ')}` : ''}`,
    });
    criteria.push({
      name: 'reloads show every acknowledged answer',
      pass: counters.reloadMismatches === 0,
      detail: `${counters.reloads} reloads, ${counters.reloadMismatches} answers missing or older`,
    });
    criteria.push({
      name: 'zero attempts open past their deadline',
      pass: Number(open?.n ?? 0) === 0 && submitted.length === started.length,
      detail: `${open?.n ?? '?'} open; ${submitted.length} submitted (${byTimeout} by the server at the deadline, ${submitted.length - byTimeout} by the student)`,
    });
    criteria.push({
      name: 'remaining time right (within 2 s)',
      pass: counters.timeErrors.length === 0 && counters.timeChecks > 0,
      detail: `${counters.timeChecks} readings, ${counters.timeErrors.length} off${counters.timeErrors.length ? `: ${counters.timeErrors.slice(0, 3).join('; ')}` : ''}`,
    });
    criteria.push({
      name: `saves p99 under ${SAVE_P99_MS} ms${faultWindows.length ? ' outside the faults' : ''}`,
      pass: calm.n > 0 && calm.p99 < SAVE_P99_MS,
      detail: `p50 ${calm.p50} ms, p99 ${calm.p99} ms, max ${calm.max} ms over ${calm.n} calls (${(saves.n / Math.max(1, examMs / 1000)).toFixed(0)} calls a second in all)`,
    });
    if (MODE === 'cluster') {
      // The cluster script logs every process that ends; only the one killed on purpose may.
      const logs = deployment.logs();
      const exits = logs.filter((l) => /^start-cluster: app\d+ exited/.test(l));
      const expected = FAULTS.has('kill') ? 1 : 0;
      // What the processes logged before an exit nobody asked for: the cause, for the report.
      logs.forEach((line, at) => {
        if (/^start-cluster: app\d+ exited/.test(line) && !line.includes('SIGKILL')) {
          console.log(`before "${line}":\n${logs.slice(Math.max(0, at - 15), at).map((l) => `  ${l.slice(0, 600)}`).join('\n')}`);
        }
      });
      criteria.push({
        name: 'no server process died but the one killed',
        pass: exits.length === expected,
        detail: `${exits.length} exits (expected ${expected})${exits.length ? `: ${exits.join('; ')}` : ''}`,
      });
    }
    if (FAULTS.has('redis') && deployment.redisDown) {
      const degraded =
        redisEvidence.redisUpDuring === 0 &&
        redisEvidence.during > redisEvidence.before &&
        redisEvidence.logged &&
        redisEvidence.servedDuring > 0;
      criteria.push({
        name: 'Redis down: kept serving, said so in metrics and logs',
        pass: degraded,
        detail: `redis_up ${redisEvidence.redisUpDuring}, rate_limit_local_fallbacks_total ${redisEvidence.before} → ${redisEvidence.during}, log line ${redisEvidence.logged ? 'present' : 'missing'}, ${redisEvidence.servedDuring} saves acknowledged meanwhile`,
      });
    }

    console.log(
      `saves: ${counters.saves} made, ${counters.savesAcknowledged} acknowledged (${counters.savesNotApplied} acknowledged as already newer), ${counters.saveRetries} retried after an error, ${counters.resends} queued batches resent, ${counters.saveRefused} refused`,
    );
    console.log(
      `save latency: p50 ${saves.p50} ms, p99 ${saves.p99} ms, max ${saves.max} ms over ${saves.n} calls; submits ${counters.submits} (${counters.submitErrors} failed)`,
    );
    // Where the slow saves were: the p99 of the saves sent in each tenth of the exam.
    const tenths = Array.from({ length: 10 }, (_, k) =>
      summary(saveLatencies.filter((_, i) => Math.floor(((saveSentAt[i]! - examStart) / examMs) * 10) === k)),
    );
    console.log(`save p99 by tenth of the exam: ${tenths.map((t) => `${t.p99} ms (${t.n})`).join(', ')}`);
    if (faultLog.length) console.log(`faults:\n  ${faultLog.join('\n  ')}`);
    for (const c of criteria) console.log(`${c.pass ? 'PASS' : 'FAIL'}  ${c.name}: ${c.detail}`);
    client.close();
  } finally {
    await deployment.close();
  }
  const pass = criteria.length > 0 && criteria.every((c) => c.pass);
  console.log(pass ? 'RESULT: PASS' : 'RESULT: FAIL');
  process.exitCode = pass ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
