import type { Draws } from '@kometa/fairness';

/** European roulette: one zero, 37 pockets. */
export const POCKETS = 37;
export const RED = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];

export type BetKind =
  | 'straight'
  | 'split'
  | 'street'
  | 'trio'
  | 'corner'
  | 'first-four'
  | 'line'
  | 'column'
  | 'dozen'
  | 'red'
  | 'black'
  | 'odd'
  | 'even'
  | 'low'
  | 'high';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const keyOf = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join(',');

/** Every standard bet of the European table, by the numbers it covers. */
function standardBets(): Map<string, { kind: BetKind; numbers: number[] }> {
  const bets = new Map<string, { kind: BetKind; numbers: number[] }>();
  const add = (kind: BetKind, numbers: number[]) =>
    bets.set(keyOf(numbers), { kind, numbers: [...numbers].sort((a, b) => a - b) });
  for (const n of range(0, 36)) add('straight', [n]);
  for (const n of range(1, 36)) {
    if (n % 3 !== 0) add('split', [n, n + 1]);
    if (n <= 33) add('split', [n, n + 3]);
    if (n % 3 === 1) add('street', [n, n + 1, n + 2]);
    if (n % 3 !== 0 && n <= 32) add('corner', [n, n + 1, n + 3, n + 4]);
    if (n % 3 === 1 && n <= 31) add('line', range(n, n + 5));
  }
  for (const n of [1, 2, 3]) add('split', [0, n]);
  add('trio', [0, 1, 2]);
  add('trio', [0, 2, 3]);
  add('first-four', [0, 1, 2, 3]);
  for (const c of [1, 2, 3])
    add(
      'column',
      range(1, 36).filter((n) => n % 3 === c % 3),
    );
  for (const d of [0, 1, 2]) add('dozen', range(d * 12 + 1, d * 12 + 12));
  add('red', RED);
  add(
    'black',
    range(1, 36).filter((n) => !RED.includes(n)),
  );
  add(
    'odd',
    range(1, 36).filter((n) => n % 2 === 1),
  );
  add(
    'even',
    range(1, 36).filter((n) => n % 2 === 0),
  );
  add('low', range(1, 18));
  add('high', range(19, 36));
  return bets;
}

export const STANDARD_BETS = standardBets();

export interface RouletteBet {
  numbers: number[];
  stake: number;
}

/** The standard bet these numbers make, or undefined when no such bet exists on the table. */
export const betOf = (numbers: readonly number[]) => STANDARD_BETS.get(keyOf(numbers));

/** What a bet returns when its numbers come up: 36 / covered numbers times the stake (stake included). */
export function returns(bet: RouletteBet, pocket: number): number {
  return bet.numbers.includes(pocket) ? (bet.stake * 36) / bet.numbers.length : 0;
}

export const totalStake = (bets: readonly RouletteBet[]) => bets.reduce((sum, bet) => sum + bet.stake, 0);

/** One spin: the pocket and what all the bets on it return. */
export function play(bets: RouletteBet[], _stake: number, draws: Draws) {
  const pocket = draws.int(POCKETS);
  return { pocket, win: bets.reduce((sum, bet) => sum + returns(bet, pocket), 0) };
}

/**
 * The exact return of a unit stake on a standard bet over the 37 pockets, as a fraction: covered /
 * 37 × 36 / covered = 36/37 for every bet.
 */
export function exactRtp(numbers: readonly number[]): { numerator: number; denominator: number } {
  let returned = 0;
  for (let pocket = 0; pocket < POCKETS; pocket++) if (numbers.includes(pocket)) returned += 36;
  const numerator = returned;
  const denominator = POCKETS * numbers.length;
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  const g = gcd(numerator, denominator);
  return { numerator: numerator / g, denominator: denominator / g };
}
