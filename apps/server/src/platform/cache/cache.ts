/**
 * One interface for the guest-response cache, rate-limit counters and pub/sub. Redis backs it when
 * REDIS_URL is set, so several instances share it; process memory otherwise.
 */
export interface Cache {
  readonly kind: 'redis' | 'memory';
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
  /** Increments a counter that lives for `windowMs` from its first increment. */
  increment(key: string, windowMs: number): Promise<{ count: number; ttlMs: number }>;
  /** Sets the key only if it does not exist yet; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, listener: (message: string) => void): Promise<() => Promise<void>>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}
