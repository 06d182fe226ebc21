import { Graphics } from 'pixi.js';

/** The originals' art, drawn as vectors at any size (no images, no emoji, no fonts for symbols). */

/** A brilliant-cut gem of width `w` centred at 0,0: crown facets over a pavilion, lit from the top left. */
export function gem(w: number, hue: { light: number; mid: number; dark: number; glow: number }): Graphics {
  const g = new Graphics();
  const h = w * 0.86;
  const top = -h * 0.45;
  const girdle = -h * 0.12;
  const bottom = h * 0.5;
  const half = w / 2;
  const table = w * 0.26;
  g.circle(0, 0, w * 0.62).fill({ color: hue.glow, alpha: 0.16 });
  g.circle(0, 0, w * 0.46).fill({ color: hue.glow, alpha: 0.14 });
  // The pavilion (below the girdle): three facets.
  g.poly([-half, girdle, 0, bottom, -table * 0.5, girdle]).fill(hue.mid);
  g.poly([-table * 0.5, girdle, 0, bottom, table * 0.5, girdle]).fill(hue.dark);
  g.poly([table * 0.5, girdle, 0, bottom, half, girdle]).fill(hue.dark);
  // The crown: the table and its side facets.
  g.poly([-half, girdle, -table, top, -table * 0.5, girdle]).fill(hue.light);
  g.poly([-table, top, table, top, table * 0.5, girdle, -table * 0.5, girdle]).fill(hue.mid);
  g.poly([table, top, half, girdle, table * 0.5, girdle]).fill(hue.dark);
  g.poly([-table, top, table, top, 0, top + h * 0.1]).fill({ color: 0xffffff, alpha: 0.35 });
  g.poly([-half, girdle, -table, top, -table * 0.8, top + h * 0.12]).fill({ color: 0xffffff, alpha: 0.3 });
  g.moveTo(-half, girdle)
    .lineTo(half, girdle)
    .stroke({ width: Math.max(1, w * 0.02), color: 0xffffff, alpha: 0.35 });
  // A glint.
  const s = w * 0.09;
  g.poly([
    -table * 0.7,
    top + h * 0.2 - s,
    -table * 0.7 + s * 0.3,
    top + h * 0.2,
    -table * 0.7,
    top + h * 0.2 + s,
    -table * 0.7 - s * 0.3,
    top + h * 0.2,
  ]).fill(0xffffff);
  return g;
}

export const GEM = { light: 0x9dffc9, mid: 0x2fd67b, dark: 0x13985a, glow: 0x2fd67b };

/** A sea mine of width `w`: a dark sphere with spikes, a red eye and a highlight. */
export function mine(w: number): Graphics {
  const g = new Graphics();
  const r = w * 0.3;
  g.circle(0, 0, w * 0.58).fill({ color: 0xff3b4f, alpha: 0.12 });
  for (let i = 0; i < 8; i++) {
    const a = (i / 8) * Math.PI * 2 + Math.PI / 8;
    const x = Math.cos(a);
    const y = Math.sin(a);
    const side = r * 0.22;
    g.poly([
      x * r * 0.8 - y * side,
      y * r * 0.8 + x * side,
      x * r * 1.45,
      y * r * 1.45,
      x * r * 0.8 + y * side,
      y * r * 0.8 - x * side,
    ]).fill(0x3a2a3f);
    g.circle(x * r * 1.45, y * r * 1.45, r * 0.14).fill(0x58425e);
  }
  g.circle(0, 0, r).fill(0x2a1d31);
  g.circle(r * 0.08, r * 0.1, r * 0.82).fill(0x1d1424);
  g.circle(0, 0, r * 0.38).fill(0xff3b4f);
  g.circle(0, 0, r * 0.2).fill(0xffb3ba);
  g.ellipse(-r * 0.42, -r * 0.48, r * 0.26, r * 0.14).fill({ color: 0xffffff, alpha: 0.35 });
  return g;
}

/** A closed tile: a raised slab with a lit top edge and a shadowed base (size `s`, corner `c`). */
export function slab(s: number, state: 'closed' | 'hover' | 'open' | 'dim'): Graphics {
  const g = new Graphics();
  const c = s * 0.16;
  const depth = s * 0.07;
  if (state === 'open' || state === 'dim') {
    g.roundRect(0, depth * 0.6, s, s - depth * 0.6, c).fill(state === 'open' ? 0x0e1230 : 0x0c0f26);
    g.roundRect(0, depth * 0.6, s, s - depth * 0.6, c).stroke({
      width: Math.max(1, s * 0.02),
      color: 0x252b55,
      alpha: 0.9,
    });
    return g;
  }
  const face = state === 'hover' ? 0x3d4794 : 0x2f3775;
  g.roundRect(0, depth, s, s - depth, c).fill(0x1a1f47);
  g.roundRect(0, 0, s, s - depth, c).fill(face);
  g.roundRect(s * 0.06, s * 0.05, s * 0.88, s * 0.3, c * 0.8).fill({ color: 0xffffff, alpha: 0.07 });
  g.roundRect(0, 0, s, s - depth, c).stroke({ width: Math.max(1, s * 0.015), color: 0x5563c4, alpha: 0.45 });
  return g;
}
