import type { Draws } from '@kometa/fairness';

/** Cherry, lemon, plum, bell, seven. */
export type SlotSymbol = 'C' | 'L' | 'P' | 'B' | 'S';

/** The three reel strips (20 stops each); the window shows three consecutive stops of each reel. */
export const REELS: readonly (readonly SlotSymbol[])[] = [
  [...'CLPLCBLPCSLPBCLPCLBP'],
  [...'LCPBLCPLSCLPBLCPLCBP'],
  [...'PLCBLPCLSPLCBLPCLPBC'],
] as SlotSymbol[][];

/** Three of a kind on a line pays this many line stakes. */
export const PAYTABLE: Record<SlotSymbol, number> = { C: 15, L: 12, P: 16, B: 40, S: 200 };

/** Rows 0–2 of reels 0–2: the three rows and the two diagonals. */
export const LINES: readonly (readonly [number, number, number])[] = [
  [0, 0, 0],
  [1, 1, 1],
  [2, 2, 2],
  [0, 1, 2],
  [2, 1, 0],
];

/** The total stake is spread evenly over the five lines, so it must be a multiple of 5. */
export const LINE_COUNT = LINES.length;

export function windowAt(stops: readonly number[]): SlotSymbol[][] {
  return REELS.map((reel, r) =>
    [0, 1, 2].map((row) => reel[((stops[r] ?? 0) + row) % reel.length] as SlotSymbol),
  );
}

/** The lines that pay, and the total in line stakes. */
export function lineWins(window: SlotSymbol[][]): { line: number; symbol: SlotSymbol; pays: number }[] {
  const wins: { line: number; symbol: SlotSymbol; pays: number }[] = [];
  LINES.forEach((rows, line) => {
    const [a, b, c] = rows.map((row, reel) => window[reel]?.[row]);
    if (a !== undefined && a === b && b === c) wins.push({ line, symbol: a, pays: PAYTABLE[a] });
  });
  return wins;
}

export function play(_choice: Record<string, never>, stake: number, draws: Draws) {
  const stops = REELS.map((reel) => draws.int(reel.length));
  const window = windowAt(stops);
  const wins = lineWins(window);
  const lineStake = stake / LINE_COUNT;
  return { stops, window, wins, win: wins.reduce((sum, w) => sum + w.pays * lineStake, 0) };
}

/**
 * The exact return over the full reel cycle (every combination of stops, 20 × 20 × 20), per unit of
 * total stake, as a reduced fraction.
 */
export function exactRtp(): { numerator: bigint; denominator: bigint } {
  let paid = 0n;
  let combinations = 0n;
  const [a, b, c] = REELS.map((reel) => reel.length) as [number, number, number];
  for (let x = 0; x < a; x++)
    for (let y = 0; y < b; y++)
      for (let z = 0; z < c; z++) {
        combinations++;
        for (const win of lineWins(windowAt([x, y, z]))) paid += BigInt(win.pays);
      }
  const denominator = combinations * BigInt(LINE_COUNT);
  const gcd = (p: bigint, q: bigint): bigint => (q === 0n ? p : gcd(q, p % q));
  const g = gcd(paid, denominator);
  return { numerator: paid / g, denominator: denominator / g };
}
