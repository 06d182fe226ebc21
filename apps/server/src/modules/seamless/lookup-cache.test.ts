import { describe, expect, it } from 'vitest';
import { createLookupCache } from './lookup-cache.ts';

describe('the provider hot-path lookup cache', () => {
  it('serves a loaded row until its time is up, never caches a miss, and stays bounded', async () => {
    let now = 0;
    let loads = 0;
    const cache = createLookupCache<string>({ ttlMs: 1_000, maxEntries: 2, now: () => now });
    const load = (value: string | undefined) => async () => {
      loads++;
      return value;
    };
    expect(await cache.get('a', load('A'))).toBe('A');
    expect(await cache.get('a', load('changed'))).toBe('A');
    now = 1_001;
    expect(await cache.get('a', load('changed'))).toBe('changed');
    expect(await cache.get('missing', load(undefined))).toBeUndefined();
    expect(await cache.get('missing', load('found'))).toBe('found');
    await cache.get('b', load('B'));
    await cache.get('c', load('C'));
    const before = loads;
    await cache.get('a', load('again'));
    expect(loads).toBe(before + 1); // 'a' was pushed out by 'b' and 'c'
  });
});
