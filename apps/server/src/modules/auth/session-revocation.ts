import type { RedisLink } from '../../lib/redis.js';
import type { SessionCache } from './session-cache.js';

/** The channel (after the Redis prefix) on which every process announces a revoked session. */
export const SESSION_REVOKED_CHANNEL = 'auth:session-revoked';

/** One session, one user's sessions, or every session (a role's permissions changed). */
type Revocation = { sessionId: string } | { userId: number } | { all: true };
type Evicting = Pick<SessionCache, 'forgetSession' | 'forgetUser' | 'forgetAll'>;

function parse(message: string): Revocation | null {
  try {
    const value = JSON.parse(message) as Record<string, unknown>;
    if (typeof value.sessionId === 'string') return { sessionId: value.sessionId };
    if (typeof value.userId === 'number' && Number.isInteger(value.userId)) return { userId: value.userId };
    if (value.all === true) return { all: true };
  } catch {
    // not ours
  }
  return null;
}

/**
 * Spreads session revocations between server processes. The returned cache behaves as `cache`,
 * and each forget (logout, password reset, a role's or a user's permissions changed) is also published on Redis; every process, this one
 * included, evicts what it hears. Without Redis, or while it is down, other processes see a
 * revocation when their cached entry expires (SESSION_CACHE_MS).
 */
export function shareSessionRevocations<C extends Evicting>(
  cache: C,
  redis: RedisLink | undefined,
  log: (message: string, error?: unknown) => void = () => undefined,
): C {
  if (!redis) return cache;
  redis.subscribe(SESSION_REVOKED_CHANNEL, (message) => {
    const revocation = parse(message);
    if (!revocation) return;
    if ('sessionId' in revocation) cache.forgetSession(revocation.sessionId);
    else if ('userId' in revocation) cache.forgetUser(revocation.userId);
    else cache.forgetAll();
  });
  const announce = (revocation: Revocation) => {
    void redis.publish(SESSION_REVOKED_CHANNEL, JSON.stringify(revocation)).then((sent) => {
      if (!sent) log('session revocation not shared: Redis is unreachable');
    });
  };
  const forgetSession = (sessionId: string) => {
    cache.forgetSession(sessionId);
    announce({ sessionId });
  };
  const forgetUser = (userId: number) => {
    cache.forgetUser(userId);
    announce({ userId });
  };
  const forgetAll = () => {
    cache.forgetAll();
    announce({ all: true });
  };
  // Everything else is the cache's own, called on the cache itself (whatever shape it has).
  return new Proxy(cache, {
    get(target, property) {
      if (property === 'forgetSession') return forgetSession;
      if (property === 'forgetUser') return forgetUser;
      if (property === 'forgetAll') return forgetAll;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
