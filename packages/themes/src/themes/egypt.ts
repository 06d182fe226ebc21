import { glow, n, seeded, sky, starfield } from '../draw.ts';
import type { Palette, Theme } from '../theme.ts';

const mask = (
  p: Palette,
) => `<path d="M50 8C28 8 16 22 14 40L8 92h84l-6-52C84 22 72 8 50 8z" fill="${p.accent2}"/>
${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${12 - i * 0.6} ${50 + i * 7}h${76 + i * 1.2}" stroke="#1f3c8a" stroke-width="3.5"/>`).join('')}
<path d="M30 28c0-10 8-16 20-16s20 6 20 16v30c0 12-8 22-20 22s-20-10-20-22z" fill="#e0a83a"/>
<path d="M36 40h10M54 40h10" stroke="#1a1a2e" stroke-width="4" stroke-linecap="round"/><path d="M34 44c4 3 10 3 14 0M52 44c4 3 10 3 14 0" stroke="#1a1a2e" stroke-width="2" fill="none"/>
<path d="M48 48l-2 12h8l-2-12z" fill="#c48a24"/><path d="M42 66h16" stroke="#8a4a12" stroke-width="3" stroke-linecap="round"/>
<path d="M46 80h8v14h-8z" fill="#1f3c8a"/><path d="M44 10l6 10 6-10" fill="#d8322a"/><path d="M34 20c4-6 10-8 16-8" stroke="#fff" stroke-opacity=".5" stroke-width="3" fill="none"/>`;

const ankh = (
  p: Palette,
) => `<ellipse cx="50" cy="28" rx="16" ry="20" fill="none" stroke="${p.accent2}" stroke-width="9"/>
<path d="M18 48h64M50 46v48" stroke="${p.accent2}" stroke-width="10" stroke-linecap="round"/><path d="M42 16c4-6 10-6 14-2" stroke="#fff" stroke-opacity=".6" stroke-width="3" fill="none"/>`;

const scarab = (
  p: Palette,
) => `<path d="M50 20c-10 0-20 10-22 22H6c4-14 14-22 22-22M50 20c10 0 20 10 22 22h22c-4-14-14-22-22-22" fill="${p.accent}"/>
<ellipse cx="50" cy="58" rx="22" ry="28" fill="#1a6b8f"/><path d="M50 32v54" stroke="#0c3a50" stroke-width="3"/><circle cx="50" cy="24" r="10" fill="#0c3a50"/>
<circle cx="50" cy="14" r="9" fill="${p.glow}"/><path d="M30 76l-14 12M70 76l14 12M30 50l-16-4M70 50l16-4" stroke="#0c3a50" stroke-width="4" stroke-linecap="round"/>
<ellipse cx="42" cy="48" rx="5" ry="9" fill="#fff" opacity=".35"/>`;

const eye = (
  p: Palette,
) => `<path d="M10 46c14-18 26-24 40-24s28 6 40 24c-12 14-26 20-40 20S22 60 10 46z" fill="#f4ecd6"/>
<circle cx="50" cy="44" r="14" fill="#1f3c8a"/><circle cx="50" cy="44" r="6" fill="#0a0a16"/><circle cx="46" cy="40" r="3" fill="#fff"/>
<path d="M10 46c14-18 26-24 40-24s28 6 40 24" stroke="${p.accent2}" stroke-width="5" fill="none"/><path d="M14 20c16-6 40-8 66-2" stroke="${p.accent2}" stroke-width="5" fill="none"/>
<path d="M44 64l-6 22c8 2 12-2 12-8M56 64l14 18 10-4" stroke="${p.accent2}" stroke-width="5" fill="none" stroke-linecap="round"/>`;

export const egypt: Theme = {
  id: 'egypt',
  tags: ['egypt'],
  title: 'Египет',
  palettes: [
    {
      sky: ['#f7a541', '#b6402a'],
      far: '#d9884a',
      near: '#8a4a22',
      accent: '#2f8fbf',
      accent2: '#f2c14e',
      glow: '#fff1b8',
    },
    {
      sky: ['#0c1a3a', '#3c2a6b'],
      far: '#5a3f6b',
      near: '#2a1a30',
      accent: '#c9452f',
      accent2: '#e8c15a',
      glow: '#e8f0ff',
    },
    {
      sky: ['#2aa7c9', '#f0c27a'],
      far: '#e0a860',
      near: '#b87a3a',
      accent: '#1f6fb8',
      accent2: '#f7d56a',
      glow: '#fff8d8',
    },
  ],
  scene: (p, variant) => {
    const random = seeded(variant + 41);
    const night = p.sky[0].startsWith('#0');
    const pyramid = (x: number, base: number, w: number, h: number) =>
      `<polygon points="${n(x - w / 2)},${base} ${x},${n(base - h)} ${n(x + w / 2)},${base}" fill="${p.far}"/><polygon points="${x},${n(base - h)} ${n(x + w / 2)},${base} ${n(x + w * 0.1)},${base}" fill="#000" opacity=".22"/>`;
    return `${sky('egypt-sky', p)}${night ? starfield(random, 40, 160) : ''}${glow(80 + (variant % 3) * 120, 80, 36, p.glow, 0.8)}
${pyramid(110 + (variant % 2) * 180, 230, 200, 130)}${pyramid(250 - (variant % 2) * 120, 236, 140, 86)}
<path d="M0 236c70-20 130 4 200-6s130-24 200 0v70H0z" fill="${p.near}"/>
<path d="M0 262c90-14 160 10 240 0s120-14 160-8v46H0z" fill="#000" opacity=".18"/>`;
  },
  symbols: [
    { name: 'Маска фараона', draw: mask },
    { name: 'Скарабей', draw: scarab },
    { name: 'Анх', draw: ankh },
    { name: 'Око Гора', draw: eye },
  ],
  adjectives: [
    ['Золотой', 'Золотая', 'Золотое', 'Golden'],
    ['Древний', 'Древняя', 'Древнее', 'Ancient'],
    ['Тайный', 'Тайная', 'Тайное', 'Secret'],
    ['Солнечный', 'Солнечная', 'Солнечное', 'Sun'],
    ['Священный', 'Священная', 'Священное', 'Sacred'],
    ['Песчаный', 'Песчаная', 'Песчаное', 'Desert'],
  ],
  nouns: [
    ['фараон', 'm', 'Pharaoh'],
    ['пирамида', 'f', 'Pyramid'],
    ['скарабей', 'm', 'Scarab'],
    ['гробница', 'f', 'Tomb'],
    ['сфинкс', 'm', 'Sphinx'],
    ['папирус', 'm', 'Papyrus'],
  ],
};
