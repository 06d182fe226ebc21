import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** The widths a cover is rendered at (spec §9: images in webp with a width), and the quality range. */
export const COVER_WIDTHS = [160, 240, 320, 480, 640, 800] as const;
export const COVER_QUALITY = { min: 40, max: 90, default: 75 } as const;
const CACHE_LIMIT = 1_000;
const rendered = new Map<string, Promise<Buffer>>();

const escapeXml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

/**
 * A neutral cover for a demo game (operators upload real art): a gradient picked from the slug and
 * the title, 4:3, so that the lobby has no layout shift and no broken image.
 */
export function gameCoverSvg(slug: string, title: string): string {
  const hash = createHash('sha256').update(slug).digest();
  const hue = (hash[0]! * 360) / 256;
  const words = title.split(' ');
  const lines = [
    words.slice(0, Math.ceil(words.length / 2)).join(' '),
    words.slice(Math.ceil(words.length / 2)).join(' '),
  ];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300" role="img" aria-label="${escapeXml(title)}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue},70%,38%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},70%,18%)"/></linearGradient></defs>
<rect width="400" height="300" rx="24" fill="url(#g)"/>
${lines
  .filter(Boolean)
  .map(
    (line, i) =>
      `<text x="200" y="${150 + (i - (lines.filter(Boolean).length - 1) / 2) * 44}" font-family="system-ui,sans-serif" font-size="34" font-weight="700" fill="#fff" text-anchor="middle" dominant-baseline="middle">${escapeXml(line)}</text>`,
  )
  .join('\n')}
</svg>`;
}

/**
 * The cover as WebP at one of the fixed widths (4:3), rendered once per instance and kept (at most
 * 1,000 renders, the oldest dropped first): covers are few and immutable per title.
 */
export function gameCoverWebp(slug: string, title: string, width: number, quality: number): Promise<Buffer> {
  const key = `${slug}|${title}|${width}|${quality}`;
  let image = rendered.get(key);
  if (!image) {
    image = sharp(Buffer.from(gameCoverSvg(slug, title)), { density: Math.max(72, (72 * width) / 400) })
      .resize(width, Math.round((width * 3) / 4))
      .webp({ quality })
      .toBuffer();
    image.catch(() => rendered.delete(key));
    rendered.set(key, image);
    if (rendered.size > CACHE_LIMIT) rendered.delete(rendered.keys().next().value!);
  }
  return image;
}
