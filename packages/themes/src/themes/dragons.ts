import { glow, ridge, seeded, sky, starfield } from '../draw.ts';
import type { Palette, Theme } from '../theme.ts';

const dragonHead = (
  p: Palette,
) => `<path d="M18 70C14 52 22 30 42 22c10-4 22-4 30 2l14-10-4 18c6 6 8 14 6 22l8 10-16-2c-4 6-12 10-20 10l-4 12-10-8c-12 2-22-2-28-6z" fill="${p.accent}"/>
<path d="M42 22l-8-14 16 10M60 20l2-16 8 16" fill="${p.accent2}"/>
<path d="M30 66c8 4 20 6 30 2" stroke="#000" stroke-opacity=".3" stroke-width="3" fill="none"/>
<path d="M66 66c6 0 14-2 20-8" stroke="${p.glow}" stroke-width="3" fill="none"/>
<circle cx="62" cy="40" r="6" fill="${p.glow}"/><ellipse cx="63" cy="40" rx="1.8" ry="5" fill="#1a0a0a"/>
<path d="M26 44c6-6 14-8 22-6M24 54c8-4 18-4 26 0" stroke="#fff" stroke-opacity=".25" stroke-width="3" fill="none"/>
<path d="M70 70l4 8 4-8M80 66l3 7 4-8" fill="#fff"/>`;

const egg = (p: Palette) => `<ellipse cx="50" cy="56" rx="28" ry="36" fill="${p.accent2}"/>
<path d="M24 50c8 6 18-6 26 0s18-6 28 0M24 66c8 6 18-6 26 0s18-6 28 0" stroke="${p.accent}" stroke-width="4" fill="none"/>
<ellipse cx="40" cy="38" rx="8" ry="12" fill="#fff" opacity=".35"/><path d="M50 20l4 10-8 6 6 8" stroke="#000" stroke-opacity=".35" stroke-width="2" fill="none"/>`;

const pearl = (
  p: Palette,
) => `<path d="M50 8c10 14 26 20 26 44a26 26 0 0 1-52 0c0-12 8-16 10-26 6 6 6 12 10 12 0-10 0-20 6-30z" fill="${p.accent}"/>
<circle cx="50" cy="58" r="18" fill="${p.glow}"/><circle cx="44" cy="52" r="6" fill="#fff" opacity=".7"/>`;

const sword = (
  p: Palette,
) => `<path d="M50 6l7 12v52H43V18z" fill="#dfe6f0"/><path d="M50 6v64" stroke="#9aa6b8" stroke-width="2"/>
<rect x="28" y="68" width="44" height="8" rx="4" fill="${p.accent2}"/><rect x="45" y="76" width="10" height="14" fill="${p.near}"/><circle cx="50" cy="94" r="5" fill="${p.accent}"/>`;

export const dragons: Theme = {
  id: 'dragons',
  tags: ['fantasy', 'asia'],
  title: 'Драконы',
  palettes: [
    {
      sky: ['#2a0b1f', '#7a1e1e'],
      far: '#3d1020',
      near: '#1a0710',
      accent: '#d8322a',
      accent2: '#f2b134',
      glow: '#ffd36a',
    },
    {
      sky: ['#061a1f', '#0f4a45'],
      far: '#0b2f2e',
      near: '#041514',
      accent: '#2fbf8f',
      accent2: '#e8c15a',
      glow: '#c9ffe9',
    },
    {
      sky: ['#150a2e', '#4a1d6b'],
      far: '#2a1245',
      near: '#0c0620',
      accent: '#8f4bd9',
      accent2: '#ff8a3d',
      glow: '#ffc2f0',
    },
  ],
  scene: (p, variant) => {
    const random = seeded(variant + 11);
    return `${sky('dragons-sky', p)}${starfield(random, 26, 140)}${glow(300 - (variant % 3) * 100, 80, 34, p.glow, 0.7)}
${ridge(random, 210, 130, 4, p.far)}
<path d="M0 200c60-20 120 10 200-8s140 6 200-4v20H0z" fill="#fff" opacity=".08"/>
${ridge(random, 260, 80, 6, p.near)}`;
  },
  symbols: [
    { name: 'Дракон', draw: dragonHead },
    { name: 'Огненная жемчужина', draw: pearl },
    { name: 'Драконье яйцо', draw: egg },
    { name: 'Меч', draw: sword },
  ],
  adjectives: [
    ['Огненный', 'Огненная', 'Огненное', 'Fire'],
    ['Древний', 'Древняя', 'Древнее', 'Ancient'],
    ['Золотой', 'Золотая', 'Золотое', 'Golden'],
    ['Грозовой', 'Грозовая', 'Грозовое', 'Thunder'],
    ['Алый', 'Алая', 'Алое', 'Crimson'],
    ['Нефритовый', 'Нефритовая', 'Нефритовое', 'Jade'],
  ],
  nouns: [
    ['дракон', 'm', 'Dragon'],
    ['пламя', 'n', 'Flame'],
    ['логово', 'n', 'Lair'],
    ['змей', 'm', 'Wyrm'],
    ['крыло', 'n', 'Wing'],
    ['сокровищница', 'f', 'Hoard'],
  ],
};
