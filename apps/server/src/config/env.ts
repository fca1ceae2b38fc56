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
}).superRefine((env, ctx) => {
  if (env.FILE_STORE === 's3') {
    if (!env.S3_BUCKET) ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'required when FILE_STORE=s3' });
    if (!env.S3_REGION) ctx.addIssue({ code: 'custom', path: ['S3_REGION'], message: 'required when FILE_STORE=s3' });
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    ctx.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
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
