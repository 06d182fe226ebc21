import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Ticker } from 'pixi.js';
import { tween } from './tween.ts';

/** A renderer's ticker that draws only when the test says a frame has come. */
function manualTicker() {
  const callbacks = new Set<() => void>();
  const ticker = {
    started: false,
    start: () => (ticker.started = true),
    stop: () => (ticker.started = false),
    add: (fn: () => void) => callbacks.add(fn),
    addOnce: (fn: () => void) => {
      const once = () => {
        callbacks.delete(once);
        fn();
      };
      callbacks.add(once);
    },
    remove: (fn: () => void) => callbacks.delete(fn),
    frame: () => [...callbacks].forEach((fn) => fn()),
  };
  return ticker;
}

/** The page's visibility, switched by the test as a player switching tabs would. */
const page = { visibilityState: 'visible' as 'visible' | 'hidden', listeners: [] as (() => void)[] };

beforeEach(() => {
  page.visibilityState = 'visible';
  page.listeners = [];
  vi.useFakeTimers({ toFake: ['performance'] });
  vi.stubGlobal('matchMedia', () => ({ matches: false }));
  vi.stubGlobal('document', {
    get visibilityState() {
      return page.visibilityState;
    },
    addEventListener: (_: string, fn: () => void) => page.listeners.push(fn),
    removeEventListener: (_: string, fn: () => void) =>
      (page.listeners = page.listeners.filter((listener) => listener !== fn)),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('a tween', () => {
  it('lands on time when frames come late: two frames a second apart finish a one-second move', async () => {
    const ticker = manualTicker();
    const seen: number[] = [];
    let done = false;
    void tween(ticker as unknown as Ticker, 1_000, (t) => seen.push(t)).then(() => (done = true));
    vi.advanceTimersByTime(500);
    ticker.frame();
    expect(seen.at(-1)).toBeGreaterThan(0.8);
    expect(done).toBe(false);
    vi.advanceTimersByTime(500);
    ticker.frame();
    await Promise.resolve();
    expect(seen.at(-1)).toBe(1);
    expect(done).toBe(true);
  });

  it('in a page the player cannot see, ends at once on its last step', async () => {
    page.visibilityState = 'hidden';
    const ticker = manualTicker();
    const seen: number[] = [];
    await tween(ticker as unknown as Ticker, 5_000, (t) => seen.push(t));
    expect(seen).toEqual([1]);
  });

  it('ends when the player switches tabs midway, without waiting for a frame', async () => {
    const ticker = manualTicker();
    const seen: number[] = [];
    const running = tween(ticker as unknown as Ticker, 5_000, (t) => seen.push(t));
    vi.advanceTimersByTime(1_000);
    ticker.frame();
    page.visibilityState = 'hidden';
    page.listeners.forEach((fn) => fn());
    await running;
    expect(seen.at(-1)).toBe(1);
    expect(page.listeners).toEqual([]);
  });
});
