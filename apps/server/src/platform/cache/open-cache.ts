import type { Cache } from './cache.ts';
import { createMemoryCache } from './memory-cache.ts';
import { createRedisCache } from './redis-cache.ts';
import type { Logger } from '../logger.ts';

/** `log` receives Redis outages and recoveries (without it they go to an info-level logger of their own). */
export function openCache(
  redis: { url: string | undefined; prefix: string },
  now: () => number,
  log?: Pick<Logger, 'warn' | 'info'>,
): Promise<Cache> {
  return redis.url
    ? createRedisCache(redis.url, redis.prefix, { now, log })
    : Promise.resolve(createMemoryCache(now));
}
