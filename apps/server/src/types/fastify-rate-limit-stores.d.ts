// The two stores that @fastify/rate-limit ships (CommonJS, untyped), reused by lib/rate-limit-store.ts.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { RateLimitStore } from '../lib/rate-limit-store.js';
  const LocalStore: new (continueExceeding: boolean, exponentialBackoff: boolean, cache?: number) => RateLimitStore;
  export default LocalStore;
}
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { Redis } from 'ioredis';
  import type { RateLimitStore } from '../lib/rate-limit-store.js';
  const RedisStore: new (continueExceeding: boolean, exponentialBackoff: boolean, redis: Redis, key?: string) => RateLimitStore;
  export default RedisStore;
}
