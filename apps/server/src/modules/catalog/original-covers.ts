/**
 * Cover art for Kometa's originals, drawn here as SVG (4:3, 400×300) and exported to WebP by the cover
 * pipeline (game-image.ts) like every cover: a theme that matches the game inside.
 */

/** A brilliant-cut gem at x, y of width w (the same cut the mines client draws). */
function gem(x: number, y: number, w: number): string {
  const h = w * 0.86;
  const [top, girdle, bottom, half, table] = [-h * 0.45, -h * 0.12, h * 0.5, w / 2, w * 0.26];
  const p = (points: number[]) =>
    points.map((value, i) => (i % 2 === 0 ? x + value : y + value).toFixed(1)).join(' ');
  return `<circle cx="${x}" cy="${y}" r="${w * 0.62}" fill="#2fd67b" opacity=".18"/>
<polygon points="${p([-half, girdle, 0, bottom, -table * 0.5, girdle])}" fill="#2fd67b"/>
<polygon points="${p([-table * 0.5, girdle, 0, bottom, table * 0.5, girdle])}" fill="#13985a"/>
<polygon points="${p([table * 0.5, girdle, 0, bottom, half, girdle])}" fill="#13985a"/>
<polygon points="${p([-half, girdle, -table, top, -table * 0.5, girdle])}" fill="#9dffc9"/>
<polygon points="${p([-table, top, table, top, table * 0.5, girdle, -table * 0.5, girdle])}" fill="#2fd67b"/>
<polygon points="${p([table, top, half, girdle, table * 0.5, girdle])}" fill="#13985a"/>
<polygon points="${p([-table, top, table, top, 0, top + h * 0.1])}" fill="#fff" opacity=".35"/>`;
}

/** A sea mine at x, y of radius r: spikes, a dark shell, a red eye. */
function mine(x: number, y: number, r: number): string {
  const spikes = Array.from({ length: 8 }, (_, i) => {
    const a = (i / 8) * Math.PI * 2 + Math.PI / 8;
    const [cx, cy] = [x + Math.cos(a) * r * 1.45, y + Math.sin(a) * r * 1.45];
    return `<line x1="${x}" y1="${y}" x2="${cx.toFixed(1)}" y2="${cy.toFixed(1)}" stroke="#4a3550" stroke-width="${r * 0.3}" stroke-linecap="round"/><circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${r * 0.16}" fill="#6a4f72"/>`;
  }).join('');
  return `<circle cx="${x}" cy="${y}" r="${r * 2}" fill="#ff3b4f" opacity=".18"/>${spikes}
<circle cx="${x}" cy="${y}" r="${r}" fill="#2a1d31"/><circle cx="${x}" cy="${y}" r="${r * 0.4}" fill="#ff3b4f"/>
<circle cx="${x}" cy="${y}" r="${r * 0.2}" fill="#ffb3ba"/><ellipse cx="${x - r * 0.42}" cy="${y - r * 0.48}" rx="${r * 0.26}" ry="${r * 0.14}" fill="#fff" opacity=".4"/>`;
}

const title = (text: string, fill: string) =>
  `<text x="200" y="272" font-family="system-ui,sans-serif" font-size="40" font-weight="900" letter-spacing="3" fill="#000" opacity=".35" text-anchor="middle">${text}</text>
<text x="200" y="268" font-family="system-ui,sans-serif" font-size="40" font-weight="900" letter-spacing="3" fill="${fill}" text-anchor="middle">${text}</text>`;

function minesCover(): string {
  const tiles: string[] = [];
  const gems = new Set([1, 5, 7, 9, 13]);
  for (let i = 0; i < 15; i++) {
    const [col, row] = [i % 5, Math.floor(i / 5)];
    const [x, y] = [62 + col * 70, 38 + row * 66];
    if (gems.has(i) || i === 11) {
      tiles.push(
        `<rect x="${x - 30}" y="${y - 28}" width="60" height="58" rx="11" fill="#0e1230" stroke="#252b55" stroke-width="2"/>`,
      );
      tiles.push(i === 11 ? mine(x, y + 1, 12) : gem(x, y + 1, 38));
    } else {
      tiles.push(
        `<rect x="${x - 30}" y="${y - 26}" width="60" height="58" rx="11" fill="#1a1f47"/><rect x="${x - 30}" y="${y - 30}" width="60" height="56" rx="11" fill="#2f3775" stroke="#5563c4" stroke-opacity=".5"/><rect x="${x - 26}" y="${y - 27}" width="52" height="16" rx="8" fill="#fff" opacity=".07"/>`,
      );
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-label="Мины">
<defs><radialGradient id="bg" cx=".5" cy=".3" r=".9"><stop offset="0" stop-color="#26306b"/><stop offset=".6" stop-color="#121633"/><stop offset="1" stop-color="#090b1a"/></radialGradient>
<linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#c9ffe1"/><stop offset="1" stop-color="#2fd67b"/></linearGradient></defs>
<rect width="400" height="300" rx="24" fill="url(#bg)"/>
${tiles.join('\n')}
<rect x="0" y="200" width="400" height="100" fill="#090b1a" opacity=".55"/>
${title('МИНЫ', 'url(#t)')}
</svg>`;
}

function plinkoCover(): string {
  const pegs: string[] = [];
  for (let row = 0; row < 7; row++)
    for (let i = 0; i < row + 3; i++)
      pegs.push(
        `<circle cx="${200 + (i - (row + 2) / 2) * 30}" cy="${34 + row * 24}" r="4" fill="#e9ecff"/>`,
      );
  const colors = [
    '#ff3b5c',
    '#ff6248',
    '#ff8a3d',
    '#ffa93d',
    '#ffc83d',
    '#ffa93d',
    '#ff8a3d',
    '#ff6248',
    '#ff3b5c',
  ];
  const labels = ['41', '11', '4', '1,5', '0,4', '1,5', '4', '11', '41'];
  const buckets = colors
    .map(
      (color, i) =>
        `<rect x="${200 + (i - 4) * 30 - 13}" y="200" width="26" height="20" rx="5" fill="${color}"/><text x="${200 + (i - 4) * 30}" y="214" font-family="system-ui,sans-serif" font-size="9" font-weight="800" fill="#1b0a10" text-anchor="middle">${labels[i]}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-label="Плинко">
<defs><radialGradient id="bg" cx=".5" cy=".25" r=".95"><stop offset="0" stop-color="#4b2a8f"/><stop offset=".55" stop-color="#1b1440"/><stop offset="1" stop-color="#0a0819"/></radialGradient>
<linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe3a3"/><stop offset="1" stop-color="#ff8a3d"/></linearGradient>
<radialGradient id="ball" cx=".35" cy=".35" r=".7"><stop offset="0" stop-color="#ffd0dc"/><stop offset=".45" stop-color="#ff5277"/><stop offset="1" stop-color="#b3163c"/></radialGradient></defs>
<rect width="400" height="300" rx="24" fill="url(#bg)"/>
${pegs.join('')}
<path d="M200 10 Q208 22 200 28 Q188 40 185 50 Q178 66 170 76 Q166 88 170 100 Q176 112 185 124" fill="none" stroke="#ff5277" stroke-width="5" stroke-linecap="round" opacity=".35"/>
<circle cx="185" cy="124" r="13" fill="#ff5277" opacity=".3"/><circle cx="185" cy="124" r="9" fill="url(#ball)"/>
${buckets}
<rect x="0" y="228" width="400" height="72" fill="#0a0819" opacity=".5"/>
${title('ПЛИНКО', 'url(#t)')}
</svg>`;
}

/** A rocket at x, y pointing along `angle` degrees (0: right), drawn as vectors. */
function rocket(x: number, y: number, angle: number): string {
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
<path d="M-46 0 Q-70 -9 -96 0 Q-70 9 -46 0Z" fill="#ffb13d" opacity=".55"/><path d="M-40 0 Q-56 -6 -72 0 Q-56 6 -40 0Z" fill="#fff3c4"/>
<path d="M-30 -10 L-44 -22 L-18 -12Z M-30 10 L-44 22 L-18 12Z" fill="#ff4f6d"/>
<path d="M-36 -11 Q10 -16 34 0 Q10 16 -36 11Z" fill="#eef1ff"/><path d="M-36 4 Q10 9 34 0 Q10 16 -36 11Z" fill="#b9c0e8"/>
<path d="M20 -7 Q30 -4 34 0 Q30 4 20 7Z" fill="#ff4f6d"/><circle cx="4" cy="0" r="6.5" fill="#2a3270"/><circle cx="4" cy="0" r="4" fill="#6fd3ff"/></g>`;
}

function crashCover(): string {
  const grid = Array.from(
    { length: 5 },
    (_, i) =>
      `<line x1="30" y1="${40 + i * 40}" x2="380" y2="${40 + i * 40}" stroke="#fff" stroke-opacity=".06"/>`,
  ).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-label="Краш">
<defs><radialGradient id="bg" cx=".75" cy=".2" r="1"><stop offset="0" stop-color="#3a2a86"/><stop offset=".55" stop-color="#141235"/><stop offset="1" stop-color="#08071a"/></radialGradient>
<linearGradient id="fill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ff4f9a" stop-opacity=".45"/><stop offset="1" stop-color="#ff4f9a" stop-opacity="0"/></linearGradient>
<linearGradient id="line" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#ffb13d"/><stop offset="1" stop-color="#ff4f9a"/></linearGradient>
<linearGradient id="t" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff0c2"/><stop offset="1" stop-color="#ffb13d"/></linearGradient></defs>
<rect width="400" height="300" rx="24" fill="url(#bg)"/>
<circle cx="330" cy="50" r="1.6" fill="#fff"/><circle cx="80" cy="40" r="1.2" fill="#fff" opacity=".7"/><circle cx="250" cy="24" r="1.4" fill="#fff" opacity=".8"/><circle cx="150" cy="80" r="1" fill="#fff" opacity=".6"/>
${grid}
<path d="M30 220 Q190 215 300 80 L300 220Z" fill="url(#fill)"/>
<path d="M30 220 Q190 215 300 80" fill="none" stroke="url(#line)" stroke-width="6" stroke-linecap="round"/>
${rocket(308, 70, -52)}
<text x="110" y="150" font-family="system-ui,sans-serif" font-size="46" font-weight="900" fill="#fff">×2,47</text>
<rect x="0" y="228" width="400" height="72" fill="#08071a" opacity=".55"/>
${title('КРАШ', 'url(#t)')}
</svg>`;
}

/** The originals' covers by catalogue slug. */
export const ORIGINAL_COVERS: Record<string, () => string> = {
  'kometa-mines': minesCover,
  'kometa-plinko': plinkoCover,
  'kometa-crash': crashCover,
};
