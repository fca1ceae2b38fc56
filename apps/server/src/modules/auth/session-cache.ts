import type { Actor } from '../../lib/actor.js';

interface Entry {
  actor: Actor;
  /** When the cached answer must be asked again (ms, monotonic). */
  staleAt: number;
}

/**
 * Remembers live sessions for a few seconds so that a burst of calls (saveAnswer every few
 * seconds from hundreds of students) does not look the session up on every request. A logout or
 * password reset in this process drops the entries at once; another server process sees it
 * within `ttlMs`. `ttlMs = 0` turns the cache off.
 *
 * A lookup that was under way when something was forgotten may have read the database before the
 * change: `set` is given the `generation()` read before the lookup and keeps nothing if a forget
 * came in between, so a revocation is never undone by an answer read before it.
 */
export function createSessionCache(ttlMs: number, maxEntries = 50_000, now: () => number = () => performance.now()) {
  const entries = new Map<string, Entry>();
  /** Counts the forgets: an answer read before one is not kept. */
  let forgets = 0;
  return {
    /** Read before looking a session up; given back to `set`. */
    generation(): number {
      return forgets;
    },
    get(sessionId: string): Actor | undefined {
      if (ttlMs <= 0) return undefined;
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.staleAt <= now()) {
        entries.delete(sessionId);
        return undefined;
      }
      return entry.actor;
    },
    set(actor: Actor, lookedUpAt: number = forgets): void {
      if (ttlMs <= 0 || lookedUpAt !== forgets) return;
      if (entries.size >= maxEntries) {
        // Map keeps insertion order: drop the oldest.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(actor.sessionId, { actor, staleAt: now() + ttlMs });
    },
    forgetSession(sessionId: string): void {
      forgets++;
      entries.delete(sessionId);
    },
    forgetAll(): void {
      forgets++;
      entries.clear();
    },
    forgetUser(userId: number): void {
      forgets++;
      for (const [key, entry] of entries) if (entry.actor.userId === userId) entries.delete(key);
    },
  };
}
export type SessionCache = ReturnType<typeof createSessionCache>;
