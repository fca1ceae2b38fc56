import { describe, expect, it } from 'vitest';
import { bareActor, type Actor } from '../../lib/actor.js';
import { createSessionCache } from './session-cache.js';

const actor = (sessionId: string, userId = 1): Actor => bareActor({ userId, role: 'Student', sessionId, username: 'u' });

describe('session cache', () => {
  it('remembers a session until its time is up', () => {
    let now = 0;
    const cache = createSessionCache(5_000, 10, () => now);
    cache.set(actor('a'));
    now = 4_999;
    expect(cache.get('a')?.sessionId).toBe('a');
    now = 5_000;
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets a session or all of a user at once', () => {
    const cache = createSessionCache(5_000, 10, () => 0);
    cache.set(actor('a', 1));
    cache.set(actor('b', 1));
    cache.set(actor('c', 2));
    cache.forgetSession('a');
    expect(cache.get('a')).toBeUndefined();
    cache.forgetUser(1);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')?.userId).toBe(2);
  });

  it('keeps no answer read before a forget (a lookup under way while a session was revoked)', () => {
    const cache = createSessionCache(5_000, 10, () => 0);
    const before = cache.generation();
    // The lookup reads the session; meanwhile another process revokes it, or the user's role changes.
    cache.forgetSession('a');
    cache.set(actor('a'), before);
    expect(cache.get('a')).toBeUndefined();
    for (const forget of [() => cache.forgetUser(7), () => cache.forgetAll()]) {
      const seen = cache.generation();
      forget();
      cache.set(actor('b'), seen);
      expect(cache.get('b')).toBeUndefined();
    }
    // A lookup with nothing forgotten meanwhile is kept.
    cache.set(actor('c'), cache.generation());
    expect(cache.get('c')?.sessionId).toBe('c');
  });

  it('is off with a zero time and bounded in size', () => {
    const off = createSessionCache(0);
    off.set(actor('a'));
    expect(off.get('a')).toBeUndefined();
    const small = createSessionCache(5_000, 2, () => 0);
    small.set(actor('a'));
    small.set(actor('b'));
    small.set(actor('c'));
    expect(small.get('a')).toBeUndefined();
    expect(small.get('c')).toBeDefined();
  });
});
