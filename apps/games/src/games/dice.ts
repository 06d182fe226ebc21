import type { Draws } from '@kometa/fairness';

/** A roll is 0–9999, shown as 00.00–99.99. */
export const ROLLS = 10_000;
/** The house keeps 1 %: a win pays 99 / chance times the stake. */
export const RETURN_PERCENT = 99;
export const MIN_CHANCE = 1;
export const MAX_CHANCE = 95;

export interface DiceChoice {
  /** Win chance in whole percent, 1–95. */
  chance: number;
  /** `under`: the roll is below chance·100; `over`: at or above 10 000 − chance·100. */
  direction: 'under' | 'over';
}

export function wins(choice: DiceChoice, roll: number): boolean {
  return choice.direction === 'under' ? roll < choice.chance * 100 : roll >= ROLLS - choice.chance * 100;
}

/** The payout of a winning stake, in minor units, rounded down. */
export function payout(choice: DiceChoice, stake: number): number {
  return Math.floor((stake * RETURN_PERCENT) / choice.chance);
}

/** The multiplier shown to the player (99 / chance), to four decimals. */
export const multiplier = (choice: DiceChoice) =>
  Math.floor((RETURN_PERCENT / choice.chance) * 10_000) / 10_000;

/** One round: the roll and what it pays. */
export function play(choice: DiceChoice, stake: number, draws: Draws) {
  const roll = draws.int(ROLLS);
  const won = wins(choice, roll);
  return { roll, won, win: won ? payout(choice, stake) : 0 };
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? a : gcd(b, a % b));

/**
 * The exact theoretical return of a choice over the whole outcome space, as a reduced fraction: the
 * sum over every roll of what a unit stake pays (99 / chance when it wins), divided by the rolls.
 */
export function exactRtp(choice: DiceChoice): { numerator: bigint; denominator: bigint } {
  let winning = 0n;
  for (let roll = 0; roll < ROLLS; roll++) if (wins(choice, roll)) winning++;
  const numerator = winning * BigInt(RETURN_PERCENT);
  const denominator = BigInt(ROLLS) * BigInt(choice.chance);
  const divisor = gcd(numerator, denominator);
  return { numerator: numerator / divisor, denominator: denominator / divisor };
}
