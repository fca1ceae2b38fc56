import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';
import type { Role } from '@app/contracts';
import { buildApp } from '../src/app.js';
import { readConfig } from '../src/config/env.js';
import { openDatabase, type Database } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { seedClients } from '../src/db/seed/seed-clients.js';
import type { AppDeps } from '../src/deps.js';
import { ManualClock } from '../src/lib/clock.js';
import { createFileDeps } from '../src/lib/file-store/index.js';
import { createMailer, type Mailer } from '../src/lib/mailer.js';
import { connectRedis } from '../src/lib/redis.js';
import { DOWN_REDIS_URL } from './redis.js';
import { hashPassword } from '../src/lib/passwords.js';
import { createTokenSigner } from '../src/lib/tokens.js';

/**
 * API tests run on PGlite, or on PostgreSQL when TEST_DB=pg and TEST_DATABASE_URL are set.
 * Each worker makes its database once; each test file starts from empty tables.
 */
let workerDatabase: Promise<Database> | undefined;
let workerDatabaseUrl: string | undefined;

async function createPostgresDatabase(baseUrl: string): Promise<Database> {
  const name = `neetprep_test_${process.env.NEETPREP_TEST_RUN ?? 'local'}_${process.env.VITEST_POOL_ID ?? '0'}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  workerDatabaseUrl = url.toString();
  const database = await openDatabase({ url: workerDatabaseUrl, poolSize: 10 });
  return database;
}

/**
 * The PostgreSQL run takes only the files that scripts/database-tests.mjs sees using a database;
 * the PGlite run is given the others (NEETPREP_DATABASE_FREE_TESTS) and refuses a database to
 * them, so a file that reaches one unseen fails instead of never running on PostgreSQL.
 */
function assertSeenAsDatabaseTest(): void {
  const free = process.env.NEETPREP_DATABASE_FREE_TESTS;
  const file = expect.getState().testPath;
  if (!free || !file) return;
  const listed = free.split('\n').find((name) => name && file.endsWith(`/${name}`));
  if (listed) {
    throw new Error(`${listed} uses the test database, but scripts/database-tests.mjs does not see it: name a test app or database in it, or import its helper from test/`);
  }
}

function getWorkerDatabase(): Promise<Database> {
  assertSeenAsDatabaseTest();
  workerDatabase ??= (async () => {
    const usePg = process.env.TEST_DB === 'pg';
    if (usePg && !process.env.TEST_DATABASE_URL) throw new Error('TEST_DB=pg needs TEST_DATABASE_URL');
    const database = usePg ? await createPostgresDatabase(process.env.TEST_DATABASE_URL!) : await openDatabase({});
    await database.migrate();
    return database;
  })();
  return workerDatabase;
}

/**
 * Another connection to the worker's database, as a second server process would have: its own
 * pool on PostgreSQL; on PGlite (one process only) the same database. Close it after use.
 */
export async function openSecondConnection(): Promise<{ database: Database; close(): Promise<void> }> {
  const database = await getWorkerDatabase();
  if (database.driver === 'pglite' || !workerDatabaseUrl) return { database, close: async () => undefined };
  const second = await openDatabase({ url: workerDatabaseUrl, poolSize: 5 });
  return { database: second, close: () => second.close() };
}

export async function resetDatabase(database: Database): Promise<void> {
  const result = await database.db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const rows = (result as unknown as { rows?: { tablename: string }[] }).rows ?? (result as unknown as { tablename: string }[]);
  const tables = rows.map((r) => `"${r.tablename}"`);
  if (tables.length) await database.db.execute(sql.raw(`TRUNCATE ${tables.join(', ')} RESTART IDENTITY CASCADE`));
}

export interface TestUser {
  id: number;
  username: string;
  email: string;
  role: Role;
  password: string;
  token: string;
  sessionId: string;
  headers: Record<string, string>;
}

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  clock: ManualClock;
  outboxDir: string;
  /** inject with JSON parsing of the envelope */
  call(options: InjectOptions): Promise<LightMyRequestResponse & { json: <T = any>() => T }>;
  createUser(
    overrides?: Partial<{
      role: Role;
      username: string;
      email: string;
      password: string;
      firstName: string;
      lastName: string;
      phone: string;
      /** Where the user belongs (scope); none by default. */
      clientId: string;
      instituteId: number | null;
      classId: number | null;
      sectionId: number | null;
    }>,
  ): Promise<TestUser>;
  signIn(userId: number): Promise<{ token: string; sessionId: string; headers: Record<string, string> }>;
  close(): Promise<void>;
}

let userCounter = 0;

/** Tests hash passwords cheaply (argon2id with 64 KiB); the production parameters are tested on their own. */
export const TEST_PASSWORD_HASH_MEMORY_KIB = 64;

/** Builds a fresh app on the worker's database, emptied first. Call in beforeAll. */
export async function createTestApp(
  options: {
    clock?: ManualClock;
    env?: Record<string, string>;
    /** Wraps the outbox mailer (a test that holds mails back). */
    wrapMailer?: (mailer: Mailer) => Mailer;
    /** A database of its own (a second server in one test, such as a central server beside a centre); emptied first too. */
    database?: Database;
  } = {},
): Promise<TestApp> {
  assertSeenAsDatabaseTest();
  const database = options.database ?? (await getWorkerDatabase());
  await resetDatabase(database);
  // The default client with its roles' permissions, as every start of the server makes it.
  await seedClients(database);
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-outbox-'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neetprep-data-'));
  const config = readConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000', PASSWORD_HASH_MEMORY_KIB: String(TEST_PASSWORD_HASH_MEMORY_KIB), ...options.env });
  const clock = options.clock ?? new ManualClock(new Date());
  const uploadsDir = path.join(dataDir, 'uploads');
  fs.mkdirSync(uploadsDir, { recursive: true });
  const secret = 'test-secret-test-secret-test-secret-0123';
  const deps: AppDeps = {
    config,
    database,
    db: database.db,
    clock,
    mailer: (options.wrapMailer ?? ((mailer: Mailer) => mailer))(createMailer({ from: config.MAIL_FROM, outboxDir })),
    tokens: createTokenSigner(secret, config.TOKEN_TTL_SECONDS),
    uploadsDir,
    // A Redis that is up is waited for (on a loaded machine its first connection can take over half
    // a second, and an app that went on without it would subscribe late and miss what a test
    // publishes); the one that is down on purpose is given up quickly.
    redis: config.REDIS_URL
      ? await connectRedis({ url: config.REDIS_URL, prefix: config.REDIS_PREFIX, connectTimeoutMs: config.REDIS_URL === DOWN_REDIS_URL ? 500 : 10_000 })
      : undefined,
    ...createFileDeps(config, { secret, clock, uploadsDir }),
  };
  const app = await buildApp(deps);
  await app.ready();
  // On a loaded machine subscribing can take longer than the app's own wait; with Redis down there
  // is nothing to wait for.
  if (deps.redis?.isUp()) await deps.redis.subscribed(10_000);

  async function signIn(userId: number) {
    const user = await app.services.auth.startSession(
      (await database.db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, userId) }))!,
      undefined,
    );
    return { token: user.token, sessionId: user.UserSessionID, headers: { authorization: `Bearer ${user.token}` } };
  }

  return {
    app,
    deps,
    clock,
    outboxDir,
    async call(options) {
      const response = await app.inject(options);
      return Object.assign(response, { json: <T>() => JSON.parse(response.body) as T });
    },
    async createUser(overrides = {}) {
      userCounter += 1;
      const n = `${process.env.VITEST_POOL_ID ?? 0}x${userCounter}`;
      const password = overrides.password ?? 'secret123';
      const values = {
        username: overrides.username ?? `user${n}`,
        email: overrides.email ?? `user${n}@example.com`,
        phone: overrides.phone ?? `9${String(userCounter).padStart(9, '0')}`,
        role: overrides.role ?? 'Student',
        firstName: overrides.firstName ?? 'Test',
        lastName: overrides.lastName ?? `User ${n}`,
        passwordHash: await hashPassword(password, config.PASSWORD_HASH_MEMORY_KIB),
        emailVerified: true,
        ...(overrides.clientId !== undefined ? { clientId: overrides.clientId } : {}),
        instituteId: overrides.instituteId ?? null,
        classId: overrides.classId ?? null,
        sectionId: overrides.sectionId ?? null,
      };
      const [row] = await database.db.insert(users).values(values).returning();
      const session = await signIn(row!.id);
      return { id: row!.id, username: values.username, email: values.email, role: values.role, password, ...session };
    },
    signIn,
    async close() {
      await app.close();
      await deps.redis?.close();
      fs.rmSync(outboxDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The newest .eml in the outbox addressed to `to`, as text. */
export function lastMailTo(outboxDir: string, to: string): string | undefined {
  const safe = to.replace(/[^a-zA-Z0-9@._-]/g, '_');
  const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).filter((f) => f.includes(safe)).sort() : [];
  const last = files.at(-1);
  return last ? fs.readFileSync(path.join(outboxDir, last), 'utf8') : undefined;
}
