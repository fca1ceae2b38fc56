import { Redis } from 'ioredis';

export type RedisLogger = (level: 'info' | 'warn', message: string, error?: unknown) => void;

/**
 * The server's link to Redis (REDIS_URL): one connection for commands (rate-limit counters,
 * publishing) and one for subscriptions. Redis is a helper, never a requirement: commands fail fast
 * while it is down (no offline queue), callers fall back to per-process behaviour, and the link
 * reconnects by itself. Going down and coming back are logged once each.
 */
export interface RedisLink {
  /** For commands; rejects at once while Redis is not connected. */
  readonly client: Redis;
  /** Every key and channel starts with this. */
  readonly prefix: string;
  /** True while the command connection is connected. */
  isUp(): boolean;
  /** Times the link went down since start (for metrics). */
  readonly downCount: number;
  publish(channel: string, message: string): Promise<boolean>;
  /** Calls `listener` for each message on `channel` (prefixed), also after reconnects. */
  subscribe(channel: string, listener: (message: string) => void): void;
  /** Resolves once the subscriptions asked for so far are in place, or after `timeoutMs` (Redis down). */
  subscribed(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface RedisLinkOptions {
  url: string;
  prefix: string;
  log?: RedisLogger;
  /** How long connectRedis waits for the first connection before going on without it. */
  connectTimeoutMs?: number;
}

const retryStrategy = (attempt: number) => Math.min(attempt * 200, 2_000);
/** How long a publish waits for a connection that is being made. */
const PUBLISH_WAIT_MS = 1_000;

function readyWithin(connection: Redis, ms: number): Promise<boolean> {
  if (connection.status === 'ready') return Promise.resolve(true);
  if (connection.status === 'end') return Promise.resolve(false);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      connection.off('ready', onReady);
      resolve(false);
    }, ms);
    connection.once('ready', onReady);
  });
}

export async function connectRedis(options: RedisLinkOptions): Promise<RedisLink> {
  const log = options.log ?? (() => undefined);
  const client = new Redis(options.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A Redis that stalls must not stall requests: the rate limit then counts in this process.
    commandTimeout: 500,
    connectTimeout: 2_000,
    retryStrategy,
  });
  // Subscriptions wait in the queue until connected and are renewed after each reconnect.
  const subscriber = new Redis(options.url, { connectTimeout: 2_000, retryStrategy, maxRetriesPerRequest: null });
  const listeners = new Map<string, Set<(message: string) => void>>();
  const pending: Promise<unknown>[] = [];
  let isDown = false;
  let downCount = 0;
  let isClosing = false;

  client.on('ready', () => {
    if (isDown) log('info', 'Redis is back: rate limits are shared again');
    isDown = false;
  });
  const noteDown = (error?: unknown) => {
    if (isDown || isClosing) return;
    isDown = true;
    downCount += 1;
    log('warn', 'Redis is unreachable: rate limits are per process and revocations reach other processes only when their session cache expires', error);
  };
  client.on('error', (error) => noteDown(error));
  client.on('end', () => noteDown());
  client.on('close', () => {
    if (client.status !== 'ready') noteDown();
  });
  // The subscriber reports its own errors through the command connection's state.
  subscriber.on('error', () => undefined);
  subscriber.on('message', (channel: string, message: string) => {
    for (const listener of listeners.get(channel) ?? []) listener(message);
  });

  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, options.connectTimeoutMs ?? 2_000);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  if (client.status !== 'ready') noteDown();

  return {
    client,
    prefix: options.prefix,
    isUp: () => client.status === 'ready',
    get downCount() {
      return downCount;
    },
    async publish(channel, message) {
      // A connection still being made (start, reconnect) gets a moment before the message is given up.
      if (client.status !== 'ready' && !(await readyWithin(client, PUBLISH_WAIT_MS))) return false;
      // A publish that timed out on a busy machine (commandTimeout) is sent once more: a lost
      // revocation leaves a signed-out session usable elsewhere until the other cache expires.
      for (let attempt = 1; ; attempt += 1) {
        try {
          await client.publish(options.prefix + channel, message);
          return true;
        } catch (error) {
          if (attempt < 2 && client.status === 'ready') continue;
          noteDown(error);
          return false;
        }
      }
    },
    subscribe(channel, listener) {
      const name = options.prefix + channel;
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      // Queued until connected: a Redis that is down now is subscribed to once it is back. A
      // subscription Redis refused is asked for again, so "subscribed" never means "given up".
      const subscribeTo = (): Promise<unknown> =>
        subscriber.subscribe(name).catch(async (error: unknown) => {
          log('warn', `cannot subscribe to ${name}; trying again`, error);
          await new Promise((resolve) => setTimeout(resolve, 200).unref());
          return isClosing ? undefined : subscribeTo();
        });
      if (set.size === 1) pending.push(subscribeTo());
    },
    async subscribed(timeoutMs = 2_000) {
      await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
    },
    async close() {
      isClosing = true;
      listeners.clear();
      subscriber.disconnect();
      client.disconnect();
    },
  };
}
