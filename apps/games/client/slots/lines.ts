/**
 * The slots' geometry and the lines the client draws (ADR 047): pure functions, no renderer, so the
 * unit test can check them against the server's own lines and pays.
 */

/** The reel window on the canvas: `reels` × `rows` cells of `cell` px, `gap` between reels. */
export interface ReelLayout {
  reels: number;
  rows: number;
  cell: number;
  gap: number;
}

export interface Point {
  x: number;
  y: number;
}

/** The centre of a cell (reel from the left, row from the top) inside the window. */
export function cellCentre(layout: ReelLayout, reel: number, row: number): Point {
  return {
    x: reel * (layout.cell + layout.gap) + layout.cell / 2,
    y: row * layout.cell + layout.cell / 2,
  };
}

/** The window's size in px. */
export const windowSize = (layout: ReelLayout) => ({
  width: layout.reels * layout.cell + (layout.reels - 1) * layout.gap,
  height: layout.rows * layout.cell,
});

/**
 * A pay line as drawn: from the window's left edge through the centre of its cell on every reel to
 * the right edge (`rows[reel]` is the line's row on that reel, as the server's LINES give it).
 */
export function linePath(layout: ReelLayout, rows: readonly number[]): Point[] {
  const points = rows.map((row, reel) => cellCentre(layout, reel, row));
  const { width } = windowSize(layout);
  const first = points[0]!;
  const last = points.at(-1)!;
  return [{ x: 0, y: first.y }, ...points, { x: width, y: last.y }];
}

/** A line that pays: which line, its symbol, how many cells from the left, and what it pays. */
export interface LineWin<S extends string = string> {
  line: number;
  symbol: S;
  count: number;
  /** In line stakes. */
  pays: number;
}

/**
 * The lines that pay in a window (`window[reel][row]`): the same symbol from the leftmost reel on at
 * least `minimum` reels of a line, paid by `pays(symbol, count)` (0 or undefined: not a paying symbol).
 */
export function lineWins<S extends string>(
  window: readonly (readonly S[])[],
  lines: readonly (readonly number[])[],
  pays: (symbol: S, count: number) => number | undefined,
  minimum = 3,
): LineWin<S>[] {
  const wins: LineWin<S>[] = [];
  lines.forEach((rows, line) => {
    const first = window[0]?.[rows[0] ?? 0];
    if (first === undefined) return;
    let count = 1;
    while (count < rows.length && window[count]?.[rows[count] ?? 0] === first) count++;
    if (count < minimum) return;
    const paid = pays(first, count) ?? 0;
    if (paid > 0) wins.push({ line, symbol: first, count, pays: paid });
  });
  return wins;
}

/** The cells a set of wins covers, as `reel:row` keys (to light them). */
export function winningCells(wins: readonly LineWin[], lines: readonly (readonly number[])[]): Set<string> {
  const cells = new Set<string>();
  for (const win of wins)
    for (let reel = 0; reel < win.count; reel++) cells.add(`${reel}:${lines[win.line]![reel]}`);
  return cells;
}

/** How a win is celebrated, by its size in total stakes. */
export function winTier(win: number, stake: number): 'none' | 'win' | 'big' | 'mega' {
  if (win <= 0) return 'none';
  if (stake > 0 && win >= stake * 25) return 'mega';
  if (stake > 0 && win >= stake * 10) return 'big';
  return 'win';
}
