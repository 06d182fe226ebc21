import type { Cache } from './cache.ts';
import { createMemoryCache } from './memory-cache.ts';
import { createRedisCache } from './redis-cache.ts';

export function openCache(
  redis: { url: string | undefined; prefix: string },
  now: () => number,
): Promise<Cache> {
  return redis.url ? createRedisCache(redis.url, redis.prefix) : Promise.resolve(createMemoryCache(now));
}
