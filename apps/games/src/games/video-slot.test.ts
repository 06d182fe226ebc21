import { describe, expect, it } from 'vitest';
import { createDraws } from '@kometa/fairness';
import { evaluate, exactRtp, play, REELS, windowAt } from './video-slot.ts';

const SEED = '6b1f5e3c2a4d8e9f0b7c6a5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f';

describe('the 5×3 video slot with free spins', () => {
  it('returns exactly 18054448217/18787360000 (96.10 %), free spins included analytically', () => {
    const { total, trigger } = exactRtp();
    expect([total.n, total.d]).toEqual([18054448217n, 18787360000n]);
    expect([trigger.n, trigger.d]).toEqual([42579n, 1600000n]);
    const value = Number(total.n) / Number(total.d);
    expect(value).toBeGreaterThan(0.94);
    expect(value).toBeLessThan(0.996);
  });

  it('the analytic base game equals the full reel cycle enumerated (20^5 stops)', () => {
    let pays = 0;
    let triggers = 0;
    const stops = [0, 0, 0, 0, 0];
    const length = REELS[0]!.length;
    for (stops[0] = 0; stops[0] < length; stops[0]++)
      for (stops[1] = 0; stops[1] < length; stops[1]++)
        for (stops[2] = 0; stops[2] < length; stops[2]++)
          for (stops[3] = 0; stops[3] < length; stops[3]++)
            for (stops[4] = 0; stops[4] < length; stops[4]++) {
              const result = evaluate(windowAt(stops));
              pays += result.pays * 10; // in tenths: line pays are stake/10 each
              if (result.scatters >= 3) triggers++;
            }
    const { base, trigger } = exactRtp();
    const cycle = length ** 5;
    // base = pays / (10 · cycle), exactly: compare cross-multiplied integers.
    expect(BigInt(Math.round(pays)) * base.d).toBe(base.n * BigInt(cycle * 10));
    expect(BigInt(triggers) * trigger.d).toBe(trigger.n * BigInt(cycle));
  });

  it('agrees with its exact RTP in a Monte Carlo smoke run (300 000 fixed-seed rounds, 99 % interval)', () => {
    let returned = 0;
    let squares = 0;
    const rounds = 300_000;
    for (let nonce = 0; nonce < rounds; nonce++) {
      const win = play({}, 100, createDraws(SEED, 'video', nonce)).win / 100;
      returned += win;
      squares += win * win;
    }
    const mean = returned / rounds;
    const sd = Math.sqrt(squares / rounds - mean * mean);
    const { total } = exactRtp();
    expect(Math.abs(mean - Number(total.n) / Number(total.d))).toBeLessThan((2.576 * sd) / Math.sqrt(rounds));
  });
});
