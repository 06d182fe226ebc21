import { type Container, Graphics } from 'pixi.js';
import { vertical } from '../slots/reels.ts';
import { cabinetTitle } from '../slots/title.ts';

/** The classic slot's art: fruit, a bell and a seven on a warm retro cabinet, all vectors. */
export type ClassicSymbol = 'C' | 'L' | 'P' | 'B' | 'S';

/** A fruit's round body: a dark rim, the colour, a soft shade and a gloss. */
function sphere(g: Graphics, x: number, y: number, r: number, dark: number, mid: number, light: number) {
  g.circle(x + r * 0.08, y + r * 0.1, r).fill({ color: 0x000000, alpha: 0.25 });
  g.circle(x, y, r).fill(dark);
  g.circle(x - r * 0.08, y - r * 0.08, r * 0.9).fill(mid);
  g.circle(x - r * 0.3, y - r * 0.3, r * 0.45).fill({ color: light, alpha: 0.55 });
  g.ellipse(x - r * 0.38, y - r * 0.45, r * 0.2, r * 0.12).fill({ color: 0xffffff, alpha: 0.85 });
}

function leaf(g: Graphics, x: number, y: number, size: number, angle: number) {
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const p = (u: number, v: number) => [x + u * c - v * s, y + u * s + v * c];
  g.moveTo(...(p(0, 0) as [number, number]))
    .quadraticCurveTo(
      ...(p(size * 0.5, -size * 0.45) as [number, number]),
      ...(p(size, 0) as [number, number]),
    )
    .quadraticCurveTo(...(p(size * 0.5, size * 0.45) as [number, number]), ...(p(0, 0) as [number, number]))
    .fill(0x3fae4a);
  g.moveTo(...(p(0, 0) as [number, number]))
    .lineTo(...(p(size * 0.9, 0) as [number, number]))
    .stroke({ width: size * 0.06, color: 0x1f6f2a });
}

export function drawClassic(symbol: ClassicSymbol, size: number): Container {
  const g = new Graphics();
  const u = size / 100;
  switch (symbol) {
    case 'C': {
      g.moveTo(-18 * u, 14 * u).quadraticCurveTo(-10 * u, -20 * u, 8 * u, -34 * u);
      g.moveTo(20 * u, 8 * u).quadraticCurveTo(16 * u, -18 * u, 8 * u, -34 * u);
      g.stroke({ width: 4 * u, color: 0x2f7a2a, cap: 'round' });
      leaf(g, 8 * u, -34 * u, 26 * u, -0.35);
      sphere(g, -18 * u, 18 * u, 19 * u, 0x8e0b16, 0xe0232f, 0xff8a8f);
      sphere(g, 20 * u, 12 * u, 19 * u, 0x7a0912, 0xd01a27, 0xff8a8f);
      break;
    }
    case 'L': {
      g.ellipse(3 * u, 5 * u, 40 * u, 29 * u).fill({ color: 0x000000, alpha: 0.22 });
      g.moveTo(-44 * u, 0)
        .quadraticCurveTo(-36 * u, -32 * u, 0, -30 * u)
        .quadraticCurveTo(36 * u, -32 * u, 44 * u, 0)
        .quadraticCurveTo(36 * u, 32 * u, 0, 30 * u)
        .quadraticCurveTo(-36 * u, 32 * u, -44 * u, 0)
        .fill(0xd9a400);
      g.ellipse(-2 * u, -2 * u, 36 * u, 25 * u).fill(0xffd426);
      g.ellipse(-12 * u, -12 * u, 16 * u, 8 * u).fill({ color: 0xfff3a6, alpha: 0.8 });
      for (const [x, y] of [
        [8, 6],
        [18, -4],
        [-6, 12],
        [22, 10],
        [2, -14],
      ])
        g.circle(x! * u, y! * u, 1.4 * u).fill({ color: 0xc99000, alpha: 0.7 });
      leaf(g, 30 * u, -22 * u, 22 * u, -0.9);
      break;
    }
    case 'P': {
      sphere(g, 0, 6 * u, 34 * u, 0x3a1262, 0x7b34c4, 0xc79bff);
      g.moveTo(2 * u, -26 * u)
        .quadraticCurveTo(-10 * u, 6 * u, 4 * u, 38 * u)
        .stroke({ width: 2.5 * u, color: 0x4b1a80, alpha: 0.8 });
      g.moveTo(0, -28 * u)
        .lineTo(4 * u, -40 * u)
        .stroke({ width: 4 * u, color: 0x5b3a1a, cap: 'round' });
      leaf(g, 4 * u, -36 * u, 24 * u, -0.4);
      break;
    }
    case 'B': {
      g.ellipse(3 * u, 36 * u, 38 * u, 8 * u).fill({ color: 0x000000, alpha: 0.25 });
      const bell = [
        [-34, 30],
        [-26, 16],
        [-24, -10],
        [-14, -30],
        [0, -36],
        [14, -30],
        [24, -10],
        [26, 16],
        [34, 30],
      ];
      g.moveTo(bell[0]![0]! * u, bell[0]![1]! * u);
      for (let i = 1; i < bell.length; i += 2)
        g.quadraticCurveTo(bell[i]![0]! * u, bell[i]![1]! * u, bell[i + 1]![0]! * u, bell[i + 1]![1]! * u);
      g.closePath().fill(vertical(0xfff0a0, 0xf4b61c, 0xb4700a));
      g.roundRect(-36 * u, 24 * u, 72 * u, 10 * u, 5 * u).fill(vertical(0xffe27a, 0xc47f0c));
      g.circle(0, 38 * u, 7 * u).fill(0x9a5d06);
      g.circle(0, -40 * u, 5 * u).stroke({ width: 3 * u, color: 0xc47f0c });
      g.moveTo(-14 * u, -20 * u)
        .quadraticCurveTo(-18 * u, 0, -18 * u, 16 * u)
        .stroke({ width: 5 * u, color: 0xffffff, alpha: 0.6, cap: 'round' });
      break;
    }
    case 'S': {
      const seven = [-30, -36, 32, -36, 32, -24, 2, 40, -16, 40, 12, -20, -30, -20];
      const at = (dx: number, dy: number) => seven.map((v, i) => (v + (i % 2 ? dy : dx)) * u);
      g.poly(at(3, 4)).fill({ color: 0x000000, alpha: 0.3 });
      g.poly(at(0, 0))
        .fill(vertical(0xff6b5b, 0xe3102a, 0x8c0010))
        .stroke({ width: 4 * u, color: 0xffd24a, join: 'round' });
      g.poly([-26 * u, -33 * u, 28 * u, -33 * u, 28 * u, -29 * u, -26 * u, -29 * u]).fill({
        color: 0xffffff,
        alpha: 0.45,
      });
      break;
    }
  }
  return g;
}

/** Light bulbs around the marquee, alternately lit. */
function bulbs(g: Graphics, x: number, y: number, w: number, count: number) {
  for (let i = 0; i < count; i++) {
    const bx = x + (w * (i + 0.5)) / count;
    g.circle(bx, y, 9).fill({ color: 0xffd27a, alpha: 0.25 });
    g.circle(bx, y, 6).fill(i % 2 ? 0xfff3c4 : 0xffb13b);
    g.circle(bx - 2, y - 2, 2).fill(0xffffff);
  }
}

/** The cabinet: a warm red and gold machine with a marquee, chrome around the reels, a drum shade. */
export function classicScene(
  back: Container,
  front: Container,
  title: string,
  win: { x: number; y: number; w: number; h: number },
) {
  const W = 720;
  const H = 800;
  const g = new Graphics();
  g.roundRect(10, 10, W - 20, H - 20, 40).fill(vertical(0x7a0e17, 0x4a0710, 0x2a0409));
  g.roundRect(10, 10, W - 20, H - 20, 40).stroke({ width: 6, color: 0xe2a93b });
  g.roundRect(22, 22, W - 44, H - 44, 32).stroke({ width: 2, color: 0xffe3a0, alpha: 0.4 });
  // The marquee: a glowing panel with bulbs and the name.
  g.roundRect(50, 36, W - 100, 112, 26).fill(vertical(0xffcf5a, 0xe08a12, 0x9c4f05));
  g.roundRect(60, 46, W - 120, 92, 20).fill(vertical(0x3a0508, 0x1a0204));
  bulbs(g, 60, 36, W - 120, 14);
  bulbs(g, 60, 148, W - 120, 14);
  // The chrome bezel and the drums.
  g.roundRect(win.x - 26, win.y - 26, win.w + 52, win.h + 52, 28).fill(
    vertical(0xf4f4f6, 0x8d8f99, 0xd9dbe2, 0x5c5e68),
  );
  g.roundRect(win.x - 12, win.y - 12, win.w + 24, win.h + 24, 18).fill(0x1a0a0c);
  const cell = (win.w - 24) / 3;
  for (let r = 0; r < 3; r++)
    g.roundRect(win.x + r * (cell + 12), win.y, cell, win.h, 10).fill(
      vertical(0xb9b2a6, 0xfffaf0, 0xfffdf6, 0xfffaf0, 0xb9b2a6),
    );
  // The lever plate below: three lamps.
  g.roundRect(W / 2 - 150, H - 66, 300, 34, 17).fill(vertical(0xffcf5a, 0x9c4f05));
  for (let i = 0; i < 3; i++)
    g.circle(W / 2 - 80 + i * 80, H - 49, 9).fill([0xff4b4b, 0xffe24b, 0x4bff88][i]!);
  back.addChild(g);
  const name = cabinetTitle(title, {
    size: 54,
    spacing: 3,
    fill: [0xfff6c8, 0xffc43a, 0xd97706],
    outline: { color: 0x5a1a00, width: 6 },
    glow: { color: 0xff8a00, blur: 12, alpha: 0.8 },
  });
  name.position.set(W / 2, 92);
  const fitWidth = W - 160;
  if (name.width > fitWidth) name.scale.set(fitWidth / name.width);
  back.addChild(name);
  // The drums' curve: darker at the top and bottom, a glass sheen, over the symbols.
  const shade = new Graphics();
  for (let r = 0; r < 3; r++) {
    const x = win.x + r * (cell + 12);
    shade.rect(x, win.y, cell, win.h * 0.22).fill(vertical('rgba(40,10,0,0.55)', 'rgba(40,10,0,0)'));
    shade
      .rect(x, win.y + win.h * 0.78, cell, win.h * 0.22)
      .fill(vertical('rgba(40,10,0,0)', 'rgba(40,10,0,0.55)'));
  }
  shade.roundRect(win.x, win.y, win.w, win.h * 0.06, 10).fill({ color: 0xffffff, alpha: 0.14 });
  front.addChild(shade);
}
