import { Container, Graphics, Text } from 'pixi.js';

/**
 * Playing cards drawn as vectors (ADR 049): suit pips as paths, the corner indices, the pips laid out
 * as on a real deck, court cards with a drawn crown, diadem or plumed cap over their monogram, and a
 * patterned back. A card is `w` wide, 1.4 × `w` tall, centred at 0,0. Cards are 0–51: suit × 13 + rank.
 */

const RED = 0xd22f45;
const INK = 0x1b1f33;
const GOLD = 0xe8b64c;
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];

export const suitOf = (card: number) => Math.floor(card / 13);
export const rankOf = (card: number) => card % 13;
const isRed = (card: number) => suitOf(card) === 1 || suitOf(card) === 2;

/** One suit pip of height `s` centred at x,y (0 spades, 1 hearts, 2 diamonds, 3 clubs). */
export function pip(g: Graphics, suit: number, x: number, y: number, s: number, flip = false) {
  const d = flip ? -1 : 1;
  const color = suit === 1 || suit === 2 ? RED : INK;
  const h = s / 2;
  if (suit === 2) {
    g.poly([x, y - h, x + h * 0.72, y, x, y + h, x - h * 0.72, y]).fill(color);
    return;
  }
  if (suit === 1 || suit === 0) {
    // A heart (a spade is one upside down with a stem).
    const k = suit === 1 ? d : -d;
    const top = y - h * 0.55 * k;
    g.moveTo(x, y + h * 0.95 * k)
      .bezierCurveTo(x - h * 0.35, y + h * 0.55 * k, x - h * 1.05, y + h * 0.2 * k, x - h * 0.95, top)
      .bezierCurveTo(x - h * 0.85, y - h * 1.05 * k, x - h * 0.1, y - h * 1.05 * k, x, top + h * 0.15 * k)
      .bezierCurveTo(x + h * 0.1, y - h * 1.05 * k, x + h * 0.85, y - h * 1.05 * k, x + h * 0.95, top)
      .bezierCurveTo(x + h * 1.05, y + h * 0.2 * k, x + h * 0.35, y + h * 0.55 * k, x, y + h * 0.95 * k)
      .closePath()
      .fill(color);
    if (suit === 0)
      g.poly([x, y + h * 0.2 * d, x + h * 0.38, y + h * 1.05 * d, x - h * 0.38, y + h * 1.05 * d]).fill(
        color,
      );
    return;
  }
  // Clubs: three leaves and a stem.
  const r = h * 0.46;
  g.circle(x, y - h * 0.42 * d, r).fill(color);
  g.circle(x - h * 0.5, y + h * 0.2 * d, r).fill(color);
  g.circle(x + h * 0.5, y + h * 0.2 * d, r).fill(color);
  g.circle(x, y + h * 0.05 * d, r * 0.6).fill(color);
  g.poly([x, y, x + h * 0.36, y + h * 1.0 * d, x - h * 0.36, y + h * 1.0 * d]).fill(color);
}

/** Where a number card's pips lie, in fractions of the pip field (x −1…1, y −1…1). */
const LAYOUTS: Record<number, [number, number][]> = {
  2: [
    [0, -1],
    [0, 1],
  ],
  3: [
    [0, -1],
    [0, 0],
    [0, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
  7: [
    [-1, -1],
    [1, -1],
    [0, -0.5],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
  8: [
    [-1, -1],
    [1, -1],
    [0, -0.5],
    [-1, 0],
    [1, 0],
    [0, 0.5],
    [-1, 1],
    [1, 1],
  ],
  9: [
    [-1, -1],
    [1, -1],
    [-1, -1 / 3],
    [1, -1 / 3],
    [0, 0],
    [-1, 1 / 3],
    [1, 1 / 3],
    [-1, 1],
    [1, 1],
  ],
  10: [
    [-1, -1],
    [1, -1],
    [0, -2 / 3],
    [-1, -1 / 3],
    [1, -1 / 3],
    [-1, 1 / 3],
    [1, 1 / 3],
    [0, 2 / 3],
    [-1, 1],
    [1, 1],
  ],
};

function paper(g: Graphics, w: number, h: number) {
  const r = w * 0.09;
  g.roundRect(-w / 2 + w * 0.02, -h / 2 + w * 0.05, w, h, r).fill({ color: 0x000000, alpha: 0.28 });
  g.roundRect(-w / 2, -h / 2, w, h, r).fill(0xfdfbf4);
  g.roundRect(-w / 2, -h / 2 + h * 0.55, w, h * 0.45, r).fill({ color: 0xeae4d3, alpha: 0.45 });
  g.roundRect(-w / 2, -h / 2, w, h, r).stroke({ width: Math.max(1, w * 0.012), color: 0xc9c1ab });
}

function index(card: Container, g: Graphics, value: number, w: number, h: number) {
  const color = isRed(value) ? RED : INK;
  for (const corner of [1, -1]) {
    const label = new Text({
      text: RANKS[rankOf(value)]!,
      style: {
        fontFamily: 'system-ui, Segoe UI, Roboto, sans-serif',
        fontWeight: '800',
        fontSize: w * 0.2,
        fill: color,
      },
      resolution: 3,
    });
    label.anchor.set(0.5, 0.5);
    label.scale.x = rankOf(value) === 9 ? 0.82 : 1;
    label.position.set(corner * (-w / 2 + w * 0.13), corner * (-h / 2 + w * 0.15));
    label.rotation = corner === 1 ? 0 : Math.PI;
    card.addChild(label);
    pip(
      g,
      suitOf(value),
      corner * (-w / 2 + w * 0.13),
      corner * (-h / 2 + w * 0.36),
      w * 0.13,
      corner === -1,
    );
  }
}

/** A court card's panel: a framed, banded field, the figure's headwear and the suit. */
function court(card: Container, g: Graphics, value: number, w: number, h: number) {
  const rank = rankOf(value);
  const suit = suitOf(value);
  const red = isRed(value);
  const fw = w * 0.62;
  const fh = h * 0.7;
  const band = red ? 0xb8233a : 0x27306b;
  g.roundRect(-fw / 2, -fh / 2, fw, fh, w * 0.05).fill(red ? 0xfff0e6 : 0xeef1ff);
  g.rect(-fw / 2, -fh * 0.08, fw, fh * 0.16).fill({ color: band, alpha: 0.9 });
  g.rect(-fw / 2, -fh * 0.08, fw, fh * 0.025).fill(GOLD);
  g.rect(-fw / 2, fh * 0.055, fw, fh * 0.025).fill(GOLD);
  g.roundRect(-fw / 2, -fh / 2, fw, fh, w * 0.05).stroke({ width: w * 0.025, color: GOLD });
  g.roundRect(-fw / 2 + w * 0.04, -fh / 2 + w * 0.04, fw - w * 0.08, fh - w * 0.08, w * 0.03).stroke({
    width: Math.max(1, w * 0.008),
    color: band,
    alpha: 0.7,
  });
  // The headwear, mirrored above and below the band as on a double-headed court card.
  for (const d of [1, -1]) {
    const base = -fh * 0.12 * d;
    const top = -fh * 0.38 * d;
    const half = fw * 0.3;
    if (rank === 12) {
      // The king's crown: five points with jewels.
      const points: number[] = [-half, base];
      for (let i = 0; i <= 4; i++) {
        const x = -half + (i * 2 * half) / 4;
        points.push(x, i % 2 === 0 ? top : base - (base - top) * 0.45);
      }
      points.push(half, base);
      g.poly(points)
        .fill(GOLD)
        .stroke({ width: Math.max(1, w * 0.01), color: 0x8a5d12 });
      for (let i = 0; i <= 4; i += 2) g.circle(-half + (i * 2 * half) / 4, top, w * 0.025).fill(band);
      g.rect(-half, Math.min(base, base + (top - base) * 0.18), half * 2, Math.abs(top - base) * 0.18).fill(
        band,
      );
    } else if (rank === 11) {
      // The queen's diadem: an arch with a central jewel.
      g.moveTo(-half, base)
        .quadraticCurveTo(0, top - (top - base) * 0.4, half, base)
        .closePath()
        .fill(GOLD)
        .stroke({ width: Math.max(1, w * 0.01), color: 0x8a5d12 });
      g.circle(0, base + (top - base) * 0.62, w * 0.045).fill(band);
      g.circle(-half * 0.55, base + (top - base) * 0.35, w * 0.025).fill(band);
      g.circle(half * 0.55, base + (top - base) * 0.35, w * 0.025).fill(band);
    } else {
      // The jack's cap with a feather.
      g.moveTo(-half, base)
        .quadraticCurveTo(-half * 0.8, top * 0.9 + base * 0.1, half * 0.3, top * 0.75 + base * 0.25)
        .lineTo(half, base)
        .closePath()
        .fill(band)
        .stroke({ width: Math.max(1, w * 0.012), color: GOLD });
      g.moveTo(half * 0.2, top * 0.75 + base * 0.25)
        .quadraticCurveTo(half * 1.1, top * 1.05, half * 1.2, top * 0.6 + base * 0.4)
        .quadraticCurveTo(half * 0.8, top * 0.7 + base * 0.3, half * 0.2, top * 0.75 + base * 0.25)
        .fill(GOLD);
    }
  }
  pip(g, suit, 0, 0, fh * 0.13);
  const letter = new Text({
    text: RANKS[rank]!,
    style: {
      fontFamily: 'Georgia, Times New Roman, serif',
      fontWeight: '700',
      fontSize: w * 0.16,
      fill: GOLD,
      stroke: { color: band, width: w * 0.02 },
    },
    resolution: 3,
  });
  letter.anchor.set(0.5);
  letter.position.set(fw * 0.32, -fh * 0.4);
  card.addChild(letter);
}

/** A card's face. */
export function cardFace(value: number, w: number): Container {
  const h = w * 1.4;
  const card = new Container();
  const g = new Graphics();
  card.addChild(g);
  paper(g, w, h);
  const rank = rankOf(value);
  const suit = suitOf(value);
  if (rank === 0) {
    g.circle(0, 0, w * 0.3).stroke({ width: w * 0.012, color: isRed(value) ? RED : INK, alpha: 0.35 });
    g.circle(0, 0, w * 0.25).stroke({ width: w * 0.006, color: GOLD });
    pip(g, suit, 0, 0, w * 0.36);
  } else if (rank >= 10) {
    court(card, g, value, w, h);
  } else {
    const fx = w * 0.2;
    const fy = h * 0.3;
    for (const [x, y] of LAYOUTS[rank + 1]!) pip(g, suit, x * fx, y * fy, w * 0.2, y > 0);
  }
  index(card, g, value, w, h);
  return card;
}

/** The back: a deep purple field, a gold border, a lattice of small diamonds and Kometa's star. */
export function cardBack(w: number): Container {
  const h = w * 1.4;
  const g = new Graphics();
  const r = w * 0.09;
  g.roundRect(-w / 2 + w * 0.02, -h / 2 + w * 0.05, w, h, r).fill({ color: 0x000000, alpha: 0.28 });
  g.roundRect(-w / 2, -h / 2, w, h, r).fill(0xfdfbf4);
  const m = w * 0.06;
  const iw = w - 2 * m;
  const ih = h - 2 * m;
  g.roundRect(-iw / 2, -ih / 2, iw, ih, r * 0.6).fill(0x3a1d7a);
  g.roundRect(-iw / 2, -ih / 2 + ih * 0.5, iw, ih * 0.5, r * 0.6).fill({ color: 0x1d0d47, alpha: 0.5 });
  const step = iw / 6;
  for (let y = -ih / 2 + step / 2; y < ih / 2 - step / 4; y += step / 2) {
    const odd = Math.round((y + ih / 2 - step / 2) / (step / 2)) % 2;
    for (let x = -iw / 2 + step / 2 + (odd ? step / 2 : 0); x < iw / 2 - step / 4; x += step) {
      const s = step * 0.32;
      g.poly([x, y - s, x + s * 0.7, y, x, y + s, x - s * 0.7, y]).fill({ color: 0x8b6cf0, alpha: 0.45 });
    }
  }
  g.roundRect(-iw / 2, -ih / 2, iw, ih, r * 0.6).stroke({ width: Math.max(1, w * 0.02), color: GOLD });
  g.circle(0, 0, w * 0.2)
    .fill(0x24104f)
    .stroke({ width: Math.max(1, w * 0.018), color: GOLD });
  const star: number[] = [];
  for (let i = 0; i < 10; i++) {
    const a = (i / 10) * Math.PI * 2 - Math.PI / 2;
    const rad = i % 2 === 0 ? w * 0.14 : w * 0.055;
    star.push(Math.cos(a) * rad, Math.sin(a) * rad);
  }
  g.poly(star).fill(GOLD);
  g.circle(-w * 0.03, -w * 0.04, w * 0.025).fill({ color: 0xffffff, alpha: 0.7 });
  const card = new Container();
  card.addChild(g);
  return card;
}

/** A casino chip of radius `r`: an edge of alternating inserts, a rim and an inlaid centre. */
export function chip(r: number, color: number): Graphics {
  const g = new Graphics();
  g.circle(r * 0.04, r * 0.1, r).fill({ color: 0x000000, alpha: 0.35 });
  g.circle(0, 0, r).fill(color);
  for (let i = 0; i < 6; i++) {
    const a = (i / 6) * Math.PI * 2;
    const span = 0.22;
    g.moveTo(Math.cos(a - span) * r * 0.68, Math.sin(a - span) * r * 0.68)
      .arc(0, 0, r, a - span, a + span)
      .lineTo(Math.cos(a + span) * r * 0.68, Math.sin(a + span) * r * 0.68)
      .arc(0, 0, r * 0.68, a + span, a - span, true)
      .fill(0xffffff);
  }
  g.circle(0, 0, r * 0.62)
    .fill(color)
    .stroke({ width: Math.max(1, r * 0.06), color: 0xffffff, alpha: 0.8 });
  g.circle(0, 0, r * 0.48).stroke({ width: Math.max(1, r * 0.04), color: 0xffffff, alpha: 0.35 });
  g.ellipse(-r * 0.3, -r * 0.42, r * 0.35, r * 0.16).fill({ color: 0xffffff, alpha: 0.18 });
  return g;
}
