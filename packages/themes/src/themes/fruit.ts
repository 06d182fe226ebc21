import { glow, n, seeded, sky, sparkle } from '../draw.ts';
import type { Palette, Theme } from '../theme.ts';

const cherries = (
  p: Palette,
) => `<path d="M50 12C44 30 34 44 28 58M50 12c4 18 12 32 22 42" stroke="#3f8f2f" stroke-width="4" fill="none"/>
<path d="M50 12c10-8 24-6 30 2-10 6-22 6-30-2z" fill="#5cc24a"/>
<circle cx="28" cy="68" r="20" fill="${p.accent}"/><circle cx="72" cy="64" r="20" fill="${p.accent}"/><circle cx="72" cy="64" r="20" fill="#000" opacity=".12"/>
<circle cx="21" cy="61" r="6" fill="#fff" opacity=".6"/><circle cx="65" cy="57" r="6" fill="#fff" opacity=".6"/>`;

const melon =
  () => `<path d="M8 40a42 42 0 0 0 84 0z" fill="#2f9a3f"/><path d="M14 40a36 36 0 0 0 72 0z" fill="#d8f5b0"/><path d="M18 40a32 32 0 0 0 64 0z" fill="#f0414f"/>
${[
  [34, 52],
  [50, 60],
  [66, 52],
  [42, 46],
  [58, 46],
]
  .map(([x, y]) => `<ellipse cx="${x}" cy="${y}" rx="2.4" ry="4" fill="#2a1010"/>`)
  .join(
    '',
  )}<path d="M24 44c6 10 16 16 26 16" stroke="#fff" stroke-opacity=".35" stroke-width="3" fill="none"/>`;

const lemon =
  () => `<ellipse cx="50" cy="52" rx="36" ry="27" fill="#f7d330"/><path d="M14 52l-8-4 8-4M86 52l8-4-8-4" fill="#e8bd12"/>
<ellipse cx="38" cy="42" rx="12" ry="6" fill="#fff6b0"/><path d="M52 24c6-10 18-12 24-8-6 6-16 10-24 8z" fill="#56c25f"/>`;

const seven = (
  p: Palette,
) => `<path d="M18 14h66v14L52 90H32l32-58H18z" fill="${p.accent}" stroke="#fff" stroke-width="5" stroke-linejoin="round"/>
<path d="M24 20h50" stroke="#fff" stroke-opacity=".6" stroke-width="4"/>`;

export const fruit: Theme = {
  id: 'fruit',
  tags: ['fruits'],
  title: 'Фрукты',
  palettes: [
    {
      sky: ['#ff7a1a', '#c2185b'],
      far: '#ff9f43',
      near: '#8e1048',
      accent: '#e2202f',
      accent2: '#ffd23f',
      glow: '#fff3a8',
    },
    {
      sky: ['#1fb5a5', '#1a5fb4'],
      far: '#37d3c0',
      near: '#123d7a',
      accent: '#e2202f',
      accent2: '#ffd23f',
      glow: '#e6fff8',
    },
    {
      sky: ['#8e2de2', '#4a00e0'],
      far: '#b06cff',
      near: '#2a0080',
      accent: '#ff2e63',
      accent2: '#ffe066',
      glow: '#ffe3ff',
    },
  ],
  scene: (p, variant) => {
    const random = seeded(variant + 37);
    const [cx, cy] = [200, 150];
    const rays = Array.from({ length: 18 }, (_, i) => {
      const a = (i / 18) * Math.PI * 2;
      const b = a + Math.PI / 18;
      return `<polygon points="${cx},${cy} ${n(cx + Math.cos(a) * 420)},${n(cy + Math.sin(a) * 420)} ${n(cx + Math.cos(b) * 420)},${n(cy + Math.sin(b) * 420)}" fill="#fff" opacity=".08"/>`;
    }).join('');
    const sparkles = Array.from({ length: 10 }, () =>
      sparkle(random() * 400, random() * 300, 3 + random() * 6, '#fff', 0.7),
    ).join('');
    return `${sky('fruit-sky', p)}${rays}${glow(cx, cy, 70, p.glow, 0.35)}${sparkles}
<path d="M0 250c80-24 140 10 200 0s120-30 200-4v54H0z" fill="${p.near}" opacity=".7"/>`;
  },
  symbols: [
    { name: 'Вишня', draw: cherries },
    { name: 'Арбуз', draw: melon },
    { name: 'Лимон', draw: lemon },
    { name: 'Семёрка', draw: seven },
  ],
  adjectives: [
    ['Сочный', 'Сочная', 'Сочное', 'Juicy'],
    ['Спелый', 'Спелая', 'Спелое', 'Ripe'],
    ['Сладкий', 'Сладкая', 'Сладкое', 'Sweet'],
    ['Горячий', 'Горячая', 'Горячее', 'Hot'],
    ['Весёлый', 'Весёлая', 'Весёлое', 'Happy'],
    ['Тропический', 'Тропическая', 'Тропическое', 'Tropical'],
  ],
  nouns: [
    ['лимон', 'm', 'Lemon'],
    ['вишня', 'f', 'Cherry'],
    ['арбуз', 'm', 'Melon'],
    ['виноград', 'm', 'Grape'],
    ['семёрка', 'f', 'Sevens'],
    ['ягода', 'f', 'Berry'],
  ],
};
