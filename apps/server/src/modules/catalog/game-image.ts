import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { lookOf, lookOfSlug, themeById, themedCoverSvg, type ThemeId } from '@kometa/themes';
import { ORIGINAL_COVERS } from './original-covers.ts';

/** The widths a cover is rendered at (spec §9: images in webp with a width), and the quality range. */
export const COVER_WIDTHS = [160, 240, 320, 480, 640, 800] as const;
export const COVER_QUALITY = { min: 40, max: 90, default: 75 } as const;
const CACHE_LIMIT = 1_000;
const rendered = new Map<string, Promise<Buffer>>();

/**
 * A game's cover as SVG: Kometa's originals have art of their own (original-covers.ts); every other
 * game is drawn from its theme (ADR 050) — a demo game from the theme it was dealt, any other game
 * from a theme picked by its address — with its title set on it, so no cover is a bare placeholder.
 */
export function gameCoverSvg(slug: string, title: string): string {
  const art = ORIGINAL_COVERS[slug];
  if (art) return art();
  const house = HOUSE_THEMES[slug];
  return themedCoverSvg(house ? lookOf(themeById(house), slug) : lookOfSlug(slug), title);
}

/** Kometa's classics until they get art of their own: the theme that matches what they show inside. */
const HOUSE_THEMES: Record<string, ThemeId> = {
  'kometa-classic-slot': 'fruit',
  'kometa-video-slot': 'space',
  'kometa-roulette': 'jewels',
  'kometa-dice': 'jewels',
  'kometa-blackjack': 'jewels',
};

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

/** What an uploaded file turned out to be, or why it was refused (ADR 037). */
export type UploadedCover =
  { ok: true; bytes: Buffer; hash: string } | { ok: false; reason: 'type' | 'too_small' };

/** The width uploaded covers are kept at (4:3); every served width is rendered from it. */
const STORED_COVER_WIDTH = 800;

/**
 * An operator's cover: the bytes must really be the declared JPEG, PNG or WebP (read by the image
 * library, never trusted from the name or the header) and at least `min` in size; kept as WebP at
 * 800×600, cropped to 4:3 around its centre, metadata stripped.
 */
export async function normalizedCover(
  bytes: Buffer,
  declared: 'image/jpeg' | 'image/png' | 'image/webp',
  min: { width: number; height: number },
): Promise<UploadedCover> {
  let format: string | undefined;
  let size: { width?: number | undefined; height?: number | undefined };
  try {
    const meta = await sharp(bytes).metadata();
    format = meta.format;
    size = { width: meta.width, height: meta.height };
  } catch {
    return { ok: false, reason: 'type' };
  }
  const expected = { 'image/jpeg': 'jpeg', 'image/png': 'png', 'image/webp': 'webp' }[declared];
  if (format !== expected) return { ok: false, reason: 'type' };
  if ((size.width ?? 0) < min.width || (size.height ?? 0) < min.height)
    return { ok: false, reason: 'too_small' };
  const webp = await sharp(bytes)
    .rotate()
    .resize(STORED_COVER_WIDTH, (STORED_COVER_WIDTH * 3) / 4, { fit: 'cover', position: 'centre' })
    .webp({ quality: 85 })
    .toBuffer();
  return { ok: true, bytes: webp, hash: createHash('sha256').update(webp).digest('hex').slice(0, 16) };
}

/** An uploaded cover as WebP at one of the fixed widths, rendered once per instance and kept. */
export function uploadedCoverWebp(
  hash: string,
  bytes: Buffer,
  width: number,
  quality: number,
): Promise<Buffer> {
  const key = `upload|${hash}|${width}|${quality}`;
  let image = rendered.get(key);
  if (!image) {
    image = sharp(bytes)
      .resize(width, Math.round((width * 3) / 4))
      .webp({ quality })
      .toBuffer();
    image.catch(() => rendered.delete(key));
    rendered.set(key, image);
    if (rendered.size > CACHE_LIMIT) rendered.delete(rendered.keys().next().value!);
  }
  return image;
}
