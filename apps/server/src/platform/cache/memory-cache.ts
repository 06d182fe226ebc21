import { EventEmitter } from 'node:events';
import type { Cache } from './cache.ts';

interface Entry {
  value: string;
  expiresAt: number;
}

/** Process-local cache for a single instance (the zero-setup default). Bounded: oldest keys go first. */
export function createMemoryCache(now: () => number, maxEntries = 50_000): Cache {
  const entries = new Map<string, Entry>();
  const bus = new EventEmitter();
  bus.setMaxListeners(0);

  function read(key: string): Entry | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  }

  function write(key: string, value: string, ttlMs: number): void {
    entries.delete(key);
    entries.set(key, { value, expiresAt: now() + ttlMs });
    if (entries.size > maxEntries) {
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
  }

  return {
    kind: 'memory',
    async get(key) {
      return read(key)?.value ?? null;
    },
    async set(key, value, ttlMs) {
      write(key, value, ttlMs);
    },
    async delete(key) {
      entries.delete(key);
    },
    async increment(key, windowMs) {
      const entry = read(key);
      if (!entry) {
        write(key, '1', windowMs);
        return { count: 1, ttlMs: windowMs };
      }
      entry.value = String(Number(entry.value) + 1);
      return { count: Number(entry.value), ttlMs: entry.expiresAt - now() };
    },
    async setIfAbsent(key, value, ttlMs) {
      if (read(key)) return false;
      write(key, value, ttlMs);
      return true;
    },
    async publish(channel, message) {
      bus.emit(channel, message);
    },
    async subscribe(channel, listener) {
      bus.on(channel, listener);
      return async () => {
        bus.off(channel, listener);
      };
    },
    async ping() {
      return true;
    },
    async close() {
      entries.clear();
      bus.removeAllListeners();
    },
  };
}
