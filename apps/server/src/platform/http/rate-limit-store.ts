import type { Cache } from '../cache/cache.ts';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * Adapts our Cache to @fastify/rate-limit's store contract, so the counters live where the cache
 * lives: Redis (shared by every instance) or memory.
 */
export function rateLimitStoreFor(cache: Cache) {
  return class CacheRateLimitStore {
    private readonly prefix: string;

    constructor(options?: { routeKey?: string }) {
      this.prefix = `rl:${options?.routeKey ?? 'global'}:`;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      cache.increment(this.prefix + key, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: { method?: unknown; url?: unknown }) {
      return new CacheRateLimitStore({
        routeKey: `${String(routeOptions.method ?? '')}${String(routeOptions.url ?? '')}`,
      });
    }
  };
}
