import { describe, expect, it } from 'vitest';
import * as classic from '../games/classic-slot.ts';
import * as video from '../games/video-slot.ts';
import { cellCentre, linePath, lineWins, winTier, windowSize } from '../../client/slots/lines.ts';
import { slotPage } from './slot.page.ts';

const entry = { script: 'x.js' };
/** The tables a slot's page hands its client (the boot JSON), as the browser parses them. */
function bootTables(game: 'classic-slot' | 'video-slot') {
  const html = slotPage(game, 'demo', entry);
  const json = /<script type="application\/json" id="boot">(.*?)<\/script>/s.exec(html)![1]!;
  return (JSON.parse(json) as { tables: { reels: string[][]; lines: number[][]; paytable: object } }).tables;
}

describe('the slots’ drawn win lines (ADR 047)', () => {
  it('hands the client exactly the server’s reels, lines and pays', () => {
    expect(bootTables('classic-slot')).toEqual({
      reels: classic.REELS,
      lines: classic.LINES,
      paytable: classic.PAYTABLE,
    });
    expect(bootTables('video-slot')).toEqual({
      reels: video.REELS,
      lines: video.LINES,
      paytable: video.PAYTABLE,
    });
  });

  it('draws each line through the centre of its row on every reel, edge to edge', () => {
    const layout = { reels: 5, rows: 3, cell: 150, gap: 10 };
    const { width } = windowSize(layout);
    expect(width).toBe(790);
    for (const rows of video.LINES) {
      const points = linePath(layout, rows);
      expect(points).toHaveLength(rows.length + 2);
      expect(points[0]).toEqual({ x: 0, y: rows[0]! * 150 + 75 });
      expect(points.at(-1)).toEqual({ x: width, y: rows.at(-1)! * 150 + 75 });
      rows.forEach((row, reel) =>
        expect(points[reel + 1]).toEqual({ x: reel * 160 + 75, y: row * 150 + 75 }),
      );
    }
    // The classic 3×3: the middle row is flat, the diagonals cross the centre cell.
    const small = { reels: 3, rows: 3, cell: 170, gap: 12 };
    expect(linePath(small, classic.LINES[1]!).map((p) => p.y)).toEqual([255, 255, 255, 255, 255]);
    expect(linePath(small, classic.LINES[3]!)[2]).toEqual(cellCentre(small, 1, 1));
  });

  it('lights the very lines the classic slot pays, on every one of its 8 000 windows', () => {
    const tables = bootTables('classic-slot') as unknown as { paytable: Record<string, number> };
    for (let a = 0; a < 20; a++)
      for (let b = 0; b < 20; b++)
        for (let c = 0; c < 20; c++) {
          const window = classic.windowAt([a, b, c]);
          const drawn = lineWins(window, classic.LINES, (symbol, count) =>
            count === 3 ? tables.paytable[symbol] : 0,
          );
          expect(drawn.map(({ line, symbol, pays }) => ({ line, symbol, pays }))).toEqual(
            classic.lineWins(window),
          );
        }
  });

  it('adds up to what the video slot pays on its lines, for every stop of the first three reels', () => {
    let paying = 0;
    for (let a = 0; a < 20; a++)
      for (let b = 0; b < 20; b++)
        for (let c = 0; c < 20; c++) {
          // The last two reels stop so as to extend runs sometimes and break them other times.
          const stops = [a, b, c, (a * 7 + c) % 20, (b * 3 + a) % 20];
          const window = video.windowAt(stops);
          const drawn = lineWins(window, video.LINES, (symbol, count) => video.PAYTABLE[symbol]?.[count - 3]);
          const scatters = window.filter((reel) => reel.includes('F')).length;
          const lines = drawn.reduce((sum, win) => sum + win.pays, 0);
          expect(lines / video.LINES.length + (video.SCATTER_PAYS[scatters] ?? 0)).toBeCloseTo(
            video.evaluate(window).pays,
            12,
          );
          for (const win of drawn)
            for (let reel = 0; reel < win.count; reel++)
              expect(window[reel]![video.LINES[win.line]![reel]!]).toBe(win.symbol);
          if (drawn.length) paying++;
        }
    expect(paying).toBeGreaterThan(100);
  });

  it('celebrates by the size of the win in total stakes', () => {
    expect(winTier(0, 1_000)).toBe('none');
    expect(winTier(3_000, 1_000)).toBe('win');
    expect(winTier(10_000, 1_000)).toBe('big');
    expect(winTier(25_000, 1_000)).toBe('mega');
  });
});
