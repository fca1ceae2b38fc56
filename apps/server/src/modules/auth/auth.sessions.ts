import { COMMON_ERRORS, type Role } from '@app/contracts';
import type { Actor } from '../../lib/actor.js';
import { AppError } from '../../lib/errors.js';
import { effectivePermissions, type AuthContext } from './auth.context.js';

/**
 * Expired one-time codes, sign-in links and rate counters are deleted this long after they expired
 * (every rate window is far shorter, so no limit forgets a recent try).
 */
export const EXPIRED_AUTH_RECORDS_KEPT_MS = 24 * 60 * 60_000;

/** Sessions: a bearer token to an actor (through the cache), signing out, the cache forgotten, and expired records purged. */
export function createSessions(ctx: AuthContext) {
  const { repo, tokens, clock } = ctx.deps;
  const { sessionCache } = ctx;

  return {
    /** Bearer token → actor; throws 401 with the spec's reasons. */
    async resolveToken(token: string): Promise<Actor> {
      const now = clock.now();
      const check = await tokens.verify(token, now);
      if (!check.ok) {
        throw new AppError(check.reason === 'expired' ? COMMON_ERRORS.AUTH_TOKEN_EXPIRED : COMMON_ERRORS.AUTH_TOKEN_INVALID);
      }
      const cached = sessionCache.get(check.payload.sid);
      if (cached && String(cached.userId) === check.payload.sub) return cached;
      const lookedUpAt = sessionCache.generation();
      const session = await repo.findLiveSession(check.payload.sid, now);
      if (!session || !session.isActive || String(session.userId) !== check.payload.sub) {
        throw new AppError(COMMON_ERRORS.AUTH_TOKEN_INVALID);
      }
      const actor: Actor = {
        userId: session.userId,
        role: session.role as Role,
        sessionId: session.sessionId,
        email: session.email,
        username: session.username,
        clientId: session.clientId,
        instituteId: session.instituteId,
        classId: session.classId,
        sectionId: session.sectionId,
        classes: session.classes,
        children: session.children,
        permissions: effectivePermissions(session.permissions, session.userTabs),
        ...(session.mustChangePassword ? { mustChangePassword: true } : {}),
      };
      sessionCache.set(actor, lookedUpAt);
      return actor;
    },

    async logout(actor: Actor, userSessionId: string): Promise<void> {
      // The body's id must be the caller's own session or another of the caller's sessions.
      if (/^[0-9a-f-]{36}$/i.test(userSessionId)) {
        await repo.revokeSession(userSessionId, actor.userId, clock.now());
        sessionCache.forgetSession(userSessionId);
      }
      await repo.revokeSession(actor.sessionId, actor.userId, clock.now());
      sessionCache.forgetSession(actor.sessionId);
    },

    /** Cached sessions are asked again: a role's permissions or a user's classes changed. */
    forgetCachedSessions(userId?: number): void {
      if (userId === undefined) sessionCache.forgetAll();
      else sessionCache.forgetUser(userId);
    },

    /** Whether `sessionId` is one of the user's sessions (ids that are not uuids never are). */
    async isOwnSession(actor: Actor, sessionId: string): Promise<boolean> {
      if (sessionId === actor.sessionId) return true;
      if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sessionId)) return false;
      const session = await repo.findLiveSession(sessionId, clock.now());
      return session?.userId === actor.userId;
    },
    /** Housekeeping: deletes the one-time codes, sign-in links and rate counters that are long expired. */
    purgeExpired() {
      return repo.purgeExpired(new Date(clock.now().getTime() - EXPIRED_AUTH_RECORDS_KEPT_MS));
    },
  };
}
