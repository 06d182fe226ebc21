import { Redis } from 'ioredis';
import type { Cache } from './cache.ts';

const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
return {count, ttl}
`;

/** Redis-backed cache shared by every instance; every key carries the deployment's prefix. */
export async function createRedisCache(url: string, prefix: string): Promise<Cache> {
  const options = { keyPrefix: prefix, lazyConnect: true, maxRetriesPerRequest: 2, enableOfflineQueue: true };
  const client = new Redis(url, options);
  client.on('error', () => undefined);
  await client.connect();
  let subscriber: Redis | undefined;
  const listeners = new Map<string, Set<(message: string) => void>>();

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
    get: (key) => client.get(key),
    async set(key, value, ttlMs) {
      await client.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)));
    },
    async delete(key) {
      await client.del(key);
    },
    async increment(key, windowMs) {
      const [count, ttl] = (await client.eval(INCREMENT_SCRIPT, 1, key, String(windowMs))) as [
        number,
        number,
      ];
      return { count, ttlMs: ttl < 0 ? windowMs : ttl };
    },
    async setIfAbsent(key, value, ttlMs) {
      return (await client.set(key, value, 'PX', Math.max(1, Math.round(ttlMs)), 'NX')) === 'OK';
    },
    async publish(channel, message) {
      await client.publish(prefix + channel, message);
    },
    async subscribe(channel, listener) {
      const full = prefix + channel;
      const sub = await subscriberClient();
      let set = listeners.get(full);
      if (!set) {
        set = new Set();
        listeners.set(full, set);
        await sub.subscribe(full);
      }
      set.add(listener);
      return async () => {
        set.delete(listener);
        if (set.size === 0) {
          listeners.delete(full);
          await sub.unsubscribe(full);
        }
      };
    },
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      client.disconnect();
      subscriber?.disconnect();
    },
  };
}
