import { describe, expect, it } from 'vitest';
import { createDraws } from '@kometa/fairness';
import { betOf, exactRtp, play, POCKETS, RED, returns, STANDARD_BETS } from './roulette.ts';

const SEED = '6b1f5e3c2a4d8e9f0b7c6a5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f';

describe('European roulette', () => {
  it('knows every standard bet of the table, with the textbook counts', () => {
    const counts = new Map<string, number>();
    for (const { kind } of STANDARD_BETS.values()) counts.set(kind, (counts.get(kind) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({
      straight: 37,
      split: 60,
      street: 12,
      trio: 2,
      corner: 22,
      'first-four': 1,
      line: 11,
      column: 3,
      dozen: 3,
      red: 1,
      black: 1,
      odd: 1,
      even: 1,
      low: 1,
      high: 1,
    });
    expect(betOf([2, 1])?.kind).toBe('split');
    expect(betOf([1, 5])).toBeUndefined();
    expect(betOf([34, 35, 36])?.kind).toBe('street');
  });

  it('returns exactly 36/37 on every standard bet, computed over all 37 pockets', () => {
    for (const { numbers } of STANDARD_BETS.values()) {
      expect(exactRtp(numbers)).toEqual({ numerator: 36, denominator: 37 });
    }
  });

  it('pays 35 to 1 on a straight and even money on red, stake included', () => {
    const draws = createDraws(SEED, 'spin', 1);
    const spin = play([{ numbers: [17], stake: 100 }], 100, draws);
    const again = play([{ numbers: [spin.pocket], stake: 100 }], 100, createDraws(SEED, 'spin', 1));
    expect(again.win).toBe(3_600);
    expect(returns({ numbers: RED, stake: 100 }, 1)).toBe(200);
    expect(returns({ numbers: RED, stake: 100 }, 2)).toBe(0);
    expect(returns({ numbers: RED, stake: 100 }, 0)).toBe(0);
    expect(returns({ numbers: [0, 1, 2, 3], stake: 100 }, 0)).toBe(900);
  });

  it('spins a uniform wheel: chi-square of 74 000 fixed-seed spins at p > 0.01', () => {
    const counts = Array(POCKETS).fill(0) as number[];
    for (let nonce = 0; nonce < 74_000; nonce++)
      counts[play([], 0, createDraws(SEED, 'wheel', nonce)).pocket]!++;
    const chi = counts.reduce((sum, c) => sum + (c - 2_000) ** 2 / 2_000, 0);
    expect(chi).toBeLessThan(58.619); // the 0.99 quantile of chi-square with 36 degrees of freedom
  });
});
