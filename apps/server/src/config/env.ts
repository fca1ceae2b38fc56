import { WEEKDAYS } from '@app/contracts';
import path from 'node:path';
import { z } from 'zod';
import { isNetworkEntry } from '../lib/networks.js';

/** Names proxy-addr (Fastify's trustProxy) understands besides addresses and CIDR ranges. */
/**
 * The server's whole configuration, read from the environment in this one file. A bad value
 * stops the process with a readable list of what is wrong.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /**
   * Connections the kernel queues for the listener before it accepts them (capped by
   * net.core.somaxconn). Node's 511 overflowed when thousands of students pressed Start in the
   * same second: dropped connections were retried by their clients one, three, seven… seconds
   * later (decision 035).
   */
  LISTEN_BACKLOG: z.coerce.number().int().min(1).max(65535).default(8192),
  DATA_DIR: z.string().default('./data'),
  /**
   * The address users open. When it is https://…, pages ask the browser to upgrade every request
   * to https and HSTS is sent; otherwise (a school LAN over plain HTTP) neither is.
   */
  PUBLIC_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'must start with http:// or https://')
    .optional(),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  /** How long a live session is remembered in memory; 0 asks the database on every request. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(12 * 60 * 60),
  /** Starts and resumes one server process works on at once; more wait their turn in arrival order. */
  START_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(16),
  /** Attempts one server process closes and scores at once (submits, the supervisors'); more wait their turn in arrival order. */
  SUBMIT_CONCURRENCY: z.coerce.number().int().min(1).max(10_000).default(4),
  /** Closes made together at most, in one transaction and one write (decision 096); 1 closes each alone. */
  SUBMIT_GROUP: z.coerce.number().int().min(1).max(500).default(32),
  SUBMIT_ACCEPT_AFTER: z.coerce.number().int().min(0).max(100_000).default(16),
  /** Milliseconds a student's submit waits for its close before it is answered as accepted and scored in its turn. */
  SUBMIT_ANSWER_WITHIN: z.coerce.number().int().min(1).max(50_000).default(2_000),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('NEET Prep <no-reply@neetprep.local>'),
  /** HTTP SMS provider endpoint; without it each text is written to DATA_DIR/outbox/sms. */
  SMS_URL: z.string().url().optional(),
  /** Shared rate-limit counters and session revocations between server processes. */
  REDIS_URL: z.string().url().optional(),
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z.string().min(1).max(64).default('neetprep:'),
  /** Bearer token for GET /metrics; without it only loopback callers are answered. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** On SIGTERM, how long readiness reports false before the listener closes (for the load balancer to notice). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** On SIGTERM, how long in-flight requests and background work may take before the process exits anyway. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(300_000).default(15_000),
  /** The day the installation's week starts (the notebook's weekly re-test and weekly figures); India's ISO week by default. */
  WEEK_STARTS_ON: z.enum(WEEKDAYS).default('monday'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Demo accounts (with the published password) and content. Unset: on, except with
   * NODE_ENV=production, where an installation starts without any account (`npm run bootstrap`
   * creates the first administrator; decision 041).
   */
  SEED_DEMO_DATA: z.enum(['true', 'false']).optional(),
  WEB_DIST_DIR: z.string().optional(),
  /** argon2id memory of a password hash in KiB (19 MiB, OWASP's minimum, with t = 2, p = 1); lower only in tests. */
  PASSWORD_HASH_MEMORY_KIB: z.coerce.number().int().min(64).max(1_048_576).default(19_456),
  /**
   * Password hashes and checks one server process computes at once, in libuv's thread pool (4
   * threads, shared with file reads and compression); more wait their turn in arrival order.
   */
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  /**
   * Proxies whose X-Forwarded-For is believed, comma-separated addresses, CIDR ranges or
   * loopback/linklocal/uniquelocal. Unset: none, the peer's own address is the client's.
   */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean))
    .refine((entries) => entries.every(isNetworkEntry), 'must be a comma-separated list of IP addresses, CIDR ranges or loopback/linklocal/uniquelocal'),
  /**
   * Networks of schools whose students reach the server from one shared address (NAT), as
   * addresses or CIDR ranges: sign-ins from them have the larger per-address allowance below, so
   * that a whole school can sign in in the minutes before an exam. Each account keeps its own limit.
   */
  SCHOOL_NETWORKS: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(',').map((entry) => entry.trim()).filter(Boolean))
    .refine((entries) => entries.every(isNetworkEntry), 'must be a comma-separated list of IP addresses, CIDR ranges or loopback/linklocal/uniquelocal'),
  /** Sign-ins per minute from one address: any address, and an address in SCHOOL_NETWORKS. */
  SIGN_IN_PER_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(180),
  SIGN_IN_PER_SCHOOL_ADDRESS: z.coerce.number().int().min(1).max(1_000_000).default(3_000),
  JUDGE0_URL: z.string().url().optional(),
  /** Sent as X-Auth-Token to a Judge0 cluster that requires it. */
  JUDGE0_AUTH_TOKEN: z.string().optional(),
  RUNNER_SLOTS: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * An ONLYOFFICE Document Server for office questions (editing .docx/.pptx/.xlsx in the browser);
   * used only when both the URL and its JWT secret are set. The server must reach PUBLIC_URL.
   */
  ONLYOFFICE_URL: z.string().url().optional(),
  ONLYOFFICE_JWT_SECRET: z.string().min(16).optional(),
  /** The office evaluator's limits per evaluation: wall clock and worker heap. */
  OFFICE_EVAL_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(20_000),
  OFFICE_EVAL_MEMORY_MB: z.coerce.number().int().min(64).max(4096).default(384),
  /** worker (each evaluation in its own worker thread, with the limits above) or inline (in the server's thread: tests only). */
  OFFICE_EVALUATOR: z.enum(['worker', 'inline']).default('worker'),
  /** Where uploaded files live: DATA_DIR/uploads, or an S3-compatible bucket. */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).optional(),
  /** For S3-compatible services (MinIO, Cloudflare R2, …); leave unset for AWS. */
  S3_ENDPOINT: z.string().url().optional(),
  /** Without a key pair the AWS SDK's default chain is used (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Background jobs one server process runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  /** A cgroup v2 folder delegated to the runner (empty, writable): one memory cap per slot, tmpfs included. */
  RUNNER_CGROUP: z.string().startsWith('/', 'RUNNER_CGROUP must be an absolute path').optional(),
  /** BI Reports (/metabase): a Metabase site with static embedding on, its embedding secret and the dashboard to embed. */
  METABASE_SITE_URL: z.string().url().optional(),
  METABASE_SECRET_KEY: z.string().min(16).optional(),
  METABASE_DASHBOARD_ID: z.coerce.number().int().positive().optional(),
  /**
   * central: the server institutes use (as deployed today). centre: an exam centre on a lab
   * machine, paired with the central server at CENTRAL_URL; it stages papers and unlocks them
   * (docs/centre.md).
   */
  SERVER_ROLE: z.enum(['central', 'centre']).default('central'),
  /** A centre's central server (its address, http:// or https://). */
  CENTRAL_URL: z
    .string()
    .url()
    .refine((value) => /^https?:\/\//i.test(value), 'must start with http:// or https://')
    .optional(),
  /** A centre: how far ahead it stages scheduled tests, in hours. */
  CENTRE_STAGE_AHEAD_HOURS: z.coerce.number().int().min(1).max(336).default(72),
  /** A centre: how often it stages and asks for the keys of exams that have started; 0 only by hand. */
  CENTRE_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
}).superRefine((env, ctx) => {
  if (env.SERVER_ROLE === 'centre' && !env.CENTRAL_URL) {
    ctx.addIssue({ code: 'custom', path: ['CENTRAL_URL'], message: 'required when SERVER_ROLE=centre' });
  }
  if (env.FILE_STORE === 's3') {
    if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when FILE_STORE=s3' });
    if (!env.S3_REGION) ctx.addIssue({ code: 'custom', path: ['S3_REGION'], message: 'required when FILE_STORE=s3' });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig extends Omit<Env, 'SEED_DEMO_DATA'> {
  /** Whether this start seeds the demo data: SEED_DEMO_DATA, else every NODE_ENV but production. */
  SEED_DEMO_DATA: boolean;
  dataDir: string;
  jwtSecret: string | undefined;
  /** Whether the site is served over HTTPS (PUBLIC_URL starts with https://). */
  isHttps: boolean;
}

export function readConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    SEED_DEMO_DATA: env.SEED_DEMO_DATA === undefined ? env.NODE_ENV !== 'production' : env.SEED_DEMO_DATA === 'true',
    dataDir: path.resolve(env.DATA_DIR),
    jwtSecret: env.JWT_SECRET,
    isHttps: env.PUBLIC_URL?.toLowerCase().startsWith('https://') ?? false,
  };
}
