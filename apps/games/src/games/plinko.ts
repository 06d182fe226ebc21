import type { Draws } from '@kometa/fairness';
import { PLINKO_TABLES } from './plinko-tables.ts';
import { choose, ratio, type Ratio } from './rational.ts';

export const MIN_ROWS = 8;
export const MAX_ROWS = 16;
export const RISKS = ['low', 'medium', 'high'] as const;
export type PlinkoRisk = (typeof RISKS)[number];

export interface PlinkoChoice {
  rows: number;
  risk: PlinkoRisk;
}

/** The buckets' multipliers in hundredths, left to right (published in docs/games.md). */
export function tableOf(choice: PlinkoChoice): readonly number[] {
  const table = PLINKO_TABLES[choice.risk][choice.rows as keyof (typeof PLINKO_TABLES)['low']];
  if (!table) throw new Error('no such table');
  return table;
}

/**
 * One drop: at each row of pegs the ball goes left (0) or right (1), one fair draw per row
 * (`int(2)`); it lands in the bucket numbered by how many times it went right.
 */
export function play(choice: PlinkoChoice, stake: number, draws: Pick<Draws, 'int'>) {
  const path = Array.from({ length: choice.rows }, () => draws.int(2));
  const bucket = path.reduce((sum, step) => sum + step, 0);
  const hundredths = tableOf(choice)[bucket]!;
  // The stake times the bucket's multiplier, rounded down to the kopeck.
  const win = Math.floor((stake * hundredths) / 100);
  return { path, bucket, multiplier: hundredths / 100, win };
}

/** The exact return of a table: every bucket's multiplier times the paths that reach it, over 2^rows. */
export function exactReturn(choice: PlinkoChoice): Ratio {
  const table = tableOf(choice);
  let total = 0n;
  for (let bucket = 0; bucket <= choice.rows; bucket++)
    total += choose(choice.rows, bucket) * BigInt(table[bucket]!);
  return ratio(total, 100n * 2n ** BigInt(choice.rows));
}
