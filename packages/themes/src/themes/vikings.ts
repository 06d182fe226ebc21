import { glow, n, ridge, seeded, sky, starfield } from '../draw.ts';
import type { Palette, Theme } from '../theme.ts';

const helmet = (
  p: Palette,
) => `<path d="M22 40C10 34 6 20 10 8c4 12 12 18 20 20zM78 40c12-6 16-20 12-32-4 12-12 18-20 20z" fill="#efe6d2"/>
<path d="M18 62c0-24 14-40 32-40s32 16 32 40z" fill="#9aa8b8"/><path d="M50 22v40" stroke="#6d7a8a" stroke-width="6"/>
<rect x="14" y="58" width="72" height="12" rx="4" fill="${p.accent2}"/><circle cx="26" cy="64" r="2.5" fill="#fff"/><circle cx="50" cy="64" r="2.5" fill="#fff"/><circle cx="74" cy="64" r="2.5" fill="#fff"/>
<path d="M44 70h12l-2 22h-8z" fill="#6d7a8a"/><path d="M30 34c4-6 10-9 16-10" stroke="#fff" stroke-opacity=".5" stroke-width="4" fill="none"/>`;

const shield = (
  p: Palette,
) => `<circle cx="50" cy="50" r="40" fill="${p.accent}"/><circle cx="50" cy="50" r="40" fill="none" stroke="#9aa8b8" stroke-width="6"/>
<path d="M50 12v76M12 50h76" stroke="${p.accent2}" stroke-width="10"/><circle cx="50" cy="50" r="11" fill="#c9d2dc"/><circle cx="47" cy="47" r="4" fill="#fff" opacity=".6"/>`;

const axe = (
  p: Palette,
) => `<rect x="46" y="10" width="8" height="84" rx="3" fill="#8a5a32"/><path d="M54 14c20 0 32 10 34 28-14-4-24-2-34 4z" fill="#c9d2dc"/>
<path d="M46 14c-20 0-32 10-34 28 14-4 24-2 34 4z" fill="#aab6c4"/><path d="M58 20c12 2 20 8 24 16" stroke="#fff" stroke-width="3" fill="none"/><rect x="44" y="60" width="12" height="6" fill="${p.accent2}"/>`;

const ship = (
  p: Palette,
) => `<path d="M8 60h84c-6 16-20 24-42 24S14 76 8 60z" fill="#7a4a26"/><path d="M8 60C2 52 4 42 12 40c0 8 2 14 8 20zM92 60c6-8 4-18-4-20 0 8-2 14-8 20z" fill="#7a4a26"/>
<rect x="48" y="12" width="4" height="48" fill="#5a341a"/><path d="M26 18h48l-4 36H30z" fill="${p.accent}"/><path d="M26 30h48M26 42h48" stroke="${p.accent2}" stroke-width="5"/>
${[22, 36, 50, 64, 78].map((x) => `<circle cx="${x}" cy="66" r="5" fill="${p.accent2}"/>`).join('')}`;

export const vikings: Theme = {
  id: 'vikings',
  tags: ['vikings'],
  title: 'Викинги',
  palettes: [
    {
      sky: ['#07142b', '#1d4a6e'],
      far: '#1a3350',
      near: '#0a1628',
      accent: '#b8322a',
      accent2: '#e8b64a',
      glow: '#7dffc4',
    },
    {
      sky: ['#1a1030', '#3b2f6b'],
      far: '#2b2650',
      near: '#120c24',
      accent: '#2f6fb8',
      accent2: '#d9c27a',
      glow: '#b38cff',
    },
    {
      sky: ['#0b1d1d', '#2c5a55'],
      far: '#1e3f3f',
      near: '#081616',
      accent: '#8a2f2f',
      accent2: '#e0d2a0',
      glow: '#9dffde',
    },
  ],
  scene: (p, variant) => {
    const random = seeded(variant + 23);
    const aurora = [0, 1, 2]
      .map(
        (i) =>
          `<path d="M-10 ${n(70 + i * 18)}C80 ${n(20 + i * 20)} 160 ${n(110 + i * 10)} 240 ${n(60 + i * 14)}S360 ${n(30 + i * 16)} 410 ${n(80 + i * 10)}" stroke="${p.glow}" stroke-width="${14 - i * 4}" fill="none" opacity="${n(0.35 - i * 0.08)}"/>`,
      )
      .join('');
    return `${sky('vikings-sky', p)}${starfield(random, 30, 160)}${aurora}
${ridge(random, 200, 120, 3, p.far)}
<rect y="200" width="400" height="100" fill="${p.near}"/>
<path d="M0 214h400M30 232h340M70 250h260" stroke="#fff" stroke-opacity=".12" stroke-width="2"/>
${glow(90 + (variant % 3) * 110, 60, 16, '#fff', 0.5)}`;
  },
  symbols: [
    { name: 'Шлем викинга', draw: helmet },
    { name: 'Драккар', draw: ship },
    { name: 'Щит', draw: shield },
    { name: 'Топор', draw: axe },
  ],
  adjectives: [
    ['Северный', 'Северная', 'Северное', 'Northern'],
    ['Ледяной', 'Ледяная', 'Ледяное', 'Frost'],
    ['Железный', 'Железная', 'Железное', 'Iron'],
    ['Боевой', 'Боевая', 'Боевое', 'Battle'],
    ['Грозный', 'Грозная', 'Грозное', 'Mighty'],
    ['Рунный', 'Рунная', 'Рунное', 'Rune'],
  ],
  nouns: [
    ['викинг', 'm', 'Viking'],
    ['драккар', 'm', 'Longship'],
    ['топор', 'm', 'Axe'],
    ['сага', 'f', 'Saga'],
    ['ярл', 'm', 'Jarl'],
    ['фьорд', 'm', 'Fjord'],
  ],
};
