import { glow, n, seeded, sky } from '../draw.ts';
import type { Palette, Theme } from '../theme.ts';

const lantern = (
  p: Palette,
) => `<rect x="44" y="4" width="12" height="10" rx="2" fill="${p.accent2}"/><path d="M50 0v6" stroke="${p.accent2}" stroke-width="2"/>
<ellipse cx="50" cy="50" rx="34" ry="38" fill="${p.accent}"/><path d="M50 12c-14 8-14 68 0 76M50 12c14 8 14 68 0 76M20 34h60M20 66h60" stroke="#000" stroke-opacity=".25" stroke-width="2.5" fill="none"/>
<rect x="30" y="10" width="40" height="8" rx="3" fill="${p.accent2}"/><rect x="30" y="82" width="40" height="8" rx="3" fill="${p.accent2}"/>
<path d="M42 90l-2 10M50 90v10M58 90l2 10" stroke="${p.accent2}" stroke-width="2"/><ellipse cx="38" cy="40" rx="6" ry="14" fill="#fff" opacity=".3"/>`;

const koi = (
  p: Palette,
) => `<path d="M16 50c10-20 40-26 60-10l16-12-4 22 4 22-16-12c-20 16-50 10-60-10z" fill="#fff4ea"/>
<path d="M30 36c10 0 16 8 14 18-8-2-14-8-14-18zM56 40c8 4 10 12 6 20-6-4-8-12-6-20z" fill="${p.accent}"/><circle cx="24" cy="48" r="3" fill="#1a1a2e"/>
<path d="M44 66c4 8 12 12 18 10-4-6-10-10-18-10zM44 34c4-8 12-12 18-10-4 6-10 10-18 10z" fill="${p.accent2}"/>`;

const coin = (
  p: Palette,
) => `<circle cx="50" cy="50" r="40" fill="${p.accent2}"/><circle cx="50" cy="50" r="32" fill="none" stroke="#b8862a" stroke-width="3"/>
<rect x="40" y="40" width="20" height="20" fill="#3a1a0a" stroke="#b8862a" stroke-width="3"/><path d="M50 16v14M50 70v14M16 50h14M70 50h14" stroke="#b8862a" stroke-width="5" stroke-linecap="round"/>
<path d="M26 30c6-8 14-12 22-14" stroke="#fff" stroke-opacity=".6" stroke-width="4" fill="none"/>`;

const fan = (p: Palette) =>
  `<path d="M50 86L8 40a58 58 0 0 1 84 0z" fill="${p.accent}"/>${[0, 1, 2, 3, 4, 5, 6]
    .map((i) => {
      const a = Math.PI * (1.16 + i * 0.113);
      return `<path d="M50 86L${n(50 + Math.cos(a) * 56)} ${n(86 + Math.sin(a) * 56)}" stroke="#3a1a0a" stroke-width="2.5"/>`;
    })
    .join(
      '',
    )}<path d="M24 44c10-12 30-16 52-2" stroke="${p.accent2}" stroke-width="5" fill="none"/><circle cx="50" cy="84" r="5" fill="${p.accent2}"/>`;

export const asia: Theme = {
  id: 'asia',
  tags: ['asia'],
  title: 'Азия',
  palettes: [
    {
      sky: ['#ffb36b', '#d9455f'],
      far: '#a8324a',
      near: '#3a0e1e',
      accent: '#d8202f',
      accent2: '#f5c542',
      glow: '#fff2c2',
    },
    {
      sky: ['#0b1a33', '#2a4a7a'],
      far: '#1a2f55',
      near: '#07101f',
      accent: '#e0303c',
      accent2: '#f2c14e',
      glow: '#ffe6b0',
    },
    {
      sky: ['#f6d0e0', '#8fc7d9'],
      far: '#7a9ab8',
      near: '#2f3a55',
      accent: '#e0405a',
      accent2: '#e8b63a',
      glow: '#ffffff',
    },
  ],
  scene: (p, variant) => {
    const random = seeded(variant + 67);
    const x = 110 + (variant % 2) * 180;
    const roof = (y: number, w: number) =>
      `<path d="M${x - w / 2 - 14} ${y}q${w / 2 + 14} -14 ${w + 28} 0l-8 6h${-(w + 12)}z" fill="${p.near}"/><rect x="${x - w / 2 + 6}" y="${y + 6}" width="${w - 12}" height="22" fill="${p.near}"/>`;
    const petals = Array.from({ length: 14 }, () => {
      const [px, py] = [random() * 400, random() * 260];
      return `<ellipse cx="${n(px)}" cy="${n(py)}" rx="4" ry="2.4" fill="#ffc2d6" transform="rotate(${n(random() * 180)} ${n(px)} ${n(py)})" opacity=".85"/>`;
    }).join('');
    return `${sky('asia-sky', p)}${glow(400 - x, 110, 44, p.glow, 0.85)}<circle cx="${400 - x}" cy="110" r="44" fill="${p.accent}" opacity=".55"/>
<path d="M0 220c60-40 100-70 150-40s80 10 130-30 90 20 120 30v120H0z" fill="${p.far}" opacity=".8"/>
${roof(90, 70)}${roof(124, 100)}${roof(158, 130)}${roof(192, 160)}
<rect y="240" width="400" height="60" fill="${p.near}"/>
<path d="M${400 - x - 120} 0c30 30 60 40 110 44" stroke="#3a1a0a" stroke-width="5" fill="none"/>${petals}`;
  },
  symbols: [
    { name: 'Фонарь', draw: lantern },
    { name: 'Карп кои', draw: koi },
    { name: 'Монета', draw: coin },
    { name: 'Веер', draw: fan },
  ],
  adjectives: [
    ['Счастливый', 'Счастливая', 'Счастливое', 'Lucky'],
    ['Красный', 'Красная', 'Красное', 'Red'],
    ['Императорский', 'Императорская', 'Императорское', 'Imperial'],
    ['Шёлковый', 'Шёлковая', 'Шёлковое', 'Silk'],
    ['Восточный', 'Восточная', 'Восточное', 'Eastern'],
    ['Тихий', 'Тихая', 'Тихое', 'Silent'],
  ],
  nouns: [
    ['тигр', 'm', 'Tiger'],
    ['фонарь', 'm', 'Lantern'],
    ['карп', 'm', 'Koi'],
    ['самурай', 'm', 'Samurai'],
    ['панда', 'f', 'Panda'],
    ['храм', 'm', 'Temple'],
  ],
};
