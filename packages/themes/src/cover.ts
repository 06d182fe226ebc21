import { glow, lowSymbol } from './draw.ts';
import type { DemoGameLook } from './catalogue.ts';
import type { Palette } from './theme.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** A symbol of the 100×100 box placed at x, y (its centre) at a size, turned by some degrees. */
const placed = (svg: string, x: number, y: number, size: number, turn = 0) =>
  `<g transform="translate(${x} ${y}) rotate(${turn}) scale(${size / 100}) translate(-50 -50)">${svg}</g>`;

/** The title split in at most two lines of similar length. */
function titleLines(title: string): string[] {
  if (title.length <= 18) return [title];
  const words = title.split(' ');
  let best = [title];
  let bestDiff = Infinity;
  for (let i = 1; i < words.length; i++) {
    const [a, b] = [words.slice(0, i).join(' '), words.slice(i).join(' ')];
    const diff = Math.abs(a.length - b.length);
    if (diff < bestDiff) [best, bestDiff] = [[a, b], diff];
  }
  return best;
}

/**
 * A demo game's cover, 400×300: the theme's scene, the hero symbol large with a halo, two more of
 * its symbols beside it, and the title set like a game logo (gold over a dark band), all in the game's
 * palette and layout — so two games of one theme still look apart.
 */
export function themedCoverSvg(look: DemoGameLook, title: string): string {
  const { theme } = look;
  const p: Palette = theme.palettes[look.palette]!;
  const hero = theme.symbols[look.hero]!;
  const others = theme.symbols.filter((_, i) => i !== look.hero).slice(0, 2);
  const heroX = [120, 200, 280][look.layout]!;
  const sideX = look.layout === 0 ? [300, 352] : look.layout === 2 ? [100, 48] : [62, 338];
  const lines = titleLines(title);
  const longest = Math.max(...lines.map((line) => line.length));
  const size = Math.min(40, Math.floor(470 / Math.max(longest, 8)));
  const baseline = lines.length === 1 ? 272 : 284 - size - 2;
  const text = lines
    .map((line, i) => {
      const y = baseline + i * (size + 2);
      const attributes = `x="200" y="${y}" font-family="Onest, Manrope, 'Golos Text', system-ui, sans-serif" font-size="${size}" font-weight="900" text-anchor="middle"`;
      return `<text ${attributes} fill="#000" opacity=".55" transform="translate(0 3)">${escapeXml(line)}</text><text ${attributes} fill="url(#cover-title)" stroke="#2a1400" stroke-width="2.5" paint-order="stroke">${escapeXml(line)}</text>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-label="${escapeXml(title)}">
<defs><clipPath id="cover-clip"><rect width="400" height="300" rx="24"/></clipPath>
<linearGradient id="cover-title" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fffbe6"/><stop offset=".45" stop-color="${p.accent2}"/><stop offset="1" stop-color="#b8741a"/></linearGradient>
<linearGradient id="cover-band" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity=".75"/></linearGradient></defs>
<g clip-path="url(#cover-clip)">
${theme.scene(p, look.scene)}
${others.map((symbol, i) => placed(symbol.draw(p), sideX[i]!, 118 + i * 46, 78 - i * 16, i === 0 ? -12 : 14)).join('\n')}
${glow(heroX, 112, 62, p.glow, 0.45)}
${placed(hero.draw(p), heroX, 112, 176)}
<rect y="${lines.length === 1 ? 200 : 180}" width="400" height="${lines.length === 1 ? 100 : 120}" fill="url(#cover-band)"/>
${text}
</g></svg>`;
}

/** The symbols a themed game's reels show, in the engines' order, with their Russian names. */
export interface ThemedSymbols {
  /** Five low symbols (where a video slot has its royals, 10 to A). */
  low: { name: string; svg: string }[];
  /** The high symbol, the top (wild) symbol and the scatter. */
  high: { name: string; svg: string };
  top: { name: string; svg: string };
  scatter: { name: string; svg: string };
}

/** The theme's symbols for the game's reels, each a whole SVG of its 100×100 box. */
export function themedSymbols(look: DemoGameLook): ThemedSymbols {
  const p = look.theme.palettes[look.palette]!;
  const whole = (body: string) =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" width="1em" height="1em" aria-hidden="true">${body}</svg>`;
  const own = (i: number) => ({
    name: look.theme.symbols[i]!.name,
    svg: whole(look.theme.symbols[i]!.draw(p)),
  });
  const colours = [p.accent, p.accent2, p.glow, p.far, '#c9d2dc'];
  return {
    low: colours.map((colour, i) => {
      const low = lowSymbol(i, colour);
      return { name: low.name, svg: whole(low.svg) };
    }),
    high: own(2),
    top: own(look.hero),
    scatter: own(3),
  };
}

/** The theme's scene alone, as the backdrop of the game's frame. */
export function themedBackdropSvg(look: DemoGameLook): string {
  const p = look.theme.palettes[look.palette]!;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice">${look.theme.scene(p, look.scene)}</svg>`;
}
