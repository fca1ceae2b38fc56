import { randomBytes } from 'node:crypto';

/** The local Redis the tests use (installed and started by .ci/run). */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A key prefix of its own for each use, so runs and tests never see each other's keys. */
export const testRedisPrefix = (name: string) => `neetprep-test:${name}:${randomBytes(4).toString('hex')}:`;

/** An address where nothing listens: Redis "down". */
export const DOWN_REDIS_URL = 'redis://127.0.0.1:1';
