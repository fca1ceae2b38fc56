/**
 * What the exam-day benchmarks share: a PostgreSQL and a Redis of their own (temporary, on ports
 * of their own, so stopping or restarting them disturbs nothing else on the machine), server
 * processes started from the built bundle as a deployment runs them, the exam itself (the seeded
 * NEET mock's 180 questions in a test of their own, N students of the demo institute, their
 * sessions), and CPU accounting from /proc.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIR = path.join(ROOT, 'apps/server');
export const JWT_SECRET = 'exam-day-bench-secret-exam-day-bench-secret';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function envNumber(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name} must be a number, not "${raw}"`);
  return value;
}

export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export function summary(values: number[]): { n: number; p50: number; p99: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: Math.round(quantile(sorted, 0.5)),
    p99: Math.round(quantile(sorted, 0.99)),
    max: Math.round(sorted.at(-1) ?? 0),
  };
}

// ---------------- PostgreSQL of our own ----------------

const PG_BIN = '/usr/lib/postgresql/15/bin';

/** Runs a command as the postgres user when we are root (PostgreSQL refuses to run as root). */
function asPostgres(command: string, args: string[]): { status: number | null; output: string } {
  const asRoot = process.getuid?.() === 0;
  const result = asRoot
    ? spawnSync('runuser', ['-u', 'postgres', '--', command, ...args], { encoding: 'utf8' })
    : spawnSync(command, args, { encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

export interface OwnPostgres {
  url: string;
  port: number;
  dataDir: string;
  restart(): void;
  stop(): void;
}

/**
 * A temporary PostgreSQL 15 cluster (initdb into a fresh folder, fsync on, pg_stat_statements
 * loaded), listening on 127.0.0.1:port only. Stopped and removed by stop().
 */
export function startOwnPostgres(port: number): OwnPostgres {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'examday-pg-'));
  if (process.getuid?.() === 0) spawnSync('chown', ['postgres:postgres', dataDir]);
  const init = asPostgres(`${PG_BIN}/initdb`, [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--no-sync',
  ]);
  if (init.status !== 0) throw new Error(`initdb failed: ${init.output}`);
  const options = [
    `-p ${port}`,
    '-c listen_addresses=127.0.0.1',
    `-c unix_socket_directories=${dataDir}`,
    '-c max_connections=300',
    '-c shared_buffers=256MB',
    '-c shared_preload_libraries=pg_stat_statements',
    '-c pg_stat_statements.track=all',
    // More settings for a diagnosis, e.g. auto_explain's: BENCH_PG_OPTIONS='-c session_preload_libraries=auto_explain …'.
    process.env.BENCH_PG_OPTIONS ?? '',
  ].join(' ');
  const ctl = (action: string) => {
    const result = asPostgres(`${PG_BIN}/pg_ctl`, [
      '-D',
      dataDir,
      '-o',
      options,
      '-l',
      path.join(dataDir, 'server.log'),
      '-w',
      '-t',
      '60',
      action,
    ]);
    if (result.status !== 0 && action !== 'stop')
      throw new Error(
        `pg_ctl ${action} failed: ${result.output}\n${fs.readFileSync(path.join(dataDir, 'server.log'), 'utf8').slice(-2000)}`,
      );
  };
  ctl('start');
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dataDir,
    // A fast restart: open connections are cut, as on a crash-restart of the database service.
    restart: () => {
      const result = asPostgres(`${PG_BIN}/pg_ctl`, [
        '-D',
        dataDir,
        '-o',
        options,
        '-l',
        path.join(dataDir, 'server.log'),
        '-m',
        'fast',
        '-w',
        '-t',
        '60',
        'restart',
      ]);
      if (result.status !== 0) throw new Error(`pg_ctl restart failed: ${result.output}`);
    },
    stop: () => {
      if (stopped) return;
      stopped = true;
      asPostgres(`${PG_BIN}/pg_ctl`, ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---------------- Redis of our own ----------------

export interface OwnRedis {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  kill(): Promise<void>;
}

export async function startOwnRedis(port: number): Promise<OwnRedis> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'examday-redis-'));
  let child: ChildProcess | undefined;
  const start = async () => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: 'ignore' },
    );
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout?.trim() === 'PONG') return;
      await sleep(100);
    }
    throw new Error(`redis-server on ${port} did not start`);
  };
  const kill = async () => {
    const running = child;
    if (!running || running.exitCode !== null) return;
    await new Promise((resolve) => {
      running.once('exit', resolve);
      running.kill('SIGKILL');
    });
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    kill,
    stop: async () => {
      await kill();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------- databases ----------------

export async function recreateDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

/** A query function over any driver: rows of the first statement's result. */
export type Query = (text: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

export function pgQuery(pool: pg.Pool): Query {
  return async (text, params) => (await pool.query(text, params as unknown[])).rows as Record<string, unknown>[];
}

// ---------------- the exam ----------------

export interface ExamFixture {
  taskId: number;
  courseId: number;
  /** Question-task map ids per section, in order (Physics, Chemistry, Botany, Zoology). */
  sections: { index: number; mapIds: number[] }[];
  /** Every question's map id with its type and option ids. */
  questions: { mapId: number; sectionIndex: number; options: number[] }[];
  students: { userId: number; username: string; token: string }[];
  durationMinutes: number;
}

/**
 * A graded test of its own built from the seeded NEET mock (the same 180 questions, four sections,
 * +4/−1), in a new topic of the mock's course so no schedule or topic lock applies, with
 * `durationMinutes`; `students` new students of the demo institute (Sunrise Academy) with the demo
 * password's hash, and one signed-in session each (tokens signed with JWT_SECRET).
 */
export async function prepareExam(
  query: Query,
  options: { students: number; durationMinutes: number; label: string },
): Promise<ExamFixture> {
  const { createTokenSigner } = await import('../apps/server/src/lib/tokens.js');
  const [mock] = await query(`SELECT id, course_id FROM tasks WHERE name = 'NEET Mock Test 1' ORDER BY id LIMIT 1`);
  if (!mock)
    throw new Error('The seeded NEET mock is missing: the server seeds demo data on its first start (SEED_DEMO_DATA).');
  const courseId = Number(mock.course_id);
  await query(`UPDATE courses SET is_published = true WHERE id = $1`, [courseId]);
  const [topic] = await query(`INSERT INTO topics (course_id, name, sort_order) VALUES ($1, $2, 900) RETURNING id`, [
    courseId,
    `Exam day ${options.label}`,
  ]);
  const [task] = await query(
    `INSERT INTO tasks (course_id, topic_id, name, kind, test_type, duration_minutes, instructions, question_switch, is_section_navigation_allowed,
                        section_wise_timer, is_tab_alert_allowed, score_visible, partial_submit_minutes, is_published, attempts_allowed)
     VALUES ($1, $2, $3, 'test', 'test', $4, 'Exam day benchmark', 1, true, false, 0, true, 0, true, 1) RETURNING id`,
    [courseId, topic!.id, `Exam day ${options.label}`, options.durationMinutes],
  );
  const taskId = Number(task!.id);
  const mockSections = await query(
    `SELECT id, section_index, name FROM task_sections WHERE task_id = $1 ORDER BY section_index`,
    [mock.id],
  );
  const sections: ExamFixture['sections'] = [];
  const questions: ExamFixture['questions'] = [];
  for (const s of mockSections) {
    const [section] = await query(
      `INSERT INTO task_sections (task_id, section_index, name, duration_minutes) VALUES ($1, $2, $3, 0) RETURNING id`,
      [taskId, s.section_index, s.name],
    );
    const maps = await query(
      `INSERT INTO task_questions (task_id, section_id, question_id, sort_order)
       SELECT $1, $2, question_id, sort_order FROM task_questions WHERE task_id = $3 AND section_id = $4 ORDER BY sort_order
       RETURNING id, question_id, sort_order`,
      [taskId, section!.id, mock.id, s.id],
    );
    maps.sort((a, b) => Number(a.sort_order) - Number(b.sort_order));
    sections.push({ index: Number(s.section_index), mapIds: maps.map((m) => Number(m.id)) });
    for (const m of maps)
      questions.push({ mapId: Number(m.id), sectionIndex: Number(s.section_index), options: [1, 2, 3, 4] });
  }
  const [sunrise] = await query(`SELECT id, client_id FROM institutes WHERE name = 'Sunrise Academy' LIMIT 1`);
  const [demo] = await query(`SELECT password_hash, class_id, section_id FROM users WHERE username = 'sunrise.s001'`);
  const users = await query(
    `INSERT INTO users (username, email, role, first_name, last_name, password_hash, client_id, institute_id, class_id, section_id, email_verified)
     SELECT 'examday.' || $1 || '.' || n, 'examday.' || $1 || '.' || n || '@bench.local', 'Student', 'Exam', 'Day ' || n, $2, $3, $4, $5, $6, true
     FROM generate_series(1, $7::int) AS n ORDER BY n RETURNING id, username`,
    [
      options.label,
      demo?.password_hash ?? 'x',
      sunrise?.client_id ?? 'neetprep',
      sunrise?.id ?? null,
      demo?.class_id ?? null,
      demo?.section_id ?? null,
      options.students,
    ],
  );
  const expires = new Date(Date.now() + 12 * 3600 * 1000);
  const sessions = await query(
    `INSERT INTO sessions (user_id, expires_at) SELECT unnest($1::int[]), $2::timestamptz RETURNING id, user_id`,
    [users.map((u) => Number(u.id)), expires.toISOString()],
  );
  const sessionOf = new Map(sessions.map((s) => [Number(s.user_id), String(s.id)]));
  const signer = createTokenSigner(JWT_SECRET, 12 * 3600);
  const now = new Date();
  const students: ExamFixture['students'] = [];
  for (const u of users) {
    const userId = Number(u.id);
    students.push({
      userId,
      username: String(u.username),
      token: await signer.sign({ userId, sessionId: sessionOf.get(userId)!, role: 'Student', now }),
    });
  }
  return { taskId, courseId, sections, questions, students, durationMinutes: options.durationMinutes };
}

// ---------------- server processes ----------------

/** BENCH_SERVER_BUNDLE: the server bundle to run, relative to apps/server (another commit's build, to compare side by side). */
const SERVER_BUNDLE = process.env.BENCH_SERVER_BUNDLE ?? 'dist/server.js';

export function assertBuilt(): void {
  if (!fs.existsSync(path.join(SERVER_DIR, SERVER_BUNDLE))) {
    console.error(
      'apps/server/dist/server.js is missing: run `npm run build -w apps/server` (or `npm run build`) first.',
    );
    process.exit(2);
  }
}

/** BENCH_SERVER_ENV: settings for the server under test, `NAME=value` separated by spaces (e.g. `START_CONCURRENCY=64`). */
export function benchServerSettings(): Record<string, string> {
  return Object.fromEntries(
    (process.env.BENCH_SERVER_ENV ?? '')
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );
}

export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    JWT_SECRET,
    RATE_LIMIT_MAX: '100000000',
    PASSWORD_HASH_MEMORY_KIB: '64',
    SHUTDOWN_DRAIN_MS: '500',
    ...extra,
  };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  logs: string[];
}

/** One server process from the built bundle (dist/server.js), as `npm run serve` runs it. */
export function startServer(port: number, env: Record<string, string>, nodeArgs: string[] = []): ServerProcess {
  const logs: string[] = [];
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', SERVER_BUNDLE], {
    cwd: SERVER_DIR,
    env: serverEnv({ HOST: '127.0.0.1', PORT: String(port), ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line) logs.push(line);
      if (logs.length > 20_000) logs.splice(0, logs.length - 20_000);
    });
  }
  return { child, port, logs };
}

export async function waitReady(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not yet
    }
    await sleep(200);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
}

export async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill(signal);
  });
}

// ---------------- CPU from /proc ----------------

export function cpuSecondsOf(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** CPU seconds so far of processes whose command name is `comm` and, if given, whose command line includes `argIncludes`. */
export function cpuOfProcesses(match: (pid: number) => boolean): number {
  let total = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    try {
      if (match(pid)) total += cpuSecondsOf(pid);
    } catch {
      // ended meanwhile
    }
  }
  return total;
}

/** PostgreSQL processes serving the cluster in dataDir (its postmaster and children), or every postgres process. */
export function postgresPids(dataDir?: string): (pid: number) => boolean {
  let postmaster: number | undefined;
  if (dataDir) {
    try {
      postmaster = Number(fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    } catch {
      postmaster = undefined;
    }
  }
  return (pid) => {
    if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') return false;
    if (postmaster === undefined) return true;
    if (pid === postmaster) return true;
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    return ppid === postmaster;
  };
}

export function ownCpuSeconds(): number {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6;
}

// ---------------- HTTP ----------------

export interface HttpClient {
  post(pathname: string, token: string, body: unknown, timeoutMs?: number): Promise<{ status: number; text: string }>;
  get(pathname: string, token: string, timeoutMs?: number): Promise<{ status: number; text: string }>;
  /** A GET as a browser makes it (extra headers such as accept-encoding): the bytes as sent, undecoded, and the response headers. */
  getBytes(
    pathname: string,
    token: string,
    headers: Record<string, string>,
    timeoutMs?: number,
  ): Promise<{ status: number; bytes: Buffer; headers: http.IncomingHttpHeaders }>;
  close(): void;
}

/** Keep-alive HTTP/1.1 to origin, at most `sockets` connections (one per simulated browser). */
export function httpClient(origin: string, sockets: number): HttpClient {
  const target = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });
  const send = (method: string, pathname: string, token: string, body: string | undefined, timeoutMs: number, extra: Record<string, string> = {}) =>
    new Promise<{ status: number; bytes: Buffer; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
      const headers: Record<string, string | number> = { authorization: `Bearer ${token}`, ...extra };
      if (body !== undefined) {
        headers['content-type'] = 'application/json';
        headers['content-length'] = Buffer.byteLength(body);
      }
      const req = http.request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: `/api${pathname}`,
          method,
          headers,
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes: Buffer.concat(chunks), headers: res.headers }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error(`timeout after ${timeoutMs} ms`)));
      req.on('error', reject);
      req.end(body);
    });
  const call = async (method: string, pathname: string, token: string, body: string | undefined, timeoutMs: number) => {
    const res = await send(method, pathname, token, body, timeoutMs);
    return { status: res.status, text: res.bytes.toString() };
  };
  return {
    post: (pathname, token, body, timeoutMs = 120_000) =>
      call('POST', pathname, token, JSON.stringify(body), timeoutMs),
    get: (pathname, token, timeoutMs = 120_000) => call('GET', pathname, token, undefined, timeoutMs),
    getBytes: (pathname, token, headers, timeoutMs = 120_000) => send('GET', pathname, token, undefined, timeoutMs, headers),
    close: () => agent.destroy(),
  };
}

/**
 * POST /api/user/v1/login with the demo password, as a browser behind the school's proxy whose
 * address is `address` (X-Forwarded-For, believed by a server with TRUST_PROXY=loopback: the
 * sign-in limit is per address). Only the header carries the address: nothing is sent to it.
 */
export function signInAs(agent: http.Agent, origin: string, username: string, address: string, password = 'Demo@1234'): Promise<{ status: number; text: string }> {
  const target = new URL(origin);
  const body = JSON.stringify({ username, password });
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: '/api/user/v1/login',
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-forwarded-for': address },
        timeout: 120_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout after 120000 ms')));
    req.on('error', reject);
    req.end(body);
  });
}

/** A made-up private address per student, for X-Forwarded-For. */
export const studentAddress = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
