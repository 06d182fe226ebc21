import { Redis } from 'ioredis';
import type { Cache } from './cache.ts';
import { createMemoryCache } from './memory-cache.ts';
import { createRootLogger, type Logger } from '../logger.ts';

const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

/** A command Redis does not answer within this is treated as Redis being away (a hung server). */
const COMMAND_TIMEOUT_MS = 1_000;
/** After a failed call, calls skip Redis this long: a hung server costs one timeout per second, not one per call. */
const RETRY_AFTER_MS = 1_000;

export interface RedisCacheOptions {
  now: () => number;
  /** Where the outage and the recovery are reported; the server's own logger when given. */
  log?: Pick<Logger, 'warn' | 'info'>;
}

/**
 * An error Redis itself answered (a wrong type, a script error) is a bug and is thrown; anything else
 * (closed connection, refused, timed out, not writable) means Redis is away.
 */
function isUnreachable(error: unknown): boolean {
  return !(error instanceof Error && error.name === 'ReplyError');
}

/**
 * Redis-backed cache shared by every instance; every key carries the deployment's prefix.
 *
 * Redis is a cache here, never the source of truth: when it goes away while serving, every call falls
 * back at once to this process's memory (guest cache, rate-limit counters and login-failure counters
 * become per instance, pub/sub reaches this instance only), the outage is logged once, and calls go back
 * to Redis as soon as the client is connected again. Without this, each call queued behind ioredis's
 * reconnect attempts for seconds and then threw: every guest and player request answered 500 after
 * 10–30 s (the rate limiter and the login guard read the cache on every request).
 */
export async function createRedisCache(
  url: string,
  prefix: string,
  options: RedisCacheOptions,
): Promise<Cache> {
  // Without the server's logger (app.ts does not pass it yet), these two lines go to one of our own.
  const log = options.log ?? createRootLogger('info');
  // No offline queue: a command issued while Redis is away must fail at once (and fall back), not wait
  // for reconnect attempts; the timeout bounds one that was already sent to a server that stopped.
  const client = new Redis(url, {
    keyPrefix: prefix,
    lazyConnect: true,
    maxRetriesPerRequest: 2,
    enableOfflineQueue: false,
    commandTimeout: COMMAND_TIMEOUT_MS,
  });
  client.on('error', () => undefined);
  // Startup still needs Redis: a misconfigured REDIS_URL must stop the server, not hide behind memory.
  await client.connect();
  const fallback = createMemoryCache(options.now);
  let degraded = false;
  let retryAt = 0;
  let closing = false;
  let subscriber: Redis | undefined;
  const listeners = new Map<string, Set<(message: string) => void>>();

  function wentAway(error?: unknown): void {
    if (degraded || closing) return;
    degraded = true;
    log.warn(
      { err: error, cache: 'redis' },
      'Redis is unreachable: cache, rate limits and pub/sub use this process memory until it returns',
    );
  }
  function cameBack(): void {
    if (!degraded) return;
    degraded = false;
    log.info({ cache: 'redis' }, 'Redis is back: cache, rate limits and pub/sub use it again');
  }
  client.on('close', () => wentAway());
  client.on('ready', cameBack);

  /** Runs the call on Redis when it is connected, else (or when it fails to answer) on the fallback. */
  async function either<T>(onRedis: () => Promise<T>, onMemory: () => Promise<T>): Promise<T> {
    if (client.status !== 'ready' || (degraded && Date.now() < retryAt)) {
      wentAway();
      return onMemory();
    }
    try {
      const result = await onRedis();
      // A timed-out command marks an outage without closing the connection: its next answer ends it.
      if (degraded) cameBack();
      return result;
    } catch (error) {
      if (!isUnreachable(error)) throw error;
      // Wall time, not the injected clock: this paces network attempts, and a test's frozen clock must
      // not keep Redis skipped for ever.
      retryAt = Date.now() + RETRY_AFTER_MS;
      wentAway(error);
      return onMemory();
    }
  }

  async function subscriberClient(): Promise<Redis> {
    if (subscriber) return subscriber;
    subscriber = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    subscriber.on('error', () => undefined);
    subscriber.on('message', (channel: string, message: string) => {
      for (const listener of listeners.get(channel) ?? []) listener(message);
    });
    await subscriber.connect();
    return subscriber;
  }

  return {
    kind: 'redis',
    get: (key) =>
      either(
        () => client.get(key),
        () => fallback.get(key),
      ),
    set: (key, value, ttlMs) =>
      either(
        async () => {
          await client.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
        },
        () => fallback.set(key, value, ttlMs),
      ),
    delete: (key) =>
      either(
        async () => {
          await client.del(key);
        },
        () => fallback.delete(key),
      ),
    increment: (key, windowMs) =>
      either(
        async () => {
          const [count, ttl] = (await client.eval(INCREMENT_SCRIPT, 1, key, String(windowMs))) as [
            number,
            number,
          ];
          return { count, ttlMs: ttl < 0 ? windowMs : ttl };
        },
        () => fallback.increment(key, windowMs),
      ),
    setIfAbsent: (key, value, ttlMs) =>
      either(
        async () => (await client.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK',
        () => fallback.setIfAbsent(key, value, ttlMs),
      ),
    // While Redis is away a message reaches this instance's own subscribers (through the fallback's bus).
    publish: (channel, message) =>
      either(
        async () => {
          await client.publish(prefix + channel, message);
        },
        () => fallback.publish(prefix + channel, message),
      ),
    async subscribe(channel, listener) {
      const full = prefix + channel;
      const local = await fallback.subscribe(full, listener);
      const sub = await subscriberClient();
      let set = listeners.get(full);
      if (!set) {
        set = new Set();
        listeners.set(full, set);
        await sub.subscribe(full);
      }
      set.add(listener);
      return async () => {
        await local();
        set.delete(listener);
        if (set.size === 0) {
          listeners.delete(full);
          await sub.unsubscribe(full);
        }
      };
    },
    // Reports Redis itself (readiness shows the outage), not the fallback that keeps serving.
    async ping() {
      if (client.status !== 'ready') return false;
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      closing = true;
      client.disconnect();
      subscriber?.disconnect();
      await fallback.close();
    },
  };
}
