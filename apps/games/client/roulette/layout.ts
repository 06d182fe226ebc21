/**
 * The European roulette table in grid units, and the spot under every point of it: each number, the
 * lines between numbers (split), the outer edge of a row (street), the crossings (corner, six line,
 * trio, first four) and the outside boxes. Pure geometry, shared by the renderer, the DOM spots and
 * the tests. Lying (desktop): zero on the left, 12 columns of three, 14 × 5 units. Standing (phone):
 * the same table turned so zero is on top and the outside bets run down the left, 5 × 14 units.
 */

export type SpotKind =
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

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A place to put chips: the numbers it covers, the area a tap hits, the point the chips sit on. */
export interface Spot {
  kind: SpotKind;
  numbers: number[];
  area: Rect;
  at: { x: number; y: number };
}

/** A painted box of the table: a number, a dozen, a column or an outside bet. */
export interface Box {
  kind: SpotKind;
  numbers: number[];
  rect: Rect;
  /** The number, or what the box says (the page's labels fill in outside boxes). */
  label: string;
}

export type Orientation = 'lying' | 'standing';

export const RED_NUMBERS = [1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36];
export const WHEEL_ORDER = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22,
  18, 29, 7, 28, 12, 35, 3, 26,
];

export const colourOf = (n: number): 'green' | 'red' | 'black' =>
  n === 0 ? 'green' : RED_NUMBERS.includes(n) ? 'red' : 'black';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Lying size in units. */
const LYING = { w: 14, h: 5 };
/** How thick the hit area of a line or a crossing is, in units. */
const EDGE = 0.34;

/** Where number n lies (lying): its column 0–11 and row 0 (top: 3, 6, …) to 2 (bottom: 1, 4, …). */
const columnOf = (n: number) => Math.floor((n - 1) / 3);
const rowOf = (n: number) => 2 - ((n - 1) % 3);

const OUTSIDE: SpotKind[] = ['low', 'even', 'red', 'black', 'odd', 'high'];

function outsideNumbers(kind: SpotKind): number[] {
  const all = range(1, 36);
  if (kind === 'red') return RED_NUMBERS;
  if (kind === 'black') return all.filter((n) => !RED_NUMBERS.includes(n));
  if (kind === 'odd') return all.filter((n) => n % 2 === 1);
  if (kind === 'even') return all.filter((n) => n % 2 === 0);
  if (kind === 'low') return range(1, 18);
  return range(19, 36);
}

/** The table's painted boxes, lying. */
function lyingBoxes(): Box[] {
  const boxes: Box[] = [{ kind: 'straight', numbers: [0], rect: { x: 0, y: 0, w: 1, h: 3 }, label: '0' }];
  for (const n of range(1, 36))
    boxes.push({
      kind: 'straight',
      numbers: [n],
      rect: { x: 1 + columnOf(n), y: rowOf(n), w: 1, h: 1 },
      label: String(n),
    });
  for (const c of [1, 2, 3])
    boxes.push({
      kind: 'column',
      numbers: range(1, 36).filter((n) => n % 3 === c % 3),
      rect: { x: 13, y: 3 - c, w: 1, h: 1 },
      label: '2:1',
    });
  for (const d of [0, 1, 2])
    boxes.push({
      kind: 'dozen',
      numbers: range(d * 12 + 1, d * 12 + 12),
      rect: { x: 1 + 4 * d, y: 3, w: 4, h: 1 },
      label: `${d * 12 + 1}–${d * 12 + 12}`,
    });
  OUTSIDE.forEach((kind, i) =>
    boxes.push({
      kind,
      numbers: outsideNumbers(kind),
      rect: { x: 1 + 2 * i, y: 4, w: 2, h: 1 },
      label: kind,
    }),
  );
  return boxes;
}

const around = (x: number, y: number, w = EDGE, h = EDGE): Rect => ({ x: x - w / 2, y: y - h / 2, w, h });

/** Every spot, lying, in the order they are stacked: a later spot lies over an earlier one. */
function lyingSpots(): Spot[] {
  const spots: Spot[] = lyingBoxes().map((box) => ({
    kind: box.kind,
    numbers: box.numbers,
    area: box.rect,
    at: { x: box.rect.x + box.rect.w / 2, y: box.rect.y + box.rect.h / 2 },
  }));
  const add = (kind: SpotKind, numbers: number[], area: Rect, x: number, y: number) =>
    spots.push({ kind, numbers, area, at: { x, y } });
  // Splits with zero, the trios and the first four, on zero's edge.
  for (const n of [1, 2, 3]) add('split', [0, n], around(1, rowOf(n) + 0.5, EDGE, 0.6), 1, rowOf(n) + 0.5);
  add('trio', [0, 1, 2], around(1, 2), 1, 2);
  add('trio', [0, 2, 3], around(1, 1), 1, 1);
  add('first-four', [0, 1, 2, 3], around(1, 3), 1, 3);
  for (const n of range(1, 36)) {
    const x = 1 + columnOf(n);
    const y = rowOf(n);
    // On the line to the next column.
    if (n <= 33) add('split', [n, n + 3], around(x + 1, y + 0.5, EDGE, 0.6), x + 1, y + 0.5);
    // On the line to the number above.
    if (n % 3 !== 0) add('split', [n, n + 1], around(x + 0.5, y, 0.6, EDGE), x + 0.5, y);
    // On the outer edge under a row of three, and where that edge meets the next column.
    if (n % 3 === 1) add('street', [n, n + 1, n + 2], around(x + 0.5, 3, 0.6, EDGE), x + 0.5, 3);
    if (n % 3 === 1 && n <= 31) add('line', range(n, n + 5), around(x + 1, 3), x + 1, 3);
    // Where four numbers meet.
    if (n % 3 !== 0 && n <= 32) add('corner', [n, n + 1, n + 3, n + 4], around(x + 1, y), x + 1, y);
  }
  return spots;
}

/** Turns a lying rectangle to standing: zero at the top, the outside bets down the left. */
const stand = (r: Rect): Rect => ({ x: LYING.h - (r.y + r.h), y: r.x, w: r.h, h: r.w });

export interface Table {
  orientation: Orientation;
  /** Size in units. */
  w: number;
  h: number;
  boxes: Box[];
  spots: Spot[];
}

/** The table in the orientation asked for (the geometry is the same; standing is the lying one turned). */
export function tableOf(orientation: Orientation): Table {
  const boxes = lyingBoxes();
  const spots = lyingSpots();
  if (orientation === 'lying') return { orientation, ...LYING, boxes, spots };
  return {
    orientation,
    w: LYING.h,
    h: LYING.w,
    boxes: boxes.map((box) => ({ ...box, rect: stand(box.rect) })),
    spots: spots.map((spot) => ({
      ...spot,
      area: stand(spot.area),
      at: { x: LYING.h - spot.at.y, y: spot.at.x },
    })),
  };
}

const inside = (r: Rect, x: number, y: number) => x >= r.x && x <= r.x + r.w && y >= r.y && y <= r.y + r.h;

/** The spot a tap at (x, y) units places its chip on: the topmost whose area holds the point. */
export function spotAt(table: Table, x: number, y: number): Spot | undefined {
  for (let i = table.spots.length - 1; i >= 0; i--)
    if (inside(table.spots[i]!.area, x, y)) return table.spots[i];
  return undefined;
}

/** A bet's key: its numbers in order (the server knows a bet by the numbers it covers). */
export const keyOf = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join(',');

/** The chips a player bets with, in kopecks (1, 5, 10, 25, 100 and 500 ₽). */
export const CHIP_VALUES = [100, 500, 1_000, 2_500, 10_000, 50_000] as const;
