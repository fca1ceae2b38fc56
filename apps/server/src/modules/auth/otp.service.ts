import { createHash, randomBytes, randomInt } from 'node:crypto';
import { AUTH_ERRORS, OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_MS } from '@app/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { AuthRepository, OneTimeCodeRow } from './auth.repository.js';

export const OTP_PURPOSE = {
  /** sendMailforOtp: proves the e-mail for student signup and parent login. */
  email: 'email_verification',
  passwordReset: 'password_reset',
  /** The secret validateEmailOtp hands out; it allows one password reset. */
  resetGrant: 'password_reset_grant',
  parentPhone: 'parent_phone',
} as const;
export type OtpPurpose = (typeof OTP_PURPOSE)[keyof typeof OTP_PURPOSE];

/** Codes one address may be sent within one code lifetime. */
export const CODES_PER_TARGET = 5;

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/**
 * One-time codes: six digits, stored as a salted argon2id hash (the process's password hasher, so
 * code checks share its bound), valid for OTP_TTL_MS, at most
 * OTP_MAX_ATTEMPTS wrong tries, used once. The row id names the code to the client.
 */
export function createOtpService(deps: { repo: AuthRepository; clock: Clock; passwords: PasswordHasher }) {
  const { repo, clock, passwords } = deps;

  async function issue(input: { purpose: OtpPurpose; target: string; userId?: number | null }) {
    const now = clock.now();
    const sent = await repo.countCodesSince(input.purpose, input.target, new Date(now.getTime() - OTP_TTL_MS));
    if (sent >= CODES_PER_TARGET) throw new AppError(AUTH_ERRORS.AUTH_OTP_TOO_MANY_SENT);
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
    const id = await repo.insertCode({
      purpose: input.purpose,
      target: input.target,
      userId: input.userId ?? null,
      codeHash: await passwords.hash(code),
      createdAt: now,
      expiresAt,
    });
    return { id, code, expiresAt };
  }

  async function check(row: OneTimeCodeRow | undefined, code: string, target: string | undefined): Promise<OneTimeCodeRow> {
    const now = clock.now();
    if (!row || row.consumedAt || row.expiresAt <= now || (target !== undefined && row.target !== target)) {
      throw new AppError(AUTH_ERRORS.AUTH_OTP_INVALID);
    }
    if (row.attempts >= OTP_MAX_ATTEMPTS) throw new AppError(AUTH_ERRORS.AUTH_OTP_TOO_MANY_ATTEMPTS);
    if (!(await passwords.verify(code, row.codeHash))) {
      const attempts = await repo.addCodeAttempt(row.id, OTP_MAX_ATTEMPTS);
      if (attempts === undefined || attempts >= OTP_MAX_ATTEMPTS) throw new AppError(AUTH_ERRORS.AUTH_OTP_TOO_MANY_ATTEMPTS);
      throw new AppError(AUTH_ERRORS.AUTH_OTP_INVALID);
    }
    return row;
  }

  async function consume(id: string): Promise<void> {
    if (!(await repo.consumeCode(id, clock.now()))) throw new AppError(AUTH_ERRORS.AUTH_OTP_INVALID);
  }

  return {
    issue,
    consume,

    /** Checks the code named by `id`; consumes it unless told not to (the caller consumes later). */
    async verifyById(input: { id: string; purpose: OtpPurpose; code: string; target?: string; consume?: boolean }) {
      if (!UUID_PATTERN.test(input.id)) throw new AppError(AUTH_ERRORS.AUTH_OTP_INVALID);
      const row = await check(await repo.findCode(input.id, input.purpose), input.code, input.target);
      if (input.consume !== false) await consume(row.id);
      return row;
    },

    /** Checks the newest code sent to `target` for this user (codes the client does not name). */
    async verifyNewest(input: { purpose: OtpPurpose; target: string; userId: number; code: string }) {
      const row = await check(await repo.findNewestCodeFor(input.purpose, input.target, input.userId), input.code, input.target);
      await consume(row.id);
      return row;
    },

    /** An opaque, single-use secret: "<id>.<random>", only the hash of the random part kept. */
    async issueSecret(input: { purpose: OtpPurpose; target: string; userId: number | null }): Promise<string> {
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const id = await repo.insertCode({
        purpose: input.purpose,
        target: input.target,
        userId: input.userId,
        codeHash: sha256(token),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OTP_TTL_MS),
      });
      return `${id}.${token}`;
    },

    /** Uses a secret from issueSecret once; undefined when it is unknown, used or expired. */
    async useSecret(secret: string, purpose: OtpPurpose): Promise<OneTimeCodeRow | undefined> {
      const [id, token] = secret.split('.');
      if (!id || !token || !UUID_PATTERN.test(id)) return undefined;
      const row = await repo.findCode(id, purpose);
      if (!row || row.codeHash !== sha256(token)) return undefined;
      return (await repo.consumeCode(row.id, clock.now())) ? row : undefined;
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
