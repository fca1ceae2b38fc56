import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { RedisLink } from './redis.js';

// The two stores @fastify/rate-limit ships (CommonJS, without typings of their own), reused as they are.
const require = createRequire(import.meta.url);
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (continueExceeding: boolean, exponentialBackoff: boolean) => RateLimitStore;
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => RateLimitStore;

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** The store interface @fastify/rate-limit calls (its own LocalStore and RedisStore have it). */
export interface RateLimitStore {
  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void;
  child(routeOptions: RouteLimitOptions): RateLimitStore;
}

interface RouteLimitOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
  routeInfo: { method: string; url: string };
}

interface GlobalLimitOptions {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
}

/**
 * The plugin's in-process store, answering each call with the count as it stood at that call.
 * LocalStore hands every caller the same live record, which the plugin reads only after an await:
 * in a burst of concurrent requests each then saw the burst's final count, and a burst one over
 * the limit was refused whole instead of only its excess.
 */
class CountAtCallStore implements RateLimitStore {
  constructor(private readonly store: RateLimitStore) {}

  incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
    this.store.incr(key, (error, result) => callback(error, result && { current: result.current, ttl: result.ttl }), timeWindow, max);
  }

  child(routeOptions: RouteLimitOptions): RateLimitStore {
    return new CountAtCallStore(this.store.child(routeOptions));
  }
}

function localStore(options: GlobalLimitOptions): RateLimitStore {
  return new CountAtCallStore(new LocalStore(options.continueExceeding ?? false, options.exponentialBackoff ?? false));
}

/** A store class for @fastify/rate-limit's `store` option that counts in this process alone. */
export function createLocalRateLimitStore() {
  class LocalRateLimitStore extends CountAtCallStore {
    constructor(options: GlobalLimitOptions) {
      super(localStore(options));
    }
  }
  return LocalRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}

/**
 * A rate-limit store class for @fastify/rate-limit's `store` option: counters live in Redis so every
 * server process counts the same client together; while Redis is down (or a call to it fails) each
 * process counts on its own, as a single process would, and `onFallback` is told.
 */
export function createSharedRateLimitStore(redis: RedisLink, onFallback: () => void = () => undefined) {
  const namespace = `${redis.prefix}rate-limit:`;

  class SharedRateLimitStore implements RateLimitStore {
    private readonly local: RateLimitStore;
    private readonly remote: RateLimitStore;

    constructor(options: GlobalLimitOptions, stores?: { local: RateLimitStore; remote: RateLimitStore }) {
      const continueExceeding = options.continueExceeding ?? false;
      const exponentialBackoff = options.exponentialBackoff ?? false;
      this.local = stores?.local ?? localStore(options);
      this.remote = stores?.remote ?? new RedisStore(continueExceeding, exponentialBackoff, redis.client, namespace);
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number): void {
      if (!redis.isUp()) {
        onFallback();
        this.local.incr(key, callback, timeWindow, max);
        return;
      }
      this.remote.incr(
        key,
        (error, result) => {
          if (!error) return callback(null, result);
          onFallback();
          this.local.incr(key, callback, timeWindow, max);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: RouteLimitOptions): RateLimitStore {
      return new SharedRateLimitStore(routeOptions, { local: this.local.child(routeOptions), remote: this.remote.child(routeOptions) });
    }
  }
  // The plugin's typings leave out the window and maximum that it passes to incr at run time.
  return SharedRateLimitStore as unknown as FastifyRateLimitStoreCtor;
}
