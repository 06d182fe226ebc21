import type { Palette } from './theme.ts';

/** Numbers in SVG: one decimal, enough at cover sizes. */
export const n = (value: number) => (Math.round(value * 10) / 10).toString();

/** Points of a polygon from [x, y, x, y, …]. */
export function pts(values: readonly number[]): string {
  const pairs: string[] = [];
  for (let i = 0; i + 1 < values.length; i += 2) pairs.push(`${n(values[i]!)},${n(values[i + 1]!)}`);
  return pairs.join(' ');
}

/** A star of `rays` points at x, y (outer r, inner ri). */
export function star(
  x: number,
  y: number,
  r: number,
  ri: number,
  rays = 5,
  fill = '#fff',
  extra = '',
): string {
  const points: number[] = [];
  for (let i = 0; i < rays * 2; i++) {
    const a = (i / (rays * 2)) * Math.PI * 2 - Math.PI / 2;
    const radius = i % 2 === 0 ? r : ri;
    points.push(x + Math.cos(a) * radius, y + Math.sin(a) * radius);
  }
  return `<polygon points="${pts(points)}" fill="${fill}"${extra}/>`;
}

/** A four-pointed sparkle. */
export const sparkle = (x: number, y: number, r: number, fill = '#fff', opacity = 1) =>
  `<path d="M${n(x)} ${n(y - r)}Q${n(x + r * 0.12)} ${n(y - r * 0.12)} ${n(x + r)} ${n(y)}Q${n(x + r * 0.12)} ${n(y + r * 0.12)} ${n(x)} ${n(y + r)}Q${n(x - r * 0.12)} ${n(y + r * 0.12)} ${n(x - r)} ${n(y)}Q${n(x - r * 0.12)} ${n(y - r * 0.12)} ${n(x)} ${n(y - r)}z" fill="${fill}" opacity="${opacity}"/>`;

/** A small deterministic generator (mulberry32): the same seed draws the same scene. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A stable 32-bit hash of a text (FNV-1a): picks a game's variant from its address. */
export function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The sky: a vertical gradient under the whole 400×300 scene, with an id of its own. */
export const sky = (id: string, p: Palette) =>
  `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sky[0]}"/><stop offset="1" stop-color="${p.sky[1]}"/></linearGradient></defs><rect width="400" height="300" fill="url(#${id})"/>`;

/** A soft glow disc (a sun, a moon, a halo behind a hero). */
export const glow = (x: number, y: number, r: number, color: string, opacity = 0.5) =>
  `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 1.6)}" fill="${color}" opacity="${n(opacity * 0.25)}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r * 1.25)}" fill="${color}" opacity="${n(opacity * 0.35)}"/><circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}" opacity="${n(opacity)}"/>`;

/** A ridge of peaks across the scene: a silhouette from the left edge to the right at a base line. */
export function ridge(
  random: () => number,
  base: number,
  height: number,
  peaks: number,
  fill: string,
): string {
  const step = 400 / peaks;
  const points = [0, 300, 0, base];
  for (let i = 0; i < peaks; i++) {
    points.push(step * i + step * (0.3 + random() * 0.4), base - height * (0.5 + random() * 0.5));
    points.push(step * (i + 1), base - height * random() * 0.3);
  }
  points.push(400, 300);
  return `<polygon points="${pts(points)}" fill="${fill}"/>`;
}

/** A scatter of small stars over the upper part of the scene. */
export function starfield(random: () => number, count: number, maxY = 200, color = '#fff'): string {
  return Array.from({ length: count }, () => {
    const [x, y, r] = [random() * 400, random() * maxY, 0.5 + random() * 1.6];
    return `<circle cx="${n(x)}" cy="${n(y)}" r="${n(r)}" fill="${color}" opacity="${n(0.35 + random() * 0.6)}"/>`;
  }).join('');
}

/**
 * The low symbols every theme shares, drawn in its colours: five cut stones of different shapes
 * (the place where a classic slot has its royals, but without letters: no font is needed).
 */
const LOW_SHAPES: { name: string; points: number[] }[] = [
  { name: 'Треугольный камень', points: [50, 14, 88, 80, 12, 80] },
  { name: 'Квадратный камень', points: [18, 18, 82, 18, 82, 82, 18, 82] },
  { name: 'Ромбовый камень', points: [50, 8, 90, 50, 50, 92, 10, 50] },
  { name: 'Шестигранный камень', points: [30, 14, 70, 14, 90, 50, 70, 86, 30, 86, 10, 50] },
  { name: 'Круглый камень', points: [] },
];

export function lowSymbol(index: number, color: string): { name: string; svg: string } {
  const shape = LOW_SHAPES[index % LOW_SHAPES.length]!;
  const body =
    shape.points.length === 0
      ? `<circle cx="50" cy="50" r="38" fill="${color}"/><circle cx="50" cy="50" r="26" fill="#fff" opacity=".18"/><ellipse cx="38" cy="34" rx="12" ry="7" fill="#fff" opacity=".45"/>`
      : `<polygon points="${pts(shape.points)}" fill="${color}" stroke="#000" stroke-opacity=".25" stroke-width="3" stroke-linejoin="round"/><polygon points="${pts(shape.points.map((v) => 50 + (v - 50) * 0.55))}" fill="#fff" opacity=".2"/><polygon points="${pts(shape.points.slice(0, 4).concat([50, 50]))}" fill="#fff" opacity=".3"/>`;
  return { name: shape.name, svg: body };
}
