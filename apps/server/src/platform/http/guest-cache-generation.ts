import { randomBytes } from 'node:crypto';
import type { Cache } from '../cache/cache.ts';

const KEY = 'gc:generation';
const CHANNEL = 'gc:invalidate';
/** The generation outlives any guest entry by far; a lost key only means one more fresh start. */
const KEEP_MS = 30 * 24 * 3_600_000;

/**
 * The guest cache's generation (ADR 007, ADR 038): part of every guest-cache key, so a new generation
 * drops every stored answer at once on every instance. A back-office change that the site shows
 * (a page, a banner, a menu, a setting) starts a new generation: stored in the shared cache for
 * instances that start later, published to the running ones, which also forget their near entries.
 */
export interface GuestCacheGeneration {
  current(): string;
  /** Starts a new generation here and on every instance. */
  invalidate(): Promise<void>;
  /** Listens to other instances' invalidations (call once at start). */
  start(): Promise<void>;
  /** Called with each new generation (the guest cache empties its near entries). */
  onChange(listener: () => void): void;
}

/**
 * A shared cache that fails (Redis down) never fails the change that asked for the invalidation: this
 * instance has its new generation at once, the others keep theirs until their entries expire (TTL).
 */
export function createGuestCacheGeneration(
  cache: Cache,
  onError: (error: unknown, step: string) => void,
): GuestCacheGeneration {
  let generation = '0';
  const listeners: (() => void)[] = [];
  const change = (next: string) => {
    if (next === generation) return;
    generation = next;
    for (const listener of listeners) listener();
  };
  return {
    current: () => generation,
    async invalidate() {
      const next = randomBytes(6).toString('hex');
      change(next);
      try {
        await cache.set(KEY, next, KEEP_MS);
        await cache.publish(CHANNEL, next);
      } catch (error) {
        onError(error, 'publish');
      }
    },
    async start() {
      try {
        await cache.subscribe(CHANNEL, change);
        const stored = await cache.get(KEY);
        if (stored) change(stored);
      } catch (error) {
        onError(error, 'start');
      }
    },
    onChange(listener) {
      listeners.push(listener);
    },
  };
}
