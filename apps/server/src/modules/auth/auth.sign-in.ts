import { createHash, randomBytes } from 'node:crypto';
import { AUTH_ERRORS, COMMON_ERRORS, type CreateLoginLinkBody, type DeviceInfo, type LoginLink, type LoginResult, type Role } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { AuthContext } from './auth.context.js';
import { canCreateLoginLink, canSeeAccount } from './auth.policy.js';
import { OTP_PURPOSE } from './otp.service.js';

/** Failed sign-ins one account may have in LOGIN_FAILURE_WINDOW_MS before it must wait. */
export const LOGIN_FAILURES_PER_ACCOUNT = 10;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** How long a sign-in link stays usable. */
export const LOGIN_LINK_TTL_MS = 24 * 60 * 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('base64url');

/** Signing in: with a password, a one-time link staff hand out, or (a parent) an e-mailed code. */
export function createSignIns(ctx: AuthContext) {
  const { deps } = ctx;
  const { repo, otp, clock, passwords } = deps;

  // An unknown user is checked against a hash of the same cost, so that timing does not tell.
  let dummyHash: Promise<string> | undefined;
  const dummyHashOf = () => (dummyHash ??= passwords.hash(randomBytes(24).toString('base64url')));

  return {
    async login(input: { username: string; password: string; deviceInfo?: DeviceInfo }): Promise<LoginResult> {
      const user = await repo.findUserByLogin(input.username);
      const now = clock.now();
      const throttleKey = `login:${user ? user.id : input.username.trim().toLowerCase()}`;
      if ((await repo.countIn(throttleKey, now, LOGIN_FAILURE_WINDOW_MS)) >= LOGIN_FAILURES_PER_ACCOUNT) {
        throw new AppError(AUTH_ERRORS.AUTH_TOO_MANY_ATTEMPTS);
      }
      // An account without a password yet (a new roster student) is checked like an unknown user.
      const isValid = await passwords.verify(input.password, user?.passwordHash || (await dummyHashOf()));
      if (!user || !isValid) {
        await repo.hit(throttleKey, now, LOGIN_FAILURE_WINDOW_MS);
        throw new AppError(AUTH_ERRORS.AUTH_INVALID_CREDENTIALS);
      }
      await repo.clearCounter(throttleKey);
      // A scrypt hash, or an argon2id one weaker than today's, is replaced while the password is at hand.
      if (passwords.needsRehash(user.passwordHash)) await repo.setPassword(user.id, await passwords.hash(input.password), now);
      return ctx.startSession(user, input.deviceInfo);
    },

    async loginWithSessionId(input: { SessionID: string; deviceInfo?: DeviceInfo }): Promise<LoginResult> {
      const link = await repo.useLoginLink(sha256(input.SessionID), clock.now());
      const user = link ? await repo.findUserById(link.userId) : undefined;
      if (!link || !user) throw new AppError(AUTH_ERRORS.AUTH_LOGIN_LINK_INVALID);
      return ctx.startSession(user, input.deviceInfo, link.courseId);
    },

    async parentLogin(input: { Email: string; otp: string; sessionId: string; deviceInfo?: DeviceInfo }): Promise<LoginResult> {
      const email = input.Email.trim().toLowerCase();
      await otp.verifyById({ id: input.sessionId, purpose: OTP_PURPOSE.email, code: input.otp, target: email });
      const user = await repo.findUserByEmail(email);
      if (!user || user.role !== 'Parent') throw new AppError(AUTH_ERRORS.AUTH_PARENT_LOGIN_FAILED);
      return ctx.startSession(user, input.deviceInfo);
    },

    /** Staff hand a student in their scope a one-time sign-in URL; admins may also do so for non-admin staff (auth.policy.ts). */
    async createLoginLink(actor: Actor, input: CreateLoginLinkBody): Promise<LoginLink> {
      const scope = await repo.findUserScope(input.userId);
      const target = scope ? { ...scope, role: scope.role as Role } : undefined;
      if (!target || !canSeeAccount(actor, target)) throw new AppError(COMMON_ERRORS.NOT_FOUND);
      if (!canCreateLoginLink(actor, target)) throw new AppError(AUTH_ERRORS.AUTH_LINK_TARGET_FORBIDDEN);
      if (input.CourseID !== undefined && deps.courseExists && !(await deps.courseExists(input.CourseID))) {
        throw new AppError(AUTH_ERRORS.AUTH_COURSE_INVALID, { fields: { CourseID: 'courseInvalid' } });
      }
      const now = clock.now();
      const token = randomBytes(32).toString('base64url');
      const expiresAt = new Date(now.getTime() + LOGIN_LINK_TTL_MS);
      // Audited with who it is for, where it opens and when it expires; never the token itself.
      await repo.insertLoginLink(
        {
          tokenHash: sha256(token),
          userId: target.userId,
          courseId: input.CourseID ?? null,
          createdBy: actor.userId,
          createdAt: now,
          expiresAt,
        },
        (tx) =>
          recordAudit(tx, actor, {
            action: 'auth.createLoginLink',
            targetType: 'user',
            targetId: target.userId,
            targetUserId: target.userId,
            instituteId: target.instituteId,
            after: { expiresAt: expiresAt.toISOString(), courseId: input.CourseID ?? null },
          }),
      );
      return { SessionID: token, url: `/login?SessionID=${token}`, expiresAt: expiresAt.toISOString() };
    },
  };
}
