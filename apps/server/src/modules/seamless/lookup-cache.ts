/**
 * A small in-process cache for rows that change rarely on the provider hot path: game sessions
 * (immutable once launched; their expiry is in the row and still checked) and the games catalogue
 * (an operator's change shows within `ttlMs`). Bounded: the oldest entries go first.
 */
export function createLookupCache<V>(options: { ttlMs: number; maxEntries: number; now: () => number }) {
  const entries = new Map<string, { value: V; until: number }>();
  return {
    async get(key: string, load: () => Promise<V | undefined>): Promise<V | undefined> {
      const hit = entries.get(key);
      const now = options.now();
      if (hit && hit.until > now) return hit.value;
      const value = await load();
      if (value === undefined) return undefined;
      entries.delete(key);
      entries.set(key, { value, until: now + options.ttlMs });
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as string);
      return value;
    },
  };
}
