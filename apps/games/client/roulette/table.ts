import { Container, FillGradient, Graphics, Text, type Application } from 'pixi.js';
import { redraw, tween } from '../shared/tween.ts';
import { colourOf, keyOf, tableOf, type Orientation, type Rect, type Spot, type Table } from './layout.ts';

/** The chips, by value in kopecks, with their colours (face, edge stripes). */
export const CHIPS = [
  { value: 100, face: 0xe8e9ef, edge: 0x5a6275, ink: 0x1b1f2a },
  { value: 500, face: 0xd8283a, edge: 0xffffff, ink: 0xffffff },
  { value: 1_000, face: 0x2a64d8, edge: 0xffffff, ink: 0xffffff },
  { value: 2_500, face: 0x1c9a52, edge: 0xffffff, ink: 0xffffff },
  { value: 10_000, face: 0x23252d, edge: 0xffc83d, ink: 0xffc83d },
  { value: 50_000, face: 0x7a3ee0, edge: 0xffffff, ink: 0xffffff },
] as const;

const chipFor = (amount: number) => [...CHIPS].reverse().find((chip) => amount >= chip.value) ?? CHIPS[0];

const CELL = {
  red: [0xe2474d, 0xa5141e],
  black: [0x363a47, 0x121419],
  green: [0x22b463, 0x0c6a34],
} as const;

/** A top-to-bottom gradient, made once per pair of colours (each is a texture). */
const gradients = new Map<string, FillGradient>();
const vertical = (top: number, bottom: number) => {
  const key = `${top}-${bottom}`;
  const found = gradients.get(key);
  if (found) return found;
  const made = new FillGradient({
    type: 'linear',
    start: { x: 0, y: 0 },
    end: { x: 0, y: 1 },
    colorStops: [
      { offset: 0, color: top },
      { offset: 1, color: bottom },
    ],
  });
  gradients.set(key, made);
  return made;
};

/** A chip of radius r: the face, six stripes on the edge, an inlaid ring, the amount. */
export function chipArt(r: number, amount: number, text: string): Container {
  const chip = chipFor(amount);
  const c = new Container();
  const g = new Graphics()
    .circle(0, r * 0.12, r)
    .fill({ color: 0x000000, alpha: 0.45 })
    .circle(0, 0, r)
    .fill(chip.face);
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2;
    const w = 0.22;
    g.moveTo(Math.cos(a - w) * r, Math.sin(a - w) * r)
      .arc(0, 0, r, a - w, a + w)
      .lineTo(Math.cos(a + w) * r * 0.74, Math.sin(a + w) * r * 0.74)
      .arc(0, 0, r * 0.74, a + w, a - w, true)
      .closePath()
      .fill(chip.edge);
  }
  g.circle(0, 0, r * 0.68)
    .fill(chip.face)
    .circle(0, 0, r * 0.68)
    .stroke({ width: Math.max(1, r * 0.08), color: chip.edge, alpha: 0.85 })
    .ellipse(-r * 0.25, -r * 0.38, r * 0.4, r * 0.18)
    .fill({ color: 0xffffff, alpha: 0.18 });
  const label = new Text({
    text,
    style: { fontFamily: 'system-ui, sans-serif', fontSize: r * 0.62, fontWeight: '800', fill: chip.ink },
  });
  label.anchor.set(0.5);
  label.resolution = 2;
  if (label.width > r * 1.25) label.scale.set((r * 1.25) / label.width);
  c.addChild(g, label);
  return c;
}

/** What the chips on the table show, as a key: each bet's spot, stake and result. */
const chipsOf = (bets: readonly PlacedBet[]) =>
  bets.map((bet) => `${keyOf(bet.spot.numbers)}:${bet.stake}:${bet.won ?? ''}`).join(' ');

export interface PlacedBet {
  spot: Spot;
  stake: number;
  /** After a spin: what this bet returned (0 lost), or undefined while the bet waits. */
  won?: number;
}

/**
 * The betting table drawn by the renderer: the felt, the numbers in red, black and green, dozens,
 * columns and the outside boxes, the chips on their spots, the number that came up and the win on
 * each winning bet.
 */
export function createTable(
  app: Application,
  labels: Record<string, string>,
  short: (amount: number) => string,
) {
  const root = new Container();
  const felt = new Graphics();
  const boxes = new Container();
  const marks = new Graphics();
  const chips = new Container();
  root.addChild(felt, boxes, marks, chips);
  let table: Table = tableOf('lying');
  let frame: Rect = { x: 0, y: 0, w: 1, h: 1 };
  let sx = 1;
  let sy = 1;
  let hovered: number[] = [];
  let winning: number | null = null;
  let bets: PlacedBet[] = [];

  const px = (r: Rect): Rect => ({ x: frame.x + r.x * sx, y: frame.y + r.y * sy, w: r.w * sx, h: r.h * sy });

  function draw() {
    const pad = Math.min(sx, sy) * 0.18;
    felt
      .clear()
      .roundRect(frame.x - pad, frame.y - pad, frame.w + pad * 2, frame.h + pad * 2, pad * 2)
      .fill(vertical(0x12704a, 0x0a4a30))
      .roundRect(frame.x - pad, frame.y - pad, frame.w + pad * 2, frame.h + pad * 2, pad * 2)
      .stroke({ width: Math.max(1.5, pad * 0.35), color: 0xd9b45a, alpha: 0.9 });
    boxes.cacheAsTexture(false);
    boxes.removeChildren().forEach((child) => child.destroy({ children: true }));
    const unit = Math.min(sx, sy);
    for (const box of table.boxes) {
      const r = px(box.rect);
      const g = new Graphics();
      const inset = unit * 0.06;
      if (box.kind === 'straight') {
        const [top, bottom] = CELL[colourOf(box.numbers[0]!)];
        g.roundRect(r.x + inset, r.y + inset, r.w - inset * 2, r.h - inset * 2, unit * 0.12)
          .fill(vertical(top, bottom))
          .roundRect(r.x + inset, r.y + inset, r.w - inset * 2, (r.h - inset * 2) * 0.45, unit * 0.12)
          .fill({ color: 0xffffff, alpha: 0.07 });
      }
      g.rect(r.x, r.y, r.w, r.h).stroke({ width: Math.max(1, unit * 0.025), color: 0xf4e7c2, alpha: 0.55 });
      if (box.kind === 'red' || box.kind === 'black') {
        const d = Math.min(r.w, r.h) * 0.3;
        const [top, bottom] = CELL[box.kind];
        g.poly([
          r.x + r.w / 2,
          r.y + r.h / 2 - d,
          r.x + r.w / 2 + d * 1.4,
          r.y + r.h / 2,
          r.x + r.w / 2,
          r.y + r.h / 2 + d,
          r.x + r.w / 2 - d * 1.4,
          r.y + r.h / 2,
        ])
          .fill(vertical(top, bottom))
          .stroke({ width: Math.max(1, unit * 0.03), color: 0xf4e7c2, alpha: 0.7 });
      }
      boxes.addChild(g);
      if (box.kind === 'red' || box.kind === 'black') continue;
      const text = new Text({
        text: labels[box.label] ?? box.label,
        style: {
          fontFamily: 'system-ui, sans-serif',
          fontSize: Math.max(10, unit * (box.kind === 'straight' ? 0.42 : 0.34)),
          fontWeight: box.kind === 'straight' ? '800' : '700',
          fill: 0xf7f3e6,
        },
      });
      text.anchor.set(0.5);
      text.resolution = 2;
      text.position.set(r.x + r.w / 2, r.y + r.h / 2);
      if (text.width > r.w * 0.86) text.scale.set((r.w * 0.86) / text.width);
      boxes.addChild(text);
    }
    boxes.cacheAsTexture({ resolution: Math.max(app.renderer.resolution, 1.5), antialias: true });
    drawMarks();
    drawChips();
  }

  /** The numbers under the pointer's spot, and the number that came up. */
  function drawMarks() {
    marks.clear();
    const unit = Math.min(sx, sy);
    for (const box of table.boxes) {
      if (box.kind !== 'straight') continue;
      const n = box.numbers[0]!;
      const r = px(box.rect);
      if (hovered.includes(n)) marks.rect(r.x, r.y, r.w, r.h).fill({ color: 0xffffff, alpha: 0.22 });
      if (n === winning)
        marks
          .rect(r.x + 1, r.y + 1, r.w - 2, r.h - 2)
          .fill({ color: 0xffd35a, alpha: 0.25 })
          .stroke({ width: Math.max(2, unit * 0.07), color: 0xffd35a });
    }
  }

  /**
   * The chips on the table, by spot. A chip is drawn again only when its stake or its size changed,
   * and a spin's result only adds a ring and the win to the chips that won and dims those that lost:
   * placing a chip or landing a spin draws what changed, not every chip on the felt again.
   */
  const shown = new Map<string, { art: Container; look: string; result: string; marks: Container[] }>();

  function showResult(entry: { art: Container; marks: Container[] }, won: number | undefined, r: number) {
    for (const mark of entry.marks) mark.destroy({ children: true });
    entry.marks = [];
    entry.art.alpha = won === 0 ? 0.35 : 1;
    if (!won) return;
    const ring = new Graphics().circle(0, 0, r * 1.22).stroke({ width: r * 0.18, color: 0xffd35a });
    entry.art.addChildAt(ring, 0);
    const win = new Text({
      text: `+${short(won)}`,
      style: {
        fontFamily: 'system-ui, sans-serif',
        fontSize: r * 0.8,
        fontWeight: '800',
        fill: 0xffe08a,
        stroke: { color: 0x1b1203, width: r * 0.22 },
      },
    });
    win.anchor.set(0.5, 1);
    win.resolution = 2;
    win.position.set(0, -r * 1.15);
    entry.art.addChild(win);
    entry.marks = [ring, win];
  }

  function drawChips() {
    const r = Math.max(9, Math.min(22, Math.min(sx, sy) * 0.36));
    const placed = new Set<string>();
    for (const bet of bets) {
      const spot = keyOf(bet.spot.numbers);
      placed.add(spot);
      const look = `${bet.stake}@${r}`;
      let entry = shown.get(spot);
      if (entry && entry.look !== look) {
        entry.art.destroy({ children: true });
        entry = undefined;
      }
      if (!entry) {
        entry = { art: chipArt(r, bet.stake, short(bet.stake)), look, result: '', marks: [] };
        chips.addChild(entry.art);
        shown.set(spot, entry);
      }
      entry.art.position.set(frame.x + bet.spot.at.x * sx, frame.y + bet.spot.at.y * sy);
      const result = String(bet.won ?? '');
      if (entry.result !== result) {
        showResult(entry, bet.won, r);
        entry.result = result;
      }
    }
    for (const [spot, entry] of shown) {
      if (placed.has(spot)) continue;
      entry.art.destroy({ children: true });
      shown.delete(spot);
    }
    void redraw(app.ticker);
  }

  return {
    root,
    get table() {
      return table;
    },
    /** Draws the table in `orientation` into `area` (pixels); cells may be wider than tall. */
    layout(area: Rect, orientation: Orientation) {
      table = tableOf(orientation);
      frame = area;
      sx = area.w / table.w;
      sy = area.h / table.h;
      draw();
    },
    /** A spot's tap area in pixels (for the DOM button over it), never thinner than a fingertip's edge. */
    areaOf(spot: Spot): Rect {
      const r = px(spot.area);
      const min = 14;
      const w = Math.max(r.w, min);
      const h = Math.max(r.h, min);
      return { x: r.x - (w - r.w) / 2, y: r.y - (h - r.h) / 2, w, h };
    },
    hover(numbers: number[]) {
      hovered = numbers;
      drawMarks();
      void redraw(app.ticker);
    },
    setBets(next: PlacedBet[], pocket: number | null = null) {
      // The chips (their art and lettering) are drawn again only when a bet or its result changed:
      // a spin that starts with the same bets only locks the table.
      const drawn = chipsOf(bets);
      bets = next;
      winning = pocket;
      drawMarks();
      if (chipsOf(next) !== drawn) drawChips();
    },
    /** A chip landing on a spot: drops in from a little above. */
    async drop(spot: Spot) {
      const art = shown.get(keyOf(spot.numbers))?.art;
      if (!art) return;
      const y = art.position.y;
      await tween(app.ticker, 160, (t) => {
        art.position.y = y - (1 - t) * Math.min(sx, sy) * 0.3;
        art.alpha = 0.4 + t * 0.6;
      });
    },
  };
}

export type BettingTable = ReturnType<typeof createTable>;
