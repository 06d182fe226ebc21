/**
 * The exact expected return of Kometa's blackjack (rules in blackjack.ts), computed
 * combinatorially in rational numbers: with an infinite deck every card is 1/13 likely to be each of
 * ace to nine and 4/13 likely to be worth ten, independently, so the expectation of a hand is a
 * finite recursion over (hard sum, holds an ace). The dealer's final totals are computed the same
 * way, given the up card and given that the peek found no blackjack. A split's two hands have the
 * same expectation each (linearity; the dealer's cards are independent of the player's).
 */

export interface Fraction {
  n: bigint;
  d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
};
export const fraction = (n: bigint | number, d: bigint | number = 1n): Fraction => {
  let [num, den] = [BigInt(n), BigInt(d)];
  if (den < 0n) [num, den] = [-num, -den];
  const g = gcd(num, den) || 1n;
  return { n: num / g, d: den / g };
};
const add = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
const sub = (a: Fraction, b: Fraction) => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
const mul = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d);
const div = (a: Fraction, b: Fraction) => fraction(a.n * b.d, a.d * b.n);
const greater = (a: Fraction, b: Fraction) => a.n * b.d > b.n * a.d;
const ZERO = fraction(0);
const ONE = fraction(1);
const sum = (values: Fraction[]) => values.reduce(add, ZERO);
export const toNumber = (f: Fraction) => Number(f.n) / Number(f.d);

/** Card values 1 (ace) to 10, each with its probability in an infinite deck. */
const VALUES = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
const P = (value: number) => fraction(value === 10 ? 4 : 1, 13);

const totalOf = (hard: number, ace: boolean) => (ace && hard + 10 <= 21 ? hard + 10 : hard);
const isSoft = (hard: number, ace: boolean) => ace && hard + 10 <= 21;

/** The dealer's final totals: index 0–4 for 17–21, 5 for bust. */
type Outcomes = Fraction[];

function dealerFinals(): (up: number) => Outcomes {
  const memo = new Map<string, Outcomes>();
  function from(hard: number, ace: boolean): Outcomes {
    const key = `${hard}:${ace}`;
    const known = memo.get(key);
    if (known) return known;
    const total = totalOf(hard, ace);
    let result: Outcomes;
    if (total > 21) result = [ZERO, ZERO, ZERO, ZERO, ZERO, ONE];
    else if (total >= 17) result = [17, 18, 19, 20, 21, 0].map((t) => (t === total ? ONE : ZERO));
    else {
      result = [ZERO, ZERO, ZERO, ZERO, ZERO, ZERO];
      for (const v of VALUES) {
        const next = from(hard + v, ace || v === 1);
        result = result.map((r, i) => add(r, mul(P(v), next[i]!)));
      }
    }
    memo.set(key, result);
    return result;
  }
  return (up) => {
    // The hole card, given that the peek found no blackjack.
    const holes = VALUES.filter((v) => !((up === 1 && v === 10) || (up === 10 && v === 1)));
    const weight = sum(holes.map(P));
    let result: Outcomes = [ZERO, ZERO, ZERO, ZERO, ZERO, ZERO];
    for (const v of holes) {
      const next = from(up + v, up === 1 || v === 1);
      result = result.map((r, i) => add(r, mul(div(P(v), weight), next[i]!)));
    }
    return result;
  };
}

/** A cell of the strategy table: hit, stand, double (else hit), double (else stand), split. */
export type Play = 'H' | 'S' | 'Dh' | 'Ds' | 'P';
/** Up cards in table order: 2–10, then ace. */
export const UP_CARDS = [2, 3, 4, 5, 6, 7, 8, 9, 10, 1] as const;

export interface Strategy {
  /** Hard totals 4–21: one cell per up card. */
  hard: Record<number, Play[]>;
  /** Soft totals 12–21. */
  soft: Record<number, Play[]>;
  /** Pairs by card value (1 = aces): 'P' to split, otherwise the total's row is played. */
  pairs: Record<number, ('P' | '-')[]>;
}

type Move = 'hit' | 'stand' | 'double' | 'split';

interface HandSpot {
  hard: number;
  ace: boolean;
  canDouble: boolean;
  pair: number | null;
}

/** The move a table makes for a hand. */
export function moveOf(strategy: Strategy, spot: HandSpot, up: number): Move {
  const column = UP_CARDS.indexOf(up as (typeof UP_CARDS)[number]);
  if (spot.pair !== null && strategy.pairs[spot.pair]?.[column] === 'P') return 'split';
  const total = totalOf(spot.hard, spot.ace);
  const row = isSoft(spot.hard, spot.ace) ? strategy.soft[total] : strategy.hard[total];
  const cell = row?.[column] ?? 'S';
  if (cell === 'Dh') return spot.canDouble ? 'double' : 'hit';
  if (cell === 'Ds') return spot.canDouble ? 'double' : 'stand';
  return cell === 'H' ? 'hit' : 'stand';
}

/**
 * The expectation, per unit of the first stake, of the hands of one up card: either following a
 * strategy table or, with none, choosing the best move everywhere (and noting it in `best`).
 */
function upCardAnalysis(up: number, outcomes: Outcomes, strategy?: Strategy) {
  const memo = new Map<string, Fraction>();
  const best = new Map<string, { move: Move; values: Record<Move, Fraction | undefined> }>();
  /** Standing: the dealer's bust and lower totals win, higher ones lose, equal ones push. */
  function standValue(hard: number, ace: boolean): Fraction {
    const total = totalOf(hard, ace);
    if (total > 21) return fraction(-1);
    return [17, 18, 19, 20, 21].reduce(
      (value, dealer, i) =>
        dealer < total ? add(value, outcomes[i]!) : dealer > total ? sub(value, outcomes[i]!) : value,
      outcomes[5]!,
    );
  }
  function hand(spot: HandSpot): Fraction {
    const key = `${spot.hard}:${spot.ace}:${spot.canDouble}:${spot.pair}`;
    const known = memo.get(key);
    if (known) return known;
    const total = totalOf(spot.hard, spot.ace);
    let value: Fraction;
    if (total > 21) value = fraction(-1);
    else {
      const values: Record<Move, Fraction | undefined> = {
        stand: undefined,
        hit: undefined,
        double: undefined,
        split: undefined,
      };
      const evaluate = (move: Move): Fraction => {
        if (move === 'stand') return standValue(spot.hard, spot.ace);
        if (move === 'hit') {
          return sum(
            VALUES.map((v) =>
              mul(
                P(v),
                hand({ hard: spot.hard + v, ace: spot.ace || v === 1, canDouble: false, pair: null }),
              ),
            ),
          );
        }
        if (move === 'double') {
          return mul(
            fraction(2),
            sum(VALUES.map((v) => mul(P(v), standValue(spot.hard + v, spot.ace || v === 1)))),
          );
        }
        return mul(fraction(2), splitHand(spot.pair!));
      };
      if (strategy) value = evaluate(moveOf(strategy, spot, up));
      else {
        const moves: Move[] = ['stand', 'hit'];
        if (spot.canDouble) moves.push('double');
        if (spot.pair !== null) moves.push('split');
        let chosen: Move = 'stand';
        value = evaluate('stand');
        values.stand = value;
        for (const move of moves.slice(1)) {
          const v = evaluate(move);
          values[move] = v;
          if (greater(v, value)) [chosen, value] = [move, v];
        }
        best.set(key, { move: chosen, values });
      }
    }
    memo.set(key, value);
    return value;
  }
  /** One hand of a split pair: its second card, then (except for aces) hit, stand or double. */
  function splitHand(pairValue: number): Fraction {
    return sum(
      VALUES.map((v) => {
        const hard = pairValue + v;
        const ace = pairValue === 1 || v === 1;
        if (pairValue === 1 || totalOf(hard, ace) === 21) return mul(P(v), standValue(hard, ace));
        return mul(P(v), hand({ hard, ace, canDouble: true, pair: null }));
      }),
    );
  }
  /** Every first two cards that are not a blackjack, by probability. */
  let expectation = ZERO;
  for (const a of VALUES) {
    for (const b of VALUES) {
      if ((a === 1 && b === 10) || (a === 10 && b === 1)) continue;
      const value = hand({ hard: a + b, ace: a === 1 || b === 1, canDouble: true, pair: a === b ? a : null });
      expectation = add(expectation, mul(mul(P(a), P(b)), value));
    }
  }
  /** The best move at a spot with every move's value (only without a strategy table). */
  function bestAt(spot: HandSpot) {
    hand(spot);
    const found = best.get(`${spot.hard}:${spot.ace}:${spot.canDouble}:${spot.pair}`);
    if (!found) throw new Error('the best move is known only without a strategy table');
    return found;
  }
  return { expectation, bestAt };
}

const PLAYER_BLACKJACK = fraction(8, 169);

function dealerBlackjackChance(up: number): Fraction {
  if (up === 1) return fraction(4, 13);
  if (up === 10) return fraction(1, 13);
  return ZERO;
}

/**
 * The exact expected return per unit of the first stake (1 + the player's expectation), with a
 * strategy table, or with the best move everywhere when none is given.
 */
export function expectedReturn(strategy?: Strategy): Fraction {
  const finals = dealerFinals();
  let expectation = ZERO;
  for (const up of VALUES) {
    const dealerBlackjack = dealerBlackjackChance(up);
    // The peek: a dealer blackjack takes the first stake unless the player has one too (a push).
    const againstBlackjack = mul(dealerBlackjack, sub(PLAYER_BLACKJACK, ONE));
    const played = upCardAnalysis(up, finals(up), strategy).expectation;
    const noBlackjack = mul(sub(ONE, dealerBlackjack), add(mul(PLAYER_BLACKJACK, fraction(3, 2)), played));
    expectation = add(expectation, mul(P(up), add(againstBlackjack, noBlackjack)));
  }
  return add(ONE, expectation);
}

/** The dealer's final totals for each up card, given no blackjack (17–21, bust). */
export function dealerOutcomes(up: number): Fraction[] {
  return dealerFinals()(up);
}

/** The best move for every hand and up card: the basic strategy of these rules. */
export function optimalStrategy(): Strategy {
  const finals = dealerFinals();
  const columns = UP_CARDS.map((up) => upCardAnalysis(up, finals(up)).bestAt);
  const row = (hard: number, ace: boolean, pair: number | null): Play[] =>
    columns.map((bestAt) => {
      const { move, values } = bestAt({ hard, ace, canDouble: true, pair });
      if (move === 'split') return 'P';
      if (move === 'hit') return 'H';
      if (move === 'stand') return 'S';
      return greater(values.hit!, values.stand!) ? 'Dh' : 'Ds';
    });
  const strategy: Strategy = { hard: {}, soft: {}, pairs: {} };
  for (let total = 4; total <= 20; total++) strategy.hard[total] = row(total, false, null);
  strategy.hard[21] = UP_CARDS.map(() => 'S');
  for (let total = 12; total <= 20; total++) strategy.soft[total] = row(total - 10, true, null);
  strategy.soft[21] = UP_CARDS.map(() => 'S');
  for (const value of VALUES) {
    strategy.pairs[value] = row(value * 2, value === 1, value).map((play) => (play === 'P' ? 'P' : '-'));
  }
  return strategy;
}
