import { glow, n, seeded, sky, starfield } from '../draw.ts';
import type { Palette, Theme } from '../theme.ts';

const chest = (
  p: Palette,
) => `<path d="M12 44c0-18 16-28 38-28s38 10 38 28z" fill="#8a4a22"/><rect x="12" y="44" width="76" height="44" rx="4" fill="#a85a2a"/>
<path d="M12 44h76M30 20v68M70 20v68" stroke="${p.accent2}" stroke-width="6"/><rect x="42" y="40" width="16" height="18" rx="3" fill="${p.accent2}"/><circle cx="50" cy="48" r="3" fill="#3a1a0a"/>
<ellipse cx="50" cy="44" rx="30" ry="6" fill="${p.glow}" opacity=".6"/><circle cx="38" cy="40" r="5" fill="${p.accent2}"/><circle cx="60" cy="38" r="5" fill="${p.accent2}"/>`;

const skull = (
  p: Palette,
) => `<path d="M14 30c0-16 16-24 36-24s36 8 36 24z" fill="${p.accent}"/><path d="M86 30l8 8-10 2" fill="${p.accent}"/>
<circle cx="28" cy="20" r="4" fill="#fff"/><circle cx="50" cy="16" r="4" fill="#fff"/><circle cx="72" cy="20" r="4" fill="#fff"/>
<path d="M18 30c0 10 0 20 6 26v14c0 6 4 10 10 10h32c6 0 10-4 10-10V56c6-6 6-16 6-26z" fill="#f2ecdc"/>
<circle cx="36" cy="48" r="9" fill="#1a1a2e"/><circle cx="64" cy="48" r="9" fill="#1a1a2e"/><path d="M50 56l-5 10h10z" fill="#1a1a2e"/>
<path d="M36 76v8M44 76v8M52 76v8M60 76v8" stroke="#1a1a2e" stroke-width="3"/>`;

const compass = (
  p: Palette,
) => `<circle cx="50" cy="50" r="40" fill="${p.accent2}"/><circle cx="50" cy="50" r="33" fill="#f4ecd6"/>
<path d="M50 20l8 30-8 30-8-30z" fill="${p.accent}"/><path d="M50 20l8 30H42z" fill="#1a1a2e"/><path d="M20 50l30-6 30 6-30 6z" fill="#8a6a3a"/><circle cx="50" cy="50" r="5" fill="${p.accent2}"/>`;

const anchor = (
  p: Palette,
) => `<circle cx="50" cy="16" r="9" fill="none" stroke="${p.accent2}" stroke-width="6"/><path d="M50 25v62M32 38h36" stroke="${p.accent2}" stroke-width="8" stroke-linecap="round"/>
<path d="M14 58c2 18 18 30 36 30s34-12 36-30" stroke="${p.accent2}" stroke-width="8" fill="none" stroke-linecap="round"/><path d="M6 62l10-10 8 12zM94 62l-10-10-8 12z" fill="${p.accent2}"/>`;

export const pirates: Theme = {
  id: 'pirates',
  tags: ['pirates'],
  title: 'Пираты',
  palettes: [
    {
      sky: ['#ff8a3d', '#5a1a4a'],
      far: '#2a0e30',
      near: '#0a2a4a',
      accent: '#c8202f',
      accent2: '#f2c14e',
      glow: '#ffe6a0',
    },
    {
      sky: ['#061226', '#1a3a6b'],
      far: '#0a1a33',
      near: '#05213a',
      accent: '#2a2a3a',
      accent2: '#e8c15a',
      glow: '#d8f0ff',
    },
    {
      sky: ['#3ab0e0', '#b0e8f0'],
      far: '#2a6a8a',
      near: '#0f5a8a',
      accent: '#b8202a',
      accent2: '#f2c14e',
      glow: '#fffbe0',
    },
  ],
  scene: (p, variant) => {
    const random = seeded(variant + 71);
    const night = p.sky[0].startsWith('#0');
    const x = 90 + (variant % 2) * 220;
    const waves = [0, 1, 2]
      .map(
        (i) =>
          `<path d="M0 ${220 + i * 26}q25 -12 50 0t50 0 50 0 50 0 50 0 50 0 50 0 50 0v${80 - i * 26}H0z" fill="${p.near}" opacity="${n(0.6 + i * 0.2)}"/>`,
      )
      .join('');
    return `${sky('pirates-sky', p)}${night ? starfield(random, 40, 180) : ''}${glow(400 - x, 170, 46, p.glow, 0.8)}
<path d="M${x - 60} 214h120l-14 18H${x - 46}z" fill="${p.far}"/><rect x="${x - 3}" y="110" width="6" height="104" fill="${p.far}"/><rect x="${x - 36}" y="130" width="4" height="84" fill="${p.far}"/>
<path d="M${x + 6} 118q40 22 0 44zM${x + 6} 168q34 18 0 40zM${x - 30} 138q30 18 0 36z" fill="${p.far}"/><path d="M${x} 110l16 6-16 6z" fill="${p.accent}"/>
${waves}`;
  },
  symbols: [
    { name: 'Сундук с сокровищами', draw: chest },
    { name: 'Череп капитана', draw: skull },
    { name: 'Компас', draw: compass },
    { name: 'Якорь', draw: anchor },
  ],
  adjectives: [
    ['Пиратский', 'Пиратская', 'Пиратское', 'Pirate'],
    ['Морской', 'Морская', 'Морское', 'Sea'],
    ['Чёрный', 'Чёрная', 'Чёрное', 'Black'],
    ['Затерянный', 'Затерянная', 'Затерянное', 'Lost'],
    ['Проклятый', 'Проклятая', 'Проклятое', 'Cursed'],
    ['Штормовой', 'Штормовая', 'Штормовое', 'Storm'],
  ],
  nouns: [
    ['сундук', 'm', 'Chest'],
    ['капитан', 'm', 'Captain'],
    ['компас', 'm', 'Compass'],
    ['остров', 'm', 'Island'],
    ['клад', 'm', 'Loot'],
    ['парус', 'm', 'Sail'],
  ],
};
