import { Container, Graphics } from 'pixi.js';
import { gem } from '../shared/art.ts';
import { vertical } from '../slots/reels.ts';
import { cabinetTitle } from '../slots/title.ts';

/** The video slot's art, «Звёздные барабаны»: planets, a moon, an asteroid, a star, a crystal, a comet. */
export type VideoSymbol = 'A' | 'K' | 'Q' | 'J' | 'T' | 'S' | 'D' | 'F';

/** A planet: a lit sphere with bands, a terminator shade and a rim glow. */
function planet(g: Graphics, r: number, colors: { dark: number; mid: number; light: number; band: number }) {
  g.circle(0, 0, r * 1.18).fill({ color: colors.light, alpha: 0.12 });
  g.circle(0, 0, r).fill(colors.dark);
  g.circle(-r * 0.12, -r * 0.12, r * 0.88).fill(colors.mid);
  for (const [y, h] of [
    [-0.45, 0.1],
    [-0.1, 0.16],
    [0.32, 0.12],
  ] as const)
    g.ellipse(-r * 0.1, y * r, r * 0.82 * Math.sqrt(1 - y * y), h * r * 0.5).fill({
      color: colors.band,
      alpha: 0.55,
    });
  g.circle(-r * 0.38, -r * 0.38, r * 0.34).fill({ color: colors.light, alpha: 0.45 });
  g.ellipse(-r * 0.45, -r * 0.5, r * 0.16, r * 0.09).fill({ color: 0xffffff, alpha: 0.8 });
  g.circle(0, 0, r).stroke({ width: r * 0.05, color: colors.light, alpha: 0.6 });
}

function star(g: Graphics, r: number, inner: number, fill: number, points = 5) {
  const p: number[] = [];
  for (let i = 0; i < points * 2; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / points;
    const d = i % 2 ? inner : r;
    p.push(Math.cos(a) * d, Math.sin(a) * d);
  }
  g.poly(p).fill(fill);
}

export function drawVideo(symbol: VideoSymbol, size: number): Container {
  const c = new Container();
  const g = new Graphics();
  c.addChild(g);
  const u = size / 100;
  switch (symbol) {
    case 'A': {
      // A golden ringed planet: the back of the ring, the sphere, the front of the ring.
      g.ellipse(0, 0, 46 * u, 13 * u).stroke({ width: 6 * u, color: 0xb07a1a, alpha: 0.8 });
      planet(g, 27 * u, { dark: 0x8a5a0c, mid: 0xf0b53a, light: 0xffe7a0, band: 0xc98416 });
      g.moveTo(-46 * u, 0)
        .bezierCurveTo(-40 * u, 16 * u, 40 * u, 16 * u, 46 * u, 0)
        .stroke({ width: 6 * u, color: 0xffd66b });
      break;
    }
    case 'K':
      planet(g, 36 * u, { dark: 0x0b2f7a, mid: 0x2f7df0, light: 0xa8e0ff, band: 0x36c4a0 });
      break;
    case 'Q':
      planet(g, 34 * u, { dark: 0x6a0d1c, mid: 0xe0443a, light: 0xffb09a, band: 0xa51d26 });
      break;
    case 'J': {
      planet(g, 33 * u, { dark: 0x4b5263, mid: 0xb9c0cf, light: 0xf2f5ff, band: 0xb9c0cf });
      for (const [x, y, r] of [
        [10, -8, 8],
        [-12, 12, 6],
        [14, 16, 5],
        [-4, -18, 4],
      ] as const) {
        g.circle(x * u, y * u, r * u).fill(0x8d94a6);
        g.circle((x - 1) * u, (y - 1) * u, r * 0.7 * u).fill(0x7a8194);
      }
      break;
    }
    case 'T': {
      g.circle(0, 0, 40 * u).fill({ color: 0x2fd67b, alpha: 0.12 });
      g.poly([-30, -6, -14, -32, 18, -30, 34, -2, 22, 28, -10, 32, -32, 16].map((v) => v * u)).fill(0x0f6b45);
      g.poly([-14, -32, 18, -30, 6, -8, -18, -10].map((v) => v * u)).fill(0x5ff0a8);
      g.poly([18, -30, 34, -2, 6, -8].map((v) => v * u)).fill(0x2fd67b);
      g.poly([-30, -6, -14, -32, -18, -10].map((v) => v * u)).fill(0x8dffc6);
      g.poly([-18, -10, 6, -8, 22, 28, -10, 32, -32, 16, -30, -6].map((v) => v * u)).fill(0x1fa866);
      g.poly([6, -8, 34, -2, 22, 28].map((v) => v * u)).fill(0x148a52);
      g.circle(-8 * u, -20 * u, 3 * u).fill(0xffffff);
      break;
    }
    case 'S': {
      g.circle(0, 0, 44 * u).fill({ color: 0xffd24a, alpha: 0.12 });
      g.circle(0, 0, 32 * u).fill({ color: 0xffd24a, alpha: 0.14 });
      star(g, 42 * u, 18 * u, 0xc77d08);
      star(g, 37 * u, 15 * u, 0xffc533);
      star(g, 20 * u, 8 * u, 0xfff0a0);
      g.circle(-6 * u, -10 * u, 3 * u).fill(0xffffff);
      break;
    }
    case 'D': {
      c.addChild(gem(82 * u, { light: 0xd6f6ff, mid: 0x38c8ff, dark: 0x1368c4, glow: 0x6fe3ff }));
      break;
    }
    case 'F': {
      // The comet, the scatter: a glowing head with a long tail, on a violet badge.
      g.roundRect(-46 * u, -46 * u, 92 * u, 92 * u, 22 * u).fill(vertical(0x5b2bd6, 0x2a0f7a));
      g.roundRect(-46 * u, -46 * u, 92 * u, 92 * u, 22 * u).stroke({ width: 3 * u, color: 0xc9a8ff });
      for (const [w, a] of [
        [26, 0.18],
        [16, 0.35],
        [8, 0.8],
      ] as const)
        g.moveTo(-34 * u, 30 * u)
          .quadraticCurveTo(-6 * u, 18 * u, 14 * u, -12 * u)
          .stroke({ width: w * u, color: 0x9fe8ff, alpha: a, cap: 'round' });
      g.circle(16 * u, -16 * u, 16 * u).fill({ color: 0xbff3ff, alpha: 0.35 });
      g.circle(16 * u, -16 * u, 10 * u).fill(0xffffff);
      star(g, 8 * u, 3 * u, 0xffffff, 4);
      break;
    }
  }
  return c;
}

/** A fixed sky (a seeded generator: the same stars on every visit and in every screenshot). */
function sky(g: Graphics, width: number, height: number) {
  let seed = 7;
  const next = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
  for (let i = 0; i < 140; i++) {
    const r = next() < 0.1 ? 2.2 : 1.1;
    g.circle(next() * width, next() * height, r).fill({ color: 0xffffff, alpha: 0.3 + next() * 0.6 });
  }
}

/** The scene: deep space with nebulae, a neon frame around the reels and the logo. */
export function videoScene(
  back: Container,
  front: Container,
  title: string,
  win: { x: number; y: number; w: number; h: number },
) {
  const W = 1000;
  const H = 700;
  const g = new Graphics();
  g.roundRect(0, 0, W, H, 36).fill(vertical(0x120a3a, 0x0a0a24, 0x05060f));
  for (const [x, y, r, color] of [
    [160, 120, 260, 0x7b2ff7],
    [860, 560, 300, 0x1fa3ff],
    [820, 90, 160, 0xff3fa4],
  ] as const)
    for (let k = 1; k <= 4; k++) g.circle(x, y, (r * k) / 4).fill({ color, alpha: 0.05 });
  sky(g, W, H);
  // A far planet in the corner.
  g.circle(930, 650, 120).fill({ color: 0x2f7df0, alpha: 0.25 });
  g.circle(920, 640, 108).fill({ color: 0x0b2f7a, alpha: 0.6 });
  // The frame: a neon rim and dark glass behind each reel.
  g.roundRect(win.x - 24, win.y - 24, win.w + 48, win.h + 48, 30).fill({ color: 0x000000, alpha: 0.45 });
  g.roundRect(win.x - 18, win.y - 18, win.w + 36, win.h + 36, 26).stroke({
    width: 10,
    color: 0x7b2ff7,
    alpha: 0.3,
  });
  g.roundRect(win.x - 18, win.y - 18, win.w + 36, win.h + 36, 26).stroke({ width: 3, color: 0xc9a8ff });
  const cell = win.h / 3;
  const gap = (win.w - cell * 5) / 4;
  for (let r = 0; r < 5; r++)
    g.roundRect(win.x + r * (cell + gap), win.y, cell, win.h, 14).fill(
      vertical(0x1c1454, 0x2a1f72, 0x1c1454),
    );
  back.addChild(g);
  const name = cabinetTitle(title, {
    size: 64,
    spacing: 4,
    fill: [0xffffff, 0xa8e0ff, 0x7b8cff],
    outline: { color: 0x2a0f7a, width: 8 },
    glow: { color: 0x9f6bff, blur: 16, alpha: 0.9 },
  });
  name.position.set(W / 2, win.y / 2 - 6);
  if (name.width > W - 120) name.scale.set((W - 120) / name.width);
  back.addChild(name);
  const glass = new Graphics();
  glass.roundRect(win.x, win.y, win.w, win.h * 0.1, 14).fill({ color: 0xffffff, alpha: 0.06 });
  front.addChild(glass);
}
