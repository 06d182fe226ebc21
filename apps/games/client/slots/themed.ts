import { Container, Graphics, Sprite, Texture } from 'pixi.js';
import { vertical } from './reels.ts';
import type { SlotGame } from './slot.ts';
import { cabinetTitle } from './title.ts';

/** A studio game's look as its page hands it over (ADR 052): each symbol's SVG and the theme's colours. */
export interface SlotTheme {
  symbols: Record<string, string>;
  palette: { accent: string; accent2: string; glow: string };
}

/**
 * Rasterizes one symbol's SVG in the browser, at the size the reels sample it: the browser draws
 * every SVG feature (gradients, clips), and the reels then only move sprites. The image comes from a
 * blob of this page, which the frame's CSP allows (`img-src blob:`).
 */
async function rasterize(svg: string, px: number): Promise<Texture> {
  const sized = svg.replace(/width="1em" height="1em"/, `width="${px}" height="${px}"`);
  const url = URL.createObjectURL(new Blob([sized], { type: 'image/svg+xml' }));
  try {
    const image = new Image(px, px);
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = px;
    canvas.height = px;
    canvas.getContext('2d')!.drawImage(image, 0, 0, px, px);
    return Texture.from(canvas);
  } finally {
    URL.revokeObjectURL(url);
  }
}

const hex = (css: string) => Number.parseInt(css.replace('#', '').slice(0, 6), 16);

/**
 * The cabinet a themed game's reels sit in, over the theme's scene (the page's backdrop shows through):
 * a dark glass panel rimmed in the theme's accent, a lit column per reel, and the game's title as a
 * logo in the theme's glow and accent.
 */
function themedScene<S extends string, O>(game: SlotGame<S, O>, palette: SlotTheme['palette']) {
  const accent = hex(palette.accent);
  const accent2 = hex(palette.accent2);
  const glow = hex(palette.glow);
  const { cell, gap, reels, rows } = game.layout;
  const win = { ...game.reelsAt, w: reels * cell + (reels - 1) * gap, h: rows * cell };
  return (back: Container, front: Container, title: string) => {
    const W = game.world.width;
    const g = new Graphics();
    g.roundRect(win.x - 30, win.y - 30, win.w + 60, win.h + 60, 34).fill({ color: accent, alpha: 0.16 });
    g.roundRect(win.x - 22, win.y - 22, win.w + 44, win.h + 44, 28).fill({ color: 0x05060f, alpha: 0.78 });
    g.roundRect(win.x - 22, win.y - 22, win.w + 44, win.h + 44, 28).stroke({ width: 6, color: accent });
    g.roundRect(win.x - 13, win.y - 13, win.w + 26, win.h + 26, 20).stroke({
      width: 2,
      color: glow,
      alpha: 0.45,
    });
    for (let r = 0; r < reels; r++)
      g.roundRect(win.x + r * (cell + gap), win.y, cell, win.h, 14).fill(
        vertical('rgba(255,255,255,0.05)', 'rgba(255,255,255,0.13)', 'rgba(255,255,255,0.05)'),
      );
    // Corner gems in the second accent, as studios stud their cabinets.
    for (const [x, y] of [
      [win.x - 22, win.y - 22],
      [win.x + win.w + 22, win.y - 22],
      [win.x - 22, win.y + win.h + 22],
      [win.x + win.w + 22, win.y + win.h + 22],
    ] as const) {
      g.circle(x, y, 13).fill(accent);
      g.circle(x, y, 8).fill(accent2);
      g.circle(x - 3, y - 3, 3).fill({ color: 0xffffff, alpha: 0.8 });
    }
    back.addChild(g);
    const name = cabinetTitle(title, {
      size: 60,
      spacing: 2,
      fill: [0xffffff, glow, accent],
      outline: { color: 0x0b0d18, width: 8 },
      glow: { color: accent, blur: 16, alpha: 0.9 },
    });
    name.position.set(W / 2, (win.y - 22) / 2);
    const fitWidth = W - 120;
    if (name.width > fitWidth) name.scale.set(fitWidth / name.width);
    back.addChild(name);
    // The glass: shade at the top and bottom of each column, over the symbols.
    const shade = new Graphics();
    for (let r = 0; r < reels; r++) {
      const x = win.x + r * (cell + gap);
      shade.rect(x, win.y, cell, win.h * 0.16).fill(vertical('rgba(5,6,15,0.6)', 'rgba(5,6,15,0)'));
      shade
        .rect(x, win.y + win.h * 0.84, cell, win.h * 0.16)
        .fill(vertical('rgba(5,6,15,0)', 'rgba(5,6,15,0.6)'));
    }
    front.addChild(shade);
  };
}

/**
 * The window before the first spin shows the game's hero (the top symbol, `S` on both engines) across
 * the middle row where a reel strip has it, so the theme is seen at once; any real window of the strips.
 */
function heroAtRest<S extends string>(strips: readonly (readonly S[])[]): S[][] {
  return strips.map((strip) => {
    const hero = strip.indexOf('S' as S);
    const at = hero < 0 ? 0 : (hero - 1 + strip.length) % strip.length;
    return [0, 1, 2].map((row) => strip[(at + row) % strip.length]!);
  });
}

/**
 * A studio game's art on a slot engine (ADR 052): the theme's symbols in place of the house slot's,
 * under the same codes (the engine, its paytable and its lines do not change), and a cabinet in the
 * theme's colours. Kometa's own slots keep their art.
 */
export async function themedArt<S extends string, O>(
  game: SlotGame<S, O>,
  theme: SlotTheme,
): Promise<Pick<SlotGame<S, O>, 'draw' | 'scene' | 'rest'>> {
  const px = Math.ceil(game.layout.cell * 2);
  const codes = Object.keys(theme.symbols) as S[];
  const textures = new Map<S, Texture>(
    await Promise.all(codes.map(async (code) => [code, await rasterize(theme.symbols[code]!, px)] as const)),
  );
  return {
    draw(symbol, size) {
      const holder = new Container();
      const texture = textures.get(symbol);
      if (!texture) return holder;
      const sprite = new Sprite(texture);
      sprite.anchor.set(0.5);
      sprite.width = size * 0.84;
      sprite.height = size * 0.84;
      holder.addChild(sprite);
      return holder;
    },
    scene: themedScene(game, theme.palette),
    rest: heroAtRest(game.strips),
  };
}
