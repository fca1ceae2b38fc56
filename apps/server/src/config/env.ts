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
  REDIS_URL: z.string().url().optional(),
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
  /** A cgroup v2 folder delegated to the runner (empty, writable): one memory cap per slot, tmpfs included. */
  RUNNER_CGROUP: z.string().startsWith('/', 'RUNNER_CGROUP must be an absolute path').optional(),
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
