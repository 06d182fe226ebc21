import { lineWins } from '../slots/lines.ts';
import { runSlot, slotTables } from '../slots/slot.ts';
import { drawVideo, videoScene, type VideoSymbol } from './art.ts';

/** The server's reels, lines and pays, handed over by the page (one source of truth: src/games). */
const { reels: REELS, lines: LINES, paytable: PAYTABLE } = slotTables<VideoSymbol, readonly number[]>();

interface VideoOutcome {
  window: VideoSymbol[][];
  freeSpins: { window: VideoSymbol[][]; win: number }[];
  win: number;
}

const cell = 150;
const gap = 10;
const layout = { reels: 5, rows: 3, cell, gap };
const reelsAt = { x: (1000 - (5 * cell + 4 * gap)) / 2, y: 150 };
const windowAt = (stops: number[]) =>
  REELS.map((reel, r) => [0, 1, 2].map((row) => reel[(stops[r]! + row) % reel.length]!));

/** «Звёздные барабаны» (ADR 047): 5×3, ten lines, the comet scatter starts ten free spins at ×2. */
await runSlot<VideoSymbol, VideoOutcome>({
  code: 'video-slot',
  layout,
  strips: REELS,
  lines: LINES,
  lineColors: [
    0xffd24a, 0x3fe0ff, 0xff5ad1, 0x6bff7a, 0xff8a3a, 0xb98cff, 0xff4b6b, 0x4bffd8, 0xfff07a, 0x7ab8ff,
  ],
  multipleOf: LINES.length,
  world: { width: 1000, height: 700 },
  reelsAt,
  scene: (back, front, title) =>
    videoScene(back, front, title, { ...reelsAt, w: 5 * cell + 4 * gap, h: 3 * cell }),
  draw: drawVideo,
  spins(outcome) {
    const feature = outcome.freeSpins.reduce((sum, spin) => sum + spin.win, 0);
    return [{ window: outcome.window, win: outcome.win - feature }, ...outcome.freeSpins];
  },
  wins: (window) => lineWins(window, LINES, (symbol, count) => PAYTABLE[symbol]?.[count - 3]),
  scatters: (window) =>
    window.filter((reel) => reel.includes('F')).length >= 3
      ? window.flatMap((reel, r) =>
          reel.flatMap((s, row) => (s === 'F' ? [[r, row] as [number, number]] : [])),
        )
      : [],
  async recompute(draws, outcome) {
    const windows: VideoSymbol[][][] = [];
    for (let spin = 0; spin <= outcome.freeSpins.length; spin++) {
      const stops: number[] = [];
      for (const reel of REELS) stops.push(await draws.int(reel.length));
      windows.push(windowAt(stops));
    }
    return windows;
  },
  paytable: [
    { symbol: 'F', pays: '' },
    ...(['D', 'S', 'A', 'K', 'Q', 'J', 'T'] as const).map((symbol) => ({
      symbol,
      pays: `3 — ×${PAYTABLE[symbol]![0]}, 4 — ×${PAYTABLE[symbol]![1]}, 5 — ×${PAYTABLE[symbol]![2]}`,
    })),
  ],
});
