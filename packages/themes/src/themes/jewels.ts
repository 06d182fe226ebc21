import { glow, n, pts, seeded, sky, sparkle } from '../draw.ts';
import type { Palette, Theme } from '../theme.ts';

/** A brilliant-cut stone, facets in three tones of one colour. */
function stone(color: string, light: string, dark: string): string {
  return `<polygon points="${pts([10, 38, 28, 16, 72, 16, 90, 38, 50, 90])}" fill="${color}"/>
<polygon points="${pts([28, 16, 40, 38, 10, 38])}" fill="${light}"/><polygon points="${pts([72, 16, 90, 38, 60, 38])}" fill="${dark}"/>
<polygon points="${pts([40, 38, 60, 38, 50, 90])}" fill="${light}" opacity=".7"/><polygon points="${pts([10, 38, 40, 38, 50, 90])}" fill="${dark}" opacity=".6"/>
<polygon points="${pts([28, 16, 72, 16, 60, 38, 40, 38])}" fill="#fff" opacity=".35"/>`;
}

const diamond = (p: Palette) => stone(p.glow, '#ffffff', p.accent) + sparkle(78, 18, 9);
const ruby = () => stone('#d8203a', '#ff7a8a', '#8a0a1e') + sparkle(22, 20, 7);
const emerald = () =>
  `<polygon points="${pts([30, 8, 70, 8, 90, 28, 90, 72, 70, 92, 30, 92, 10, 72, 10, 28])}" fill="#1fae6a"/><polygon points="${pts([36, 22, 64, 22, 76, 34, 76, 66, 64, 78, 36, 78, 24, 66, 24, 34])}" fill="#5fe0a0"/><polygon points="${pts([30, 8, 70, 8, 64, 22, 36, 22])}" fill="#c0ffe0" opacity=".6"/><polygon points="${pts([10, 72, 24, 66, 36, 78, 30, 92])}" fill="#0a6a3a"/>`;
const crown = (
  p: Palette,
) => `<path d="M10 76L6 28l24 22 20-34 20 34 24-22-4 48z" fill="${p.accent2}"/><rect x="10" y="74" width="80" height="14" rx="3" fill="${p.accent2}"/>
<path d="M10 76h80" stroke="#000" stroke-opacity=".25" stroke-width="3"/><circle cx="30" cy="81" r="4" fill="#d8203a"/><circle cx="50" cy="81" r="4" fill="#1fae6a"/><circle cx="70" cy="81" r="4" fill="#2a62d6"/>
<circle cx="6" cy="26" r="5" fill="${p.accent2}"/><circle cx="50" cy="14" r="6" fill="${p.accent2}"/><circle cx="94" cy="26" r="5" fill="${p.accent2}"/><path d="M24 60l6-10" stroke="#fff" stroke-opacity=".6" stroke-width="4"/>`;

export const jewels: Theme = {
  id: 'jewels',
  tags: ['gems'],
  title: 'Самоцветы',
  palettes: [
    {
      sky: ['#1a0633', '#4a0f5c'],
      far: '#6b1f7a',
      near: '#12031f',
      accent: '#4a8fff',
      accent2: '#f5c542',
      glow: '#bfe9ff',
    },
    {
      sky: ['#02161a', '#0a4a4a'],
      far: '#0f6b5c',
      near: '#01100f',
      accent: '#1fae6a',
      accent2: '#e8c15a',
      glow: '#d0fff0',
    },
    {
      sky: ['#1f0410', '#6b0f2a'],
      far: '#8a1f3a',
      near: '#14020a',
      accent: '#d8203a',
      accent2: '#f2c14e',
      glow: '#ffe0ea',
    },
  ],
  scene: (p, variant) => {
    const random = seeded(variant + 83);
    const beams = Array.from({ length: 7 }, (_, i) => {
      const x = 20 + i * 60 + random() * 20;
      return `<polygon points="${n(x)},0 ${n(x + 30)},0 ${n(x - 40 + random() * 80)},300 ${n(x - 70 + random() * 80)},300" fill="${p.glow}" opacity=".06"/>`;
    }).join('');
    const sparkles = Array.from({ length: 16 }, () =>
      sparkle(random() * 400, random() * 300, 2 + random() * 7, '#fff', 0.4 + random() * 0.5),
    ).join('');
    return `${sky('jewels-sky', p)}${beams}${glow(200, 150, 90, p.far, 0.5)}
<path d="M0 250q100-30 200 0t200 0v50H0z" fill="${p.near}"/>
${[60, 340, 130, 280]
  .map(
    (x, i) =>
      `<g transform="translate(${x - 14} ${236 - (i % 2) * 8}) scale(.28)" opacity=".85">${stone(p.accent, p.glow, p.near)}</g>`,
  )
  .join('')}${sparkles}`;
  },
  symbols: [
    { name: 'Бриллиант', draw: diamond },
    { name: 'Корона', draw: crown },
    { name: 'Рубин', draw: ruby },
    { name: 'Изумруд', draw: emerald },
  ],
  adjectives: [
    ['Королевский', 'Королевская', 'Королевское', 'Royal'],
    ['Сияющий', 'Сияющая', 'Сияющее', 'Shining'],
    ['Волшебный', 'Волшебная', 'Волшебное', 'Magic'],
    ['Роскошный', 'Роскошная', 'Роскошное', 'Luxury'],
    ['Полночный', 'Полночная', 'Полночное', 'Midnight'],
    ['Хрустальный', 'Хрустальная', 'Хрустальное', 'Crystal'],
  ],
  nouns: [
    ['самоцвет', 'm', 'Gem'],
    ['корона', 'f', 'Crown'],
    ['рубин', 'm', 'Ruby'],
    ['сапфир', 'm', 'Sapphire'],
    ['жемчужина', 'f', 'Pearl'],
    ['сокровище', 'n', 'Riches'],
  ],
};
