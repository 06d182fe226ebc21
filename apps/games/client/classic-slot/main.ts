import { lineWins } from '../slots/lines.ts';
import { runSlot, slotTables } from '../slots/slot.ts';
import { classicScene, drawClassic, type ClassicSymbol as SlotSymbol } from './art.ts';

/** The server's reels, lines and pays, handed over by the page (one source of truth: src/games). */
const { reels: REELS, lines: LINES, paytable: PAYTABLE } = slotTables<SlotSymbol, number>();

interface ClassicOutcome {
  stops: number[];
  window: SlotSymbol[][];
  win: number;
}

const layout = { reels: 3, rows: 3, cell: 170, gap: 12 };
const reelsAt = { x: 93, y: 200 };

/** The classic slot 3×3 (ADR 047): five lines, three of a kind pays. */
await runSlot<SlotSymbol, ClassicOutcome>({
  code: 'classic-slot',
  layout,
  strips: REELS,
  lines: LINES,
  lineColors: [0xffd24a, 0x3fe0ff, 0xff5ad1, 0x6bff7a, 0xff8a3a],
  multipleOf: LINES.length,
  world: { width: 720, height: 800 },
  reelsAt,
  scene: (back, front, title) =>
    classicScene(back, front, title, { x: reelsAt.x, y: reelsAt.y, w: 3 * 170 + 24, h: 3 * 170 }),
  draw: drawClassic,
  spins: (outcome) => [{ window: outcome.window, win: outcome.win }],
  wins: (window) => lineWins(window, LINES, (symbol, count) => (count === 3 ? PAYTABLE[symbol] : 0)),
  async recompute(draws) {
    const stops: number[] = [];
    for (const reel of REELS) stops.push(await draws.int(reel.length));
    return [REELS.map((reel, r) => [0, 1, 2].map((row) => reel[(stops[r]! + row) % reel.length]!))];
  },
  paytable: (['S', 'B', 'P', 'C', 'L'] as const).map((symbol) => ({
    symbol,
    pays: `3 — ×${PAYTABLE[symbol]}`,
  })),
});
