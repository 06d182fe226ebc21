import {
  Container,
  FillGradient,
  Graphics,
  Rectangle,
  Sprite,
  type Application,
  type ColorSource,
  type Texture,
} from 'pixi.js';
import { ease, redraw, reducedMotion, tween } from '../shared/tween.ts';
import { cellCentre, linePath, windowSize, type LineWin, type ReelLayout } from './lines.ts';

/** A vertical gradient over a shape's own box (top colour to bottom colour, or several stops). */
export function vertical(...colors: ColorSource[]): FillGradient {
  return new FillGradient({
    type: 'linear',
    start: { x: 0, y: 0 },
    end: { x: 0, y: 1 },
    colorStops: colors.map((color, i) => ({ offset: i / Math.max(1, colors.length - 1), color })),
    textureSpace: 'local',
  });
}

export interface ReelSetOptions<S extends string> {
  layout: ReelLayout;
  /** Draws one symbol centred at 0,0 in a cell of `size` px (vectors: Graphics). */
  draw: (symbol: S, size: number) => Container;
  /** The symbols the reels blur past while they spin (the reel strips). */
  strips: readonly (readonly S[])[];
  /** The colours the pay lines are drawn in, by line number. */
  lineColors: readonly number[];
  lines: readonly (readonly number[])[];
}

/** Eases a reel: a short pull back, full speed, then a landing that overshoots a little and settles. */
function spinCurve(t: number): number {
  const windup = 0.07;
  if (t < windup) return -0.012 * Math.sin((Math.PI * t) / windup);
  const u = (t - windup) / (1 - windup);
  const s = 0.9;
  // Ease out with a small overshoot (back) — fast through the middle, the symbols blurring.
  return 1 + (s + 1) * (u - 1) ** 3 + s * (u - 1) ** 2;
}

/**
 * The reels: one masked column per reel that scrolls a strip of symbols downward and lands on the
 * window the server settled; sharp symbols at rest, motion-blurred ones at speed; lines and lit
 * cells for the wins. Decides nothing: it is handed the final window.
 */
export function createReels<S extends string>(app: Application, options: ReelSetOptions<S>) {
  const { layout } = options;
  const { cell } = layout;
  const size = windowSize(layout);
  const root = new Container();
  const symbolsOf = [...new Set(options.strips.flat())];

  // Each symbol once as a texture, sharp and blurred. The blurred one is five faded copies of the
  // sharp texture along the reel's motion: sprites, drawn at once, where copies of the vectors would
  // have been drawn five times over before the first frame.
  const frame = new Rectangle(-cell / 2, -cell / 2, cell, cell);
  const sharp = new Map<S, Texture>();
  const blurred = new Map<S, Texture>();
  for (const symbol of symbolsOf) {
    const texture = app.renderer.generateTexture({
      target: options.draw(symbol, cell),
      frame,
      resolution: 2,
    });
    sharp.set(symbol, texture);
    const smear = new Container();
    [-0.16, -0.08, 0, 0.08, 0.16].forEach((offset, i) => {
      const copy = new Sprite(texture);
      copy.anchor.set(0.5);
      copy.y = offset * cell;
      copy.alpha = [0.18, 0.32, 0.55, 0.32, 0.18][i]!;
      copy.scale.y = 1.06;
      smear.addChild(copy);
    });
    blurred.set(symbol, app.renderer.generateTexture({ target: smear, frame, resolution: 1 }));
    smear.destroy({ children: true });
  }

  const reels = Array.from({ length: layout.reels }, (_, r) => {
    const column = new Container();
    column.x = cellCentre(layout, r, 0).x - cell / 2;
    const mask = new Graphics().rect(column.x, 0, cell, size.height).fill(0xffffff);
    const strip = new Container();
    column.addChild(strip);
    root.addChild(column, mask);
    column.mask = mask;
    return { strip, symbols: [] as S[], sprites: [] as Sprite[] };
  });

  const overlay = new Container();
  root.addChild(overlay);

  function fill(reel: (typeof reels)[number], sequence: S[]) {
    reel.strip.removeChildren().forEach((child) => child.destroy());
    reel.symbols = sequence;
    reel.sprites = sequence.map((symbol, i) => {
      const sprite = new Sprite(sharp.get(symbol)!);
      sprite.anchor.set(0.5);
      sprite.position.set(cell / 2, i * cell + cell / 2);
      reel.strip.addChild(sprite);
      return sprite;
    });
  }

  /** Shows a window at rest (`window[reel][row]`). */
  function show(window: readonly (readonly S[])[]) {
    reels.forEach((reel, r) => {
      fill(reel, [...window[r]!]);
      reel.strip.y = 0;
    });
  }

  const lit = new Map<string, Sprite>();
  function clearWins() {
    overlay.removeChildren().forEach((child) => child.destroy({ children: true }));
    for (const sprite of lit.values()) sprite.scale.set(1);
    lit.clear();
    for (const reel of reels) for (const sprite of reel.sprites) sprite.alpha = 1;
  }

  /**
   * Spins every reel and stops them one after another, left to right, on `window`; `onStop` is
   * called as each reel lands (a click of the sound), `speed` shortens it all (turbo, quick play).
   */
  async function spin(window: readonly (readonly S[])[], speed = 1, onStop?: (reel: number) => void) {
    clearWins();
    const rows = layout.rows;
    const quick = reducedMotion();
    await Promise.all(
      reels.map(async (reel, r) => {
        const current = reel.symbols.slice(0, rows);
        const strip = options.strips[r] ?? options.strips[0]!;
        const passing = quick ? 3 : 14 + r * 5;
        const start = Math.floor(Math.random() * strip.length);
        const filler = Array.from({ length: passing }, (_, i) => strip[(start + i) % strip.length]!);
        fill(reel, [...window[r]!, ...filler, ...current]);
        const distance = (reel.symbols.length - rows) * cell;
        reel.strip.y = -distance;
        let last = -distance;
        let blurredNow = false;
        await tween(
          app.ticker,
          (900 + r * 260) / speed,
          (t) => {
            const y = -distance * (1 - t);
            // Fast enough to smear: the blurred textures; slow again: the sharp ones.
            const fast = Math.abs(y - last) > cell * 0.22;
            last = y;
            reel.strip.y = y;
            if (fast !== blurredNow) {
              blurredNow = fast;
              reel.sprites.forEach((sprite, i) => {
                sprite.texture = (fast ? blurred : sharp).get(reel.symbols[i]!)!;
              });
            }
          },
          spinCurve,
        );
        fill(reel, [...window[r]!]);
        // The landed reel, sharp, is drawn even when no tween is left to draw it (the last reel of a
        // losing spin): the ticker stops with the tweens, and a slow device's last frame was blurred.
        void redraw(app.ticker);
        onStop?.(r);
      }),
    );
  }

  /**
   * The wins: every paying line drawn over the reels in its colour with a glow, the winning symbols
   * lit and pulsing, the others dimmed. Resolves when the pulse is done (the lines stay).
   */
  async function showWins(
    wins: readonly LineWin<S>[],
    speed = 1,
    scatters: readonly [number, number][] = [],
  ) {
    clearWins();
    if (wins.length === 0 && scatters.length === 0) return;
    if (scatters.length) {
      const ring = new Graphics();
      for (const [reel, row] of scatters) {
        const { x, y } = cellCentre(layout, reel, row);
        ring.circle(x, y, cell * 0.5).stroke({ width: cell * 0.1, color: 0xc9a8ff, alpha: 0.3 });
        ring.circle(x, y, cell * 0.47).stroke({ width: cell * 0.03, color: 0xffffff });
        lit.set(`${reel}:${row}`, reels[reel]!.sprites[row]!);
      }
      overlay.addChild(ring);
    }
    for (const win of wins) {
      const color = options.lineColors[win.line % options.lineColors.length]!;
      const points = linePath(layout, options.lines[win.line]!);
      const line = new Graphics();
      for (const [width, alpha] of [
        [cell * 0.16, 0.18],
        [cell * 0.07, 0.9],
        [cell * 0.025, 1],
      ] as const) {
        line.moveTo(points[0]!.x, points[0]!.y);
        for (const point of points.slice(1)) line.lineTo(point.x, point.y);
        line.stroke({
          width,
          color: width < cell * 0.03 ? 0xffffff : color,
          alpha,
          join: 'round',
          cap: 'round',
        });
      }
      for (let reel = 0; reel < win.count; reel++) {
        const { x, y } = cellCentre(layout, reel, options.lines[win.line]![reel]!);
        line
          .roundRect(x - cell * 0.46, y - cell * 0.46, cell * 0.92, cell * 0.92, cell * 0.14)
          .stroke({ width: cell * 0.035, color, alpha: 0.95 });
        lit.set(
          `${reel}:${options.lines[win.line]![reel]}`,
          reels[reel]!.sprites[options.lines[win.line]![reel]!]!,
        );
      }
      overlay.addChild(line);
    }
    reels.forEach((reel, r) =>
      reel.sprites.forEach((sprite, row) => (sprite.alpha = lit.has(`${r}:${row}`) ? 1 : 0.45)),
    );
    const drawn = overlay.children.slice();
    drawn.forEach((child) => (child.alpha = 0));
    await tween(app.ticker, 260 / speed, (t) => drawn.forEach((child) => (child.alpha = t)));
    await tween(
      app.ticker,
      900 / speed,
      (t) => {
        const pulse = 1 + 0.12 * Math.sin(t * Math.PI * 3) * (1 - t * 0.5);
        for (const sprite of lit.values()) sprite.scale.set(pulse);
      },
      ease.linear,
    );
    for (const sprite of lit.values()) sprite.scale.set(1);
  }

  /** The window's symbols as a texture (the paytable draws them with the same art). */
  const texture = (symbol: S) => sharp.get(symbol)!;

  return { root, size, show, spin, showWins, clearWins, texture };
}

export type Reels<S extends string> = ReturnType<typeof createReels<S>>;
