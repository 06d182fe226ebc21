import type { Draws } from '@kometa/fairness';

/** Ace, king, queen, jack, ten, star, diamond; F is the scatter (free spins). */
export type VideoSymbol = 'A' | 'K' | 'Q' | 'J' | 'T' | 'S' | 'D' | 'F';

export const REELS: readonly (readonly VideoSymbol[])[] = [
  'AKQJTSADKQFJTAKQJDTS',
  'KQJTAFKQJSAKTDQJAKTQ',
  'QJTAKSQJFDKQTAJSKQTA',
  'JTAKQDJTSAKFQJTAKQSJ',
  'TAKQJSTAKDQJFTAKQJTS',
].map((strip) => [...strip] as VideoSymbol[]);

/** Three, four and five of a kind from the left on a line, in line stakes. */
export const PAYTABLE: Partial<Record<VideoSymbol, readonly [number, number, number]>> = {
  A: [18, 60, 200],
  K: [18, 50, 150],
  Q: [15, 40, 120],
  J: [12, 30, 100],
  T: [10, 30, 80],
  S: [40, 150, 600],
  D: [60, 250, 1000],
};

/** Scatters anywhere in the window pay this many total stakes; three or more start free spins. */
export const SCATTER_PAYS: Record<number, number> = { 3: 2, 4: 10, 5: 50 };
export const FREE_SPINS = 10;
export const FREE_SPIN_MULTIPLIER = 2;

/** Ten lines over the 5×3 window (row of each reel). */
export const LINES: readonly (readonly number[])[] = [
  [1, 1, 1, 1, 1],
  [0, 0, 0, 0, 0],
  [2, 2, 2, 2, 2],
  [0, 1, 2, 1, 0],
  [2, 1, 0, 1, 2],
  [0, 0, 1, 2, 2],
  [2, 2, 1, 0, 0],
  [1, 0, 0, 0, 1],
  [1, 2, 2, 2, 1],
  [0, 1, 1, 1, 0],
];

export function windowAt(stops: readonly number[]): VideoSymbol[][] {
  return REELS.map((reel, r) =>
    [0, 1, 2].map((row) => reel[((stops[r] ?? 0) + row) % reel.length] as VideoSymbol),
  );
}

/** What one spin pays in total stakes (lines at stake/10 each, scatters on the total) and the scatters. */
export function evaluate(window: VideoSymbol[][]): { pays: number; scatters: number } {
  let lineStakes = 0;
  for (const line of LINES) {
    const first = window[0]?.[line[0] ?? 0] as VideoSymbol;
    const pays = PAYTABLE[first];
    if (!pays) continue;
    let count = 1;
    while (count < 5 && window[count]?.[line[count] ?? 0] === first) count++;
    if (count >= 3) lineStakes += pays[count - 3] ?? 0;
  }
  const scatters = window.filter((reel) => reel.includes('F')).length;
  return { pays: lineStakes / LINES.length + (SCATTER_PAYS[scatters] ?? 0), scatters };
}

/**
 * One paid spin; three or more scatters start ten free spins at double wins (retriggering), all
 * played within the same round from the same draws.
 */
export function play(_choice: Record<string, never>, stake: number, draws: Draws) {
  const spin = () => windowAt(REELS.map((reel) => draws.int(reel.length)));
  const base = spin();
  const first = evaluate(base);
  let win = Math.floor(first.pays * stake);
  const freeSpins: { window: VideoSymbol[][]; win: number }[] = [];
  let remaining = first.scatters >= 3 ? FREE_SPINS : 0;
  while (remaining > 0) {
    remaining--;
    const window = spin();
    const result = evaluate(window);
    const paid = Math.floor(result.pays * stake * FREE_SPIN_MULTIPLIER);
    freeSpins.push({ window, win: paid });
    win += paid;
    if (result.scatters >= 3) remaining += FREE_SPINS;
  }
  return { window: base, freeSpins, win };
}

/** Exact rationals for the RTP (BigInt numerator / denominator). */
class Fraction {
  constructor(
    readonly n: bigint,
    readonly d: bigint,
  ) {}
  static of(n: number | bigint, d: number | bigint = 1n) {
    return new Fraction(BigInt(n), BigInt(d)).reduced();
  }
  reduced(): Fraction {
    const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));
    const g = gcd(this.n, this.d) || 1n;
    return new Fraction(this.n / g, this.d / g);
  }
  plus(o: Fraction) {
    return new Fraction(this.n * o.d + o.n * this.d, this.d * o.d).reduced();
  }
  times(o: Fraction) {
    return new Fraction(this.n * o.n, this.d * o.d).reduced();
  }
  minus(o: Fraction) {
    return this.plus(new Fraction(-o.n, o.d));
  }
  over(o: Fraction) {
    return new Fraction(this.n * o.d, this.d * o.n).reduced();
  }
}

/**
 * The exact RTP, analytically: every reel stops uniformly and independently, so a symbol shows at any
 * row of reel i with probability count/20. Base game = line wins (first k of a line alike, the next
 * not) + scatter pays; a paid spin starts free spins with probability p (three or more reels showing
 * a scatter), and a free-spin run lasts 10 / (1 − 10p) spins on average (each spin retriggers with p).
 */
export function exactRtp(): { base: Fraction; trigger: Fraction; total: Fraction } {
  const length = BigInt(REELS[0]!.length);
  const chance = (symbol: VideoSymbol, reel: number) =>
    Fraction.of(REELS[reel]!.filter((s) => s === symbol).length, length);
  let lines = Fraction.of(0);
  for (const [symbol, pays] of Object.entries(PAYTABLE) as [VideoSymbol, readonly number[]][]) {
    const p = [0, 1, 2, 3, 4].map((reel) => chance(symbol, reel));
    const one = Fraction.of(1);
    const run = (k: number) => p.slice(0, k).reduce((a, b) => a.times(b), one);
    lines = lines
      .plus(Fraction.of(pays[0]!).times(run(3)).times(one.minus(p[3]!)))
      .plus(Fraction.of(pays[1]!).times(run(4)).times(one.minus(p[4]!)))
      .plus(Fraction.of(pays[2]!).times(run(5)));
  }
  // Lines are paid at stake/10 each, ten lines: per unit of total stake the line part is `lines`.
  const shows = REELS.map((reel) =>
    Fraction.of(
      reel.filter((_, stop) => [0, 1, 2].some((row) => reel[(stop + row) % reel.length] === 'F')).length,
      reel.length,
    ),
  );
  let distribution = [Fraction.of(1)];
  for (const q of shows) {
    const next = Array.from({ length: distribution.length + 1 }, () => Fraction.of(0));
    distribution.forEach((v, k) => {
      next[k] = next[k]!.plus(v.times(Fraction.of(1).minus(q)));
      next[k + 1] = next[k + 1]!.plus(v.times(q));
    });
    distribution = next;
  }
  const trigger = [3, 4, 5].reduce((sum, k) => sum.plus(distribution[k]!), Fraction.of(0));
  const scatter = [3, 4, 5].reduce(
    (sum, k) => sum.plus(distribution[k]!.times(Fraction.of(SCATTER_PAYS[k]!))),
    Fraction.of(0),
  );
  const base = lines.plus(scatter);
  const spins = Fraction.of(FREE_SPINS).over(Fraction.of(1).minus(Fraction.of(FREE_SPINS).times(trigger)));
  const total = base.plus(trigger.times(spins).times(Fraction.of(FREE_SPIN_MULTIPLIER)).times(base));
  return { base, trigger, total };
}
