import type { MenuItem, Page, RotatorSlide, RotatorSlot } from '@kometa/contracts';
import { rotatorSlot } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { ContentRepository, ContentSeed, MenuItemRow, SlideRow } from './content.repository.ts';
import { sanitizeRichText } from './rich-text.ts';

export interface Viewer {
  isGuest: boolean;
  isMobile: boolean;
}

/** The path identifier of spec §2.2: no leading slashes, the main page is 'seo_main'. */
export function pageIdentifier(raw: string): string {
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // A malformed escape is looked up as typed.
  }
  const trimmed = decoded.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? 'seo_main' : trimmed;
}

function toSeconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}

function toSlide(row: SlideRow): RotatorSlide {
  return {
    id: row.id,
    slot: row.slot as RotatorSlot,
    title: row.title,
    text: row.text,
    image: { desktop: row.imageDesktop, mobile: row.imageMobile },
    link: row.linkUrl ? { url: row.linkUrl, text: row.linkText } : null,
    position: row.position,
    audience: row.audience,
    startsAt: toSeconds(row.startsAt),
    endsAt: toSeconds(row.endsAt),
  };
}

function visibleTo(row: SlideRow, viewer: Viewer): boolean {
  const audienceOk = row.audience === 'all' || (row.audience === 'guest') === viewer.isGuest;
  const deviceOk = row.device === 'all' || (row.device === 'mobile') === viewer.isMobile;
  return audienceOk && deviceOk;
}

function menuTree(rows: MenuItemRow[]): MenuItem[] {
  const byParent = new Map<number | null, MenuItemRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parentId) ?? [];
    list.push(row);
    byParent.set(row.parentId, list);
  }
  const build = (parent: number | null, depth: number): MenuItem[] =>
    (byParent.get(parent) ?? []).map((row) => ({
      id: row.id,
      title: row.title,
      url: row.url,
      icon: row.icon,
      position: row.position,
      children: depth < 3 ? build(row.id, depth + 1) : [],
    }));
  return build(null, 0);
}

function parseSlot(slug: string): RotatorSlot {
  const parsed = rotatorSlot.safeParse(slug);
  if (!parsed.success) throw new AppError('NOT_FOUND');
  return parsed.data;
}

export function createContentService(repository: ContentRepository, clock: Clock) {
  return {
    async images() {
      const rows = await repository.listImages();
      return rows.map((row) => ({
        type: row.type,
        name: row.name,
        images: { original: { original: row.url } },
        width: row.width,
        height: row.height,
      }));
    },

    async menu(id: string) {
      const menu = await repository.findMenu(id);
      if (!menu) throw new AppError('NOT_FOUND');
      return { id: menu.id, title: menu.title, items: menuTree(menu.items) };
    },

    /** SEO data and redirect for a path; null when there is neither (the client caches it as empty). */
    async page(rawIdentifier: string, domain: string): Promise<Page | null> {
      const identifier = pageIdentifier(rawIdentifier);
      const [page, redirect] = await Promise.all([
        repository.findPage(identifier, domain),
        repository.findRedirect(identifier, domain),
      ]);
      if (!page && !redirect) return null;
      return {
        id: page?.id ?? null,
        url: page?.url ?? `/${identifier === 'seo_main' ? '' : identifier}`,
        seo: page
          ? {
              title: page.title,
              description: page.description,
              ogImage: page.ogImage,
              ogSiteName: page.ogSiteName,
            }
          : null,
        prerender: page ? { header: page.prerenderHeader, statusCode: page.statusCode } : null,
        redirect: redirect
          ? {
              code: redirect.code === 302 ? 302 : 301,
              to: redirect.target,
              from: `/${redirect.source}`,
              aliasRoute: redirect.aliasRoute,
            }
          : null,
        content:
          page && page.body
            ? { h1: page.h1 || page.title, body: page.body, updatedAt: toSeconds(page.updatedAt) }
            : null,
      };
    },

    /** Slots that have at least one live slide now. */
    async activeSlots(): Promise<RotatorSlot[]> {
      const rows = await repository.listLiveSlides(new Date(clock.now()));
      return [...new Set(rows.map((row) => row.slot))].filter(
        (slot) => rotatorSlot.safeParse(slot).success,
      ) as RotatorSlot[];
    },

    async slides(slug: string, viewer: Viewer): Promise<{ slug: RotatorSlot; slides: RotatorSlide[] }> {
      const slot = parseSlot(slug);
      const rows = await repository.listLiveSlides(new Date(clock.now()), slot);
      return { slug: slot, slides: rows.filter((row) => visibleTo(row, viewer)).map(toSlide) };
    },

    /** The slide to show now: the first live one (by position) for this viewer. */
    async currentSlide(slug: string, viewer: Viewer): Promise<RotatorSlide | null> {
      const { slides } = await this.slides(slug, viewer);
      return slides[0] ?? null;
    },

    async loadDemo(seed: ContentSeed): Promise<void> {
      await repository.insertSeed({
        ...seed,
        pages: seed.pages.map((page) => ({ ...page, body: sanitizeRichText(page.body ?? '') })),
      });
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;
