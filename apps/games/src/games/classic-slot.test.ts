import { describe, expect, it } from 'vitest';
import { createDraws } from '@kometa/fairness';
import { exactRtp, lineWins, play, REELS } from './classic-slot.ts';

const SEED = '6b1f5e3c2a4d8e9f0b7c6a5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f';

describe('the classic 3×3 slot', () => {
  it('returns exactly 7747/8000 (96.84 %) over the full reel cycle', () => {
    const rtp = exactRtp();
    expect(rtp).toEqual({ numerator: 7747n, denominator: 8000n });
    expect(Number(rtp.numerator) / Number(rtp.denominator)).toBeGreaterThan(0.94);
    expect(Number(rtp.numerator) / Number(rtp.denominator)).toBeLessThan(0.996);
  });

  it('pays three of a kind on rows and diagonals only', () => {
    expect(
      lineWins([
        ['S', 'C', 'L'],
        ['S', 'C', 'P'],
        ['S', 'B', 'L'],
      ]),
    ).toEqual([{ line: 0, symbol: 'S', pays: 200 }]);
    expect(
      lineWins([
        ['B', 'C', 'L'],
        ['P', 'B', 'P'],
        ['C', 'L', 'B'],
      ]),
    ).toEqual([{ line: 3, symbol: 'B', pays: 40 }]);
    expect(
      lineWins([
        ['C', 'C', 'C'],
        ['L', 'L', 'L'],
        ['P', 'P', 'P'],
      ]),
    ).toEqual([]);
  });

  it('agrees with its exact RTP in a Monte Carlo smoke run (400 000 fixed-seed spins)', () => {
    let returned = 0;
    const spins = 400_000;
    for (let nonce = 0; nonce < spins; nonce++) returned += play({}, 5, createDraws(SEED, 'slot', nonce)).win;
    const rtp = returned / (spins * 5);
    // The per-spin return's standard deviation is 1.9433 stakes (over the full cycle), so the 99 %
    // interval of the mean of 400 000 spins is ±2.576 · 1.9433 / √400 000 ≈ ±0.0079.
    expect(Math.abs(rtp - 7747 / 8000)).toBeLessThan(0.008);
  });

  it('stops each reel uniformly: chi-square over 40 000 fixed-seed spins at p > 0.01', () => {
    const counts = REELS.map((reel) => Array(reel.length).fill(0) as number[]);
    for (let nonce = 0; nonce < 40_000; nonce++) {
      play({}, 5, createDraws(SEED, 'reels', nonce)).stops.forEach((stop, reel) => counts[reel]![stop]!++);
    }
    for (const reel of counts) {
      const chi = reel.reduce((sum, c) => sum + (c - 2_000) ** 2 / 2_000, 0);
      expect(chi).toBeLessThan(36.191); // the 0.99 quantile of chi-square with 19 degrees of freedom
    }
  });
});
