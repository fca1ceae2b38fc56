import { COMMON_ERRORS, RoleSchema, type ActiveTestDetails, type DeviceInfo, type LoginResult, type Role } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import type { Clock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import type { TokenSigner } from '../../lib/tokens.js';
import { AUTH_ERRORS } from './auth.errors.js';
import type { AuthRepository, UserRow } from './auth.repository.js';

export interface AuthServiceDeps {
  repo: AuthRepository;
  tokens: TokenSigner;
  clock: Clock;
  /** The student's active test, when the exam engine knows one. */
  activeTestFor?: (userId: number) => Promise<ActiveTestDetails | null>;
}

export function displayNameOf(user: Pick<UserRow, 'firstName' | 'lastName' | 'username'>): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ').trim();
  return name || user.username;
}

export function createAuthService(deps: AuthServiceDeps) {
  const { repo, tokens, clock } = deps;

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
    };
  }

  return {
    startSession,

    async login(input: { username: string; password: string; deviceInfo?: DeviceInfo }): Promise<LoginResult> {
      const user = await repo.findUserByLogin(input.username);
      // Verify against a dummy hash when the user is unknown so that timing does not tell.
      const isValid = await verifyPassword(input.password, user?.passwordHash ?? DUMMY_HASH);
      if (!user || !isValid) throw new AppError(AUTH_ERRORS.AUTH_INVALID_CREDENTIALS);
      return startSession(user, input.deviceInfo);
    },

    async logout(actor: Actor, userSessionId: string): Promise<void> {
      // The body's id must be the caller's own session or another of the caller's sessions.
      await repo.revokeSession(userSessionId, actor.userId, clock.now());
      await repo.revokeSession(actor.sessionId, actor.userId, clock.now());
    },

    /** Bearer token → actor; throws 401 with the spec's reasons. */
    async resolveToken(token: string): Promise<Actor> {
      const now = clock.now();
      const check = await tokens.verify(token, now);
      if (!check.ok) {
        throw new AppError(check.reason === 'expired' ? COMMON_ERRORS.AUTH_TOKEN_EXPIRED : COMMON_ERRORS.AUTH_TOKEN_INVALID);
      }
      const session = await repo.findLiveSession(check.payload.sid, now);
      if (!session || !session.isActive || String(session.userId) !== check.payload.sub) {
        throw new AppError(COMMON_ERRORS.AUTH_TOKEN_INVALID);
      }
      return {
        userId: session.userId,
        role: session.role as Role,
        sessionId: session.sessionId,
        email: session.email,
        username: session.username,
      };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;

// scrypt hash of a random password; only its cost matters.
const DUMMY_HASH =
  'scrypt$16384$3q2+7w==$Z3k7Yl0q6n1a0sS0mW6e0b3Yk0yq7m6m8a0VbM9oHq1wq5j2l9H4a3wq1b8c5d7e2f3g4h5i6j7k8l9m0n1o2p3q==';
