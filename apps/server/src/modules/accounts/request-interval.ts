import type { Cache } from '../../platform/cache/cache.ts';
import type { Clock } from '../../platform/clock.ts';

/**
 * "Ask again in N seconds" gates (reset requests, confirmation codes): at most one request per interval
 * per key, judged by the injected clock (the stored value is when the wait ends; the cache TTL only
 * cleans up). Answers the seconds left to wait, or 0 when this request may go ahead.
 */
export function createRequestInterval(cache: Cache, clock: Clock) {
  return async function claim(key: string, intervalMs: number): Promise<number> {
    const now = clock.now();
    if (await cache.setIfAbsent(key, String(now + intervalMs), intervalMs)) return 0;
    const until = Number((await cache.get(key)) ?? 0);
    if (until <= now) {
      await cache.set(key, String(now + intervalMs), intervalMs);
      return 0;
    }
    return Math.ceil((until - now) / 1000);
  };
}

export type RequestInterval = ReturnType<typeof createRequestInterval>;
