import { randomBytes } from 'node:crypto';
import { AUTH_ERRORS, RoleSchema, isPermission, tabOfPermission, type ActiveTestDetails, type DeviceInfo, type LoginResult, type Permission } from '@app/contracts';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import type { PasswordHasher } from '../../lib/passwords.js';
import type { SmsSender } from '../../lib/sms.js';
import type { TokenSigner } from '../../lib/tokens.js';
import { isUniqueViolation, type AuthRepository, type UserRow } from './auth.repository.js';
import type { OtpService } from './otp.service.js';
import { createSessionCache, type SessionCache } from './session-cache.js';

export interface AuthServiceDeps {
  repo: AuthRepository;
  otp: OtpService;
  tokens: TokenSigner;
  clock: Clock;
  mailer: Mailer;
  sms: SmsSender;
  /** The student's active test, when the exam engine knows one. */
  activeTestFor?: (userId: number) => Promise<ActiveTestDetails | null>;
  /** Whether a course exists (login links may open one). */
  courseExists?: (courseId: number) => Promise<boolean>;
  /** Live sessions remembered for a few seconds (see session-cache.ts). */
  sessionCache?: SessionCache;
  /** The process's password hasher (argon2id, at most PASSWORD_HASH_CONCURRENCY at once). */
  passwords: PasswordHasher;
  /** Where a mail that failed after the answer is reported. */
  log?: (text: string, error?: unknown) => void;
}

/**
 * The role's actions in the client, narrowed to the user's own tabs (teacher_permissions) when the
 * user has any: menus and route checks read the same set (docs/decisions/011).
 */
export function effectivePermissions(rolePermissions: readonly string[], userTabs: readonly string[]): ReadonlySet<Permission> {
  const held = rolePermissions.filter(isPermission);
  return new Set(userTabs.length === 0 ? held : held.filter((permission) => userTabs.includes(tabOfPermission(permission))));
}

export function displayNameOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.username;
}

/**
 * What auth's operation files share: their deps, the session cache, a new session for a signed-in
 * user, and a parent's account linked to a student.
 */
export function createAuthContext(deps: AuthServiceDeps) {
  const { repo, tokens, clock, passwords } = deps;
  const sessionCache = deps.sessionCache ?? createSessionCache(0);

  async function startSession(user: UserRow, deviceInfo: DeviceInfo, courseId: number | null = null): Promise<LoginResult> {
    if (!user.isActive) throw new AppError(AUTH_ERRORS.AUTH_ACCOUNT_DISABLED);
    const role = RoleSchema.parse(user.role);
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + tokens.ttlSeconds * 1000);
    const sessionId = await repo.createSession({ userId: user.id, expiresAt, deviceInfo });
    const token = await tokens.sign({ userId: user.id, sessionId, role, now });
    const activeTest = (await deps.activeTestFor?.(user.id)) ?? null;
    return {
      token,
      ClientID: user.clientId,
      userName: user.username,
      userTypeName: role,
      UserSessionID: sessionId,
      email: user.email,
      displayName: displayNameOf(user),
      photoURL: user.photoUrl,
      activeTestDetails: activeTest,
      CourseID: courseId ?? activeTest?.CourseID ?? null,
      TaskID: activeTest?.TaskID ?? null,
      ...(user.mustChangePassword ? { mustChangePassword: true } : {}),
    };
  }

  /**
   * A Parent account for `email`, created when the address has no account yet, linked to the
   * student. An address that belongs to a non-parent account is never linked.
   */
  async function ensureParentLink(input: { email: string; parentName?: string | null; studentUserId: number }): Promise<boolean> {
    const email = input.email.trim().toLowerCase();
    let parent = await repo.findUserByEmail(email);
    if (!parent) {
      try {
        parent = await repo.createUser({
          username: email,
          email,
          role: 'Parent',
          firstName: input.parentName?.trim() ?? '',
          // Parents sign in with an e-mail code; this password is never handed out.
          passwordHash: await passwords.hash(randomBytes(24).toString('base64url')),
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        parent = await repo.findUserByEmail(email);
      }
    }
    if (!parent || parent.role !== 'Parent' || parent.id === input.studentUserId) return false;
    await repo.linkParent(parent.id, input.studentUserId);
    // A signed-in parent sees the new child at once, not after the session cache expires.
    sessionCache.forgetUser(parent.id);
    return true;
  }

  return { deps, sessionCache, startSession, ensureParentLink };
}
export type AuthContext = ReturnType<typeof createAuthContext>;
