/**
 * The dice's numbers the slider shows live, as the game computes them (src/games/dice.ts, checked
 * equal for every chance by src/ui/dice-odds.test.ts; the client cannot import the game's module,
 * which brings the server's fairness code with it).
 */
export const ROLLS = 10_000;
export const MIN_CHANCE = 1;
export const MAX_CHANCE = 95;

export interface DiceChoice {
  chance: number;
  direction: 'under' | 'over';
}

/** 99 / chance, to four decimals (rounded down), as the server answers it. */
export const multiplier = (choice: DiceChoice) => Math.floor((99 / choice.chance) * 10_000) / 10_000;

/** What a winning stake pays, in minor units, rounded down. */
export const payout = (choice: DiceChoice, stake: number) => Math.floor((stake * 99) / choice.chance);
