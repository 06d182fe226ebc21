import { glow, seeded, sky, sparkle, starfield } from '../draw.ts';
import type { Palette, Theme } from '../theme.ts';

const rocket = (
  p: Palette,
) => `<path d="M50 4c16 14 22 34 20 58H30C28 38 34 18 50 4z" fill="#e8edf5"/><path d="M50 4c16 14 22 34 20 58H54C56 40 54 20 50 4z" fill="#c3ccd9"/>
<circle cx="50" cy="32" r="9" fill="${p.accent}"/><circle cx="50" cy="32" r="5" fill="#bfe9ff"/><path d="M30 48L14 70l16-4zM70 48l16 22-16-4z" fill="${p.accent2}"/>
<path d="M38 62h24l-4 8H42z" fill="#6d7a8a"/><path d="M42 70c0 12 4 20 8 26 4-6 8-14 8-26z" fill="${p.glow}"/><path d="M46 70c0 8 2 14 4 18 2-4 4-10 4-18z" fill="#fff"/>`;

const planet = (
  p: Palette,
) => `<circle cx="50" cy="50" r="26" fill="${p.accent}"/><path d="M26 44c16 4 32 4 48-2M28 58c14 4 30 4 44-2" stroke="#fff" stroke-opacity=".25" stroke-width="5" fill="none"/>
<path d="M50 24a26 26 0 0 1 0 52 20 26 0 0 0 0-52z" fill="#000" opacity=".2"/>
<path d="M4 58c4 12 44 8 70-4s28-24 22-28" stroke="${p.accent2}" stroke-width="5" fill="none" stroke-linecap="round"/><circle cx="40" cy="40" r="5" fill="#fff" opacity=".35"/>`;

const ufo = (
  p: Palette,
) => `<path d="M28 46c0-14 10-24 22-24s22 10 22 24z" fill="#bfe9ff" opacity=".85"/><ellipse cx="50" cy="54" rx="42" ry="14" fill="#9aa8b8"/>
<ellipse cx="50" cy="50" rx="42" ry="10" fill="#c9d2dc"/>${[18, 34, 50, 66, 82].map((x) => `<circle cx="${x}" cy="56" r="3.5" fill="${p.accent2}"/>`).join('')}
<path d="M34 66L24 94h52L66 66z" fill="${p.glow}" opacity=".35"/><circle cx="42" cy="34" r="4" fill="#fff" opacity=".7"/>`;

const comet = (
  p: Palette,
) => `<path d="M78 22L14 74c10 4 24 2 34-6z" fill="${p.accent}" opacity=".55"/><path d="M80 20L30 84c12 0 24-6 30-14z" fill="${p.accent2}" opacity=".6"/>
<circle cx="76" cy="26" r="16" fill="${p.glow}"/><circle cx="72" cy="22" r="6" fill="#fff"/>${sparkle(26, 30, 8)}`;

export const space: Theme = {
  id: 'space',
  tags: ['space'],
  title: 'Космос',
  palettes: [
    {
      sky: ['#05061a', '#241a5c'],
      far: '#3b2a8f',
      near: '#0a0a24',
      accent: '#ff5a7a',
      accent2: '#ffc94a',
      glow: '#7ae8ff',
    },
    {
      sky: ['#020b16', '#0f3b5c'],
      far: '#1b5a8f',
      near: '#041222',
      accent: '#3fd0a0',
      accent2: '#ff8a3d',
      glow: '#d0ff7a',
    },
    {
      sky: ['#12021a', '#5a0f5c'],
      far: '#8f2a8a',
      near: '#16051e',
      accent: '#4a8fff',
      accent2: '#ffe14a',
      glow: '#ff9ae8',
    },
  ],
  scene: (p, variant) => {
    const random = seeded(variant + 53);
    return `${sky('space-sky', p)}
<ellipse cx="${120 + (variant % 3) * 80}" cy="120" rx="190" ry="60" fill="${p.far}" opacity=".45" transform="rotate(-20 200 150)"/>
<ellipse cx="240" cy="170" rx="140" ry="40" fill="${p.glow}" opacity=".12" transform="rotate(-20 200 150)"/>
${starfield(random, 90, 300)}${Array.from({ length: 5 }, () => sparkle(random() * 400, random() * 300, 4 + random() * 5, '#fff', 0.8)).join('')}
${glow(340 - (variant % 2) * 280, 250, 70, p.accent, 0.9)}<circle cx="${340 - (variant % 2) * 280}" cy="250" r="70" fill="#000" opacity=".25"/>
<circle cx="${60 + (variant % 2) * 280}" cy="60" r="14" fill="${p.accent2}"/><circle cx="${56 + (variant % 2) * 280}" cy="56" r="5" fill="#fff" opacity=".4"/>`;
  },
  symbols: [
    { name: 'Ракета', draw: rocket },
    { name: 'Планета', draw: planet },
    { name: 'Летающая тарелка', draw: ufo },
    { name: 'Комета', draw: comet },
  ],
  adjectives: [
    ['Звёздный', 'Звёздная', 'Звёздное', 'Star'],
    ['Лунный', 'Лунная', 'Лунное', 'Lunar'],
    ['Космический', 'Космическая', 'Космическое', 'Cosmic'],
    ['Неоновый', 'Неоновая', 'Неоновое', 'Neon'],
    ['Далёкий', 'Далёкая', 'Далёкое', 'Distant'],
    ['Галактический', 'Галактическая', 'Галактическое', 'Galactic'],
  ],
  nouns: [
    ['ракета', 'f', 'Rocket'],
    ['комета', 'f', 'Comet'],
    ['планета', 'f', 'Planet'],
    ['орбита', 'f', 'Orbit'],
    ['экспресс', 'm', 'Express'],
    ['спутник', 'm', 'Satellite'],
  ],
};
