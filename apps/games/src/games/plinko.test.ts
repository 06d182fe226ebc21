import { describe, expect, it } from 'vitest';
import { createDraws } from '@kometa/fairness';
import { exactReturn, MAX_ROWS, MIN_ROWS, play, RISKS, tableOf, type PlinkoChoice } from './plinko.ts';
import { ratio, plus } from './rational.ts';

const SEED = '1a3c5e7f9b2d4f6a8c0e1b3d5f7a9c2e4f6b8d0a1c3e5f7b9d2a4c6e8f0b1d3a';

const choices = RISKS.flatMap((risk) =>
  Array.from({ length: MAX_ROWS - MIN_ROWS + 1 }, (_, i) => ({ rows: MIN_ROWS + i, risk })),
);

/** Draws that answer the given left/right steps in order. */
const stacked = (steps: number[]) => ({
  int: (n: number) => {
    expect(n).toBe(2);
    return steps.shift()!;
  },
});

describe('plinko', () => {
  it('returns between 98.92 % and 99 % on every table, counted over every path of the ball', () => {
    for (const choice of choices) {
      const table = tableOf(choice);
      // Every one of the 2^rows equally likely paths, its bucket the number of steps to the right.
      let total = ratio(0);
      for (let path = 0; path < 2 ** choice.rows; path++) {
        let bucket = 0;
        for (let row = 0; row < choice.rows; row++) bucket += (path >> row) & 1;
        total = plus(total, ratio(table[bucket]!, 100));
      }
      const rtp = ratio(total.n, total.d * 2n ** BigInt(choice.rows));
      expect(rtp, `${choice.rows} rows, ${choice.risk}`).toEqual(exactReturn(choice));
      expect(rtp.n * 100n <= 99n * rtp.d, `${choice.rows} ${choice.risk} at most 99 %`).toBe(true);
      expect(rtp.n * 10_000n >= 9_892n * rtp.d, `${choice.rows} ${choice.risk} at least 98.92 %`).toBe(true);
    }
  });

  it('has one bucket per landing place, symmetric, the centre paying least and the edge most', () => {
    for (const choice of choices) {
      const table = tableOf(choice);
      expect(table).toHaveLength(choice.rows + 1);
      expect([...table].reverse()).toEqual([...table]);
      const half = table.slice(0, Math.floor(choice.rows / 2) + 1);
      expect([...half].sort((a, b) => b - a)).toEqual(half);
    }
    // Higher risk: a harder centre and richer edges.
    for (let rows = MIN_ROWS; rows <= MAX_ROWS; rows++) {
      const [low, medium, high] = RISKS.map((risk) => tableOf({ rows, risk }));
      expect(low![0]!).toBeLessThan(medium![0]!);
      expect(medium![0]!).toBeLessThan(high![0]!);
    }
  });

  it('lands in the bucket counted by the steps to the right and pays its multiplier, rounded down', () => {
    const choice: PlinkoChoice = { rows: 8, risk: 'medium' };
    expect(play(choice, 1_000, stacked([1, 1, 1, 1, 1, 1, 1, 1]))).toEqual({
      path: [1, 1, 1, 1, 1, 1, 1, 1],
      bucket: 8,
      multiplier: 13,
      win: 13_000,
    });
    expect(play(choice, 333, stacked([0, 1, 0, 1, 0, 0, 1, 0]))).toMatchObject({ bucket: 3, win: 199 });
  });

  it('drops balls binomially (chi-square of 100 000 drops over 12 rows at p > 0.001)', () => {
    const rows = 12;
    const counts = Array<number>(rows + 1).fill(0);
    const drops = 100_000;
    for (let nonce = 0; nonce < drops; nonce++)
      counts[play({ rows, risk: 'low' }, 100, createDraws(SEED, 'chi', nonce)).bucket]!++;
    let chi = 0;
    let ways = 1;
    for (let bucket = 0; bucket <= rows; bucket++) {
      const expected = (drops * ways) / 2 ** rows;
      chi += (counts[bucket]! - expected) ** 2 / expected;
      ways = (ways * (rows - bucket)) / (bucket + 1);
    }
    expect(chi).toBeLessThan(32.909); // the 0.999 quantile of chi-square with 12 degrees of freedom
  });

  it('agrees with its exact return in a Monte Carlo run through the engine (200 000 drops, 99 % interval)', () => {
    for (const choice of [
      { rows: 8, risk: 'medium' },
      { rows: 16, risk: 'low' },
    ] as PlinkoChoice[]) {
      const stake = 100_000;
      const drops = 200_000;
      let returned = 0;
      for (let nonce = 0; nonce < drops; nonce++)
        returned += play(choice, stake, createDraws(SEED, 'monte-carlo', nonce)).win;
      const table = tableOf(choice);
      const exact = exactReturn(choice);
      const mean = Number(exact.n) / Number(exact.d);
      let square = 0;
      let ways = 1;
      for (let bucket = 0; bucket <= choice.rows; bucket++) {
        square += (ways / 2 ** choice.rows) * (table[bucket]! / 100) ** 2;
        ways = (ways * (choice.rows - bucket)) / (bucket + 1);
      }
      const sd = Math.sqrt(square - mean * mean);
      expect(Math.abs(returned / (drops * stake) - mean)).toBeLessThan(2.576 * (sd / Math.sqrt(drops)));
    }
  });
});
