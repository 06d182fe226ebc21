import { n, pts, sparkle } from './draw.ts';

/** A studio's mark: an emblem in its colours, drawn in a 48×48 box. */
const EMBLEMS: Record<string, { colours: [string, string]; emblem: string }> = {
  kometa: {
    colours: ['#7a5cff', '#2fd6ff'],
    emblem: `<path d="M6 42L30 14c4 6 6 12 2 18z" fill="#2fd6ff" opacity=".5"/><path d="M10 40L32 20c3 5 3 10-1 14z" fill="#7a5cff" opacity=".7"/><circle cx="34" cy="16" r="10" fill="#fff"/><circle cx="34" cy="16" r="6" fill="#ffd84a"/>`,
  },
  'aurora-games': {
    colours: ['#1fd6a0', '#7a5cff'],
    emblem: `<circle cx="24" cy="24" r="22" fill="#0d1b3a"/>${[0, 1, 2].map((i) => `<path d="M6 ${30 - i * 7}C16 ${16 - i * 6} 30 ${36 - i * 6} 42 ${20 - i * 6}" stroke="${['#1fd6a0', '#4ab0ff', '#b08cff'][i]}" stroke-width="4" fill="none" stroke-linecap="round"/>`).join('')}${sparkle(34, 36, 4)}`,
  },
  'taiga-play': {
    colours: ['#2faa5a', '#e8c15a'],
    emblem: `<circle cx="24" cy="24" r="22" fill="#0f2a1c"/><polygon points="${pts([16, 8, 26, 26, 20, 26, 28, 40, 4, 40, 12, 26, 6, 26])}" fill="#2faa5a"/><polygon points="${pts([32, 12, 42, 28, 37, 28, 44, 40, 20, 40, 27, 28, 22, 28])}" fill="#54d17f"/><rect x="15" y="40" width="3" height="4" fill="#8a5a32"/><rect x="31" y="40" width="3" height="4" fill="#8a5a32"/>`,
  },
  'volga-studio': {
    colours: ['#2a8fff', '#ffd84a'],
    emblem: `<rect x="2" y="2" width="44" height="44" rx="12" fill="#0c2a55"/><circle cx="32" cy="16" r="7" fill="#ffd84a"/>${[0, 1, 2].map((i) => `<path d="M6 ${26 + i * 7}q6-5 12 0t12 0 12 0" stroke="#2a8fff" stroke-opacity="${n(1 - i * 0.25)}" stroke-width="3.5" fill="none" stroke-linecap="round"/>`).join('')}`,
  },
  'neon-fox': {
    colours: ['#ff6a2a', '#ff2e9a'],
    emblem: `<polygon points="${pts([4, 6, 18, 16, 30, 16, 44, 6, 40, 28, 24, 44, 8, 28])}" fill="#ff6a2a"/><polygon points="${pts([8, 28, 24, 44, 40, 28, 24, 32])}" fill="#fff"/><polygon points="${pts([20, 38, 28, 38, 24, 44])}" fill="#1a0a10"/><circle cx="16" cy="24" r="2.6" fill="#1a0a10"/><circle cx="32" cy="24" r="2.6" fill="#1a0a10"/><polygon points="${pts([4, 6, 18, 16, 30, 16, 44, 6, 40, 28, 24, 44, 8, 28])}" fill="none" stroke="#ff2e9a" stroke-width="1.5"/>`,
  },
  'pixel-bear': {
    colours: ['#c88a4a', '#ffcf4a'],
    emblem: (() => {
      const map = [
        '.XX....XX.',
        'XXXXXXXXXX',
        'XXXXXXXXXX',
        'XX.XXXX.XX',
        'XXXXXXXXXX',
        'XXXX..XXXX',
        '.XXXWWXXX.',
        '..XXXXXX..',
      ];
      return map
        .flatMap((row, y) =>
          [...row].flatMap((c, x) =>
            c === '.'
              ? []
              : [
                  `<rect x="${4 + x * 4}" y="${8 + y * 4}" width="4" height="4" fill="${c === 'W' ? '#ffcf4a' : '#c88a4a'}"/>`,
                ],
          ),
        )
        .join('');
    })(),
  },
  'orbit-gaming': {
    colours: ['#4a8fff', '#ff5a7a'],
    emblem: `<ellipse cx="24" cy="24" rx="22" ry="8" fill="none" stroke="#4a8fff" stroke-width="3" transform="rotate(-25 24 24)"/><circle cx="24" cy="24" r="11" fill="#ff5a7a"/><circle cx="20" cy="20" r="3.5" fill="#fff" opacity=".5"/><circle cx="43" cy="14" r="3.5" fill="#ffd84a"/>`,
  },
};

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/** The studios that have a drawn logo (the others get a monogram). */
export const STUDIO_LOGO_NAMES = Object.keys(EMBLEMS);

/**
 * A studio's logo, 56 high and as wide as its name: its emblem and its name as a wordmark in its colours. A studio without a
 * drawn emblem gets a monogram in a circle of a colour read from its name.
 */
export function studioLogoSvg(canonical: string, name: string): string {
  const mark = EMBLEMS[canonical];
  const [from, to] = mark?.colours ?? ['#8fb4ff', '#d0dcff'];
  const emblem =
    mark?.emblem ??
    `<circle cx="24" cy="24" r="22" fill="${from}"/><text x="24" y="32" font-family="system-ui, sans-serif" font-size="22" font-weight="800" fill="#0b0f1a" text-anchor="middle">${escapeXml(name.charAt(0).toUpperCase())}</text>`;
  const size = 22;
  const width = Math.ceil(68 + name.length * size * 0.74);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="56" viewBox="0 0 ${width} 56" role="img" aria-label="${escapeXml(name)}">
<defs><linearGradient id="logo-${escapeXml(canonical)}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
<g transform="translate(4 4)">${emblem}</g>
<text x="60" y="${28 + size / 3}" font-family="Onest, Manrope, system-ui, sans-serif" font-size="${size}" font-weight="800" letter-spacing=".5" fill="url(#logo-${escapeXml(canonical)})">${escapeXml(name)}</text>
</svg>`;
}
