import { describe, expect, it } from 'vitest';
import { createDraws } from '@kometa/fairness';
import { exactRtp, MAX_CHANCE, MIN_CHANCE, payout, play, wins, type DiceChoice } from './dice.ts';

const SEED = '6b1f5e3c2a4d8e9f0b7c6a5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f';

describe('dice', () => {
  it('returns exactly 99 % for every chance and direction, computed over all 10 000 rolls', () => {
    for (let chance = MIN_CHANCE; chance <= MAX_CHANCE; chance++) {
      for (const direction of ['under', 'over'] as const) {
        expect(exactRtp({ chance, direction })).toEqual({ numerator: 99n, denominator: 100n });
      }
    }
  });

  it('wins on the documented ranges and pays 99 / chance, rounded down', () => {
    const under: DiceChoice = { chance: 50, direction: 'under' };
    expect(wins(under, 4_999)).toBe(true);
    expect(wins(under, 5_000)).toBe(false);
    const over: DiceChoice = { chance: 10, direction: 'over' };
    expect(wins(over, 9_000)).toBe(true);
    expect(wins(over, 8_999)).toBe(false);
    expect(payout(under, 1_000)).toBe(1_980);
    expect(payout({ chance: 3, direction: 'under' }, 100)).toBe(3_300);
    expect(payout({ chance: 7, direction: 'under' }, 100)).toBe(1_414);
  });

  it('agrees with its exact RTP in a Monte Carlo smoke run (200 000 fixed-seed rounds, 99 % interval)', () => {
    const choice: DiceChoice = { chance: 50, direction: 'over' };
    let returned = 0;
    const rounds = 200_000;
    for (let nonce = 0; nonce < rounds; nonce++) {
      returned += play(choice, 100, createDraws(SEED, 'monte-carlo', nonce)).win;
    }
    const rtp = returned / (rounds * 100);
    // A stake returns 1.98 with p = 0.5: the standard deviation of the mean is 0.99 / sqrt(rounds).
    const halfWidth = 2.576 * (0.99 / Math.sqrt(rounds));
    expect(Math.abs(rtp - 0.99)).toBeLessThan(halfWidth);
  });
});
