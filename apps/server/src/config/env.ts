import path from 'node:path';
import { z } from 'zod';

/**
 * The server's whole configuration, read from the environment in this one file. A bad value
 * stops the process with a readable list of what is wrong.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  /** How long a live session is remembered in memory; 0 asks the database on every request. */
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5_000),
  TOKEN_TTL_SECONDS: z.coerce.number().int().positive().default(12 * 60 * 60),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  WEB_DIST_DIR: z.string().optional(),
  RATE_LIMIT_MAX: z.coerce.number().int().positive().default(600),
  JUDGE0_URL: z.string().url().optional(),
  /** Sent as X-Auth-Token to a Judge0 cluster that requires it. */
  JUDGE0_AUTH_TOKEN: z.string().optional(),
  RUNNER_SLOTS: z.coerce.number().int().min(1).max(64).default(2),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig extends Env {
  dataDir: string;
  jwtSecret: string | undefined;
}

export function readConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  - ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return { ...env, dataDir: path.resolve(env.DATA_DIR), jwtSecret: env.JWT_SECRET };
}
