import { createHash } from 'node:crypto';
import {
  CONTENT_IMAGE_MAX_BYTES,
  ContentAdminMessage as M,
  MENU_IDS,
  type MenuAdmin,
  type MenuInput,
  type PageAdminRow,
  type PageInput,
  type ProjectImageAdminRow,
  type RedirectAdminRow,
  type SlideAdminRow,
  type SlideInput,
  type SlideState,
  type UploadedImage,
} from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Actor, AuditWriter } from '../operators/index.ts';
import { listWindow } from '../operators/index.ts';
import {
  PAGE_COLUMNS,
  type ContentAdminRepository,
  type PageRow,
  type SlideRow,
} from './content-admin.repository.ts';
import { EXTENSIONS, probeImage } from './image-probe.ts';
import { sanitizeRichText } from './rich-text.ts';

/** What the content screens need from other modules (bound in the composition). */
export interface ContentAdminPorts {
  audit: AuditWriter;
  /** Drops the guest caches: the site shows the change at once (ADR 007, ADR 038). */
  invalidate: () => Promise<void>;
}

/** Where uploaded images are served (a public, cacheable path on the API). */
export const MEDIA_PATH = '/media/uploads/';

const MENU_TITLES: Record<(typeof MENU_IDS)[number], string> = {
  header: 'Главное меню',
  footer: 'Подвал',
  sidebar_mobile: 'Меню (игрок)',
  sidebar_mobile_guest: 'Меню (гость)',
};

const iso = (date: Date | null) => date?.toISOString() ?? null;

function pageView(row: PageRow): PageAdminRow {
  return {
    id: row.id,
    identifier: row.identifier,
    url: row.url,
    title: row.title,
    description: row.description,
    h1: row.h1,
    body: row.body,
    ogImage: row.ogImage,
    updatedAt: iso(row.updatedAt),
  };
}

export function slideState(row: SlideRow, now: Date): SlideState {
  if (!row.isActive) return 'inactive';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  return 'live';
}

function slideView(row: SlideRow, now: Date): SlideAdminRow {
  return {
    id: row.id,
    slot: row.slot,
    title: row.title,
    text: row.text,
    imageDesktop: row.imageDesktop,
    imageMobile: row.imageMobile,
    linkUrl: row.linkUrl,
    linkText: row.linkText,
    position: row.position,
    audience: row.audience,
    device: row.device,
    startsAt: iso(row.startsAt),
    endsAt: iso(row.endsAt),
    isActive: row.isActive,
    state: slideState(row, now),
  };
}

/** An audit snapshot of a page: its text is long, so the row keeps its length and hash. */
function pageAudit(row: PageRow) {
  return {
    identifier: row.identifier,
    title: row.title,
    description: row.description,
    h1: row.h1,
    bodyLength: row.body.length,
    bodySha256: createHash('sha256').update(row.body).digest('hex').slice(0, 16),
  };
}

const slideAudit = (view: SlideAdminRow) => {
  const { state: _state, ...rest } = view;
  return rest;
};

/**
 * The content screens (issue 18 item 6, ADR 038): each change runs in one transaction with its audit
 * row, then drops the guest caches so the site shows it at once.
 */
export function createContentAdminService(deps: {
  db: Db;
  repository: ContentAdminRepository;
  clock: Clock;
  ports: ContentAdminPorts;
}) {
  const { db, repository, clock, ports } = deps;
  const now = () => new Date(clock.now());

  async function changed<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    const result = await db.transaction(work);
    await ports.invalidate();
    return result;
  }

  function pageValues(input: PageInput) {
    return {
      identifier: input.identifier,
      url: `/${input.identifier === 'seo_main' ? '' : input.identifier}`,
      title: input.title,
      description: input.description,
      h1: input.h1,
      body: sanitizeRichText(input.body),
      ogImage: input.ogImage,
      updatedAt: now(),
    };
  }

  function slideValues(input: SlideInput) {
    return {
      slot: input.slot,
      title: input.title,
      text: input.text || null,
      imageDesktop: input.imageDesktop || null,
      imageMobile: input.imageMobile || null,
      linkUrl: input.linkUrl || null,
      linkText: input.linkText || null,
      position: input.position,
      audience: input.audience,
      device: input.device,
      startsAt: input.startsAt ? new Date(input.startsAt) : null,
      endsAt: input.endsAt ? new Date(input.endsAt) : null,
      isActive: input.isActive,
      updatedAt: now(),
    };
  }

  const pathTaken = () => new AppError('VALIDATION_ERROR', { fields: { identifier: M.pathTaken } });

  return {
    async listPages(query: {
      query?: string | undefined;
      sort?: keyof typeof PAGE_COLUMNS | undefined;
      order: 'asc' | 'desc';
      page: number;
      pageSize: number;
    }) {
      const window = listWindow(PAGE_COLUMNS, query, 'identifier');
      const { rows, total } = await repository.listPages(query.query, window);
      return { items: rows.map(pageView), total, page: query.page, pageSize: query.pageSize };
    },
    async page(id: number): Promise<PageAdminRow> {
      const row = await repository.findPage(id);
      if (!row) throw new AppError('NOT_FOUND', { message: M.pageNotFound });
      return pageView(row);
    },
    async createPage(input: PageInput, actor: Actor): Promise<PageAdminRow> {
      return changed(async (tx) => {
        if (await repository.pathTaken(input.identifier, null, tx)) throw pathTaken();
        const row = await repository.insertPage({ ...pageValues(input), ogSiteName: 'Комета' }, tx);
        await ports.audit(
          actor,
          {
            action: 'page.create',
            targetType: 'page',
            targetId: String(row.id),
            before: null,
            after: pageAudit(row),
          },
          tx,
        );
        return pageView(row);
      });
    },
    async updatePage(id: number, input: PageInput, actor: Actor): Promise<PageAdminRow> {
      return changed(async (tx) => {
        const before = await repository.findPage(id, tx);
        if (!before) throw new AppError('NOT_FOUND', { message: M.pageNotFound });
        if (await repository.pathTaken(input.identifier, id, tx)) throw pathTaken();
        const row = (await repository.updatePage(id, pageValues(input), tx))!;
        await ports.audit(
          actor,
          {
            action: 'page.update',
            targetType: 'page',
            targetId: String(id),
            before: pageAudit(before),
            after: pageAudit(row),
          },
          tx,
        );
        return pageView(row);
      });
    },
    async deletePage(id: number, actor: Actor) {
      await changed(async (tx) => {
        const row = await repository.deletePage(id, tx);
        if (!row) throw new AppError('NOT_FOUND', { message: M.pageNotFound });
        await ports.audit(
          actor,
          {
            action: 'page.delete',
            targetType: 'page',
            targetId: String(id),
            before: pageAudit(row),
            after: null,
          },
          tx,
        );
      });
      return { success: true as const };
    },

    async listRedirects(): Promise<RedirectAdminRow[]> {
      const rows = await repository.listRedirects();
      return rows.map((row) => ({ id: row.id, source: row.source, target: row.target, code: row.code }));
    },
    async createRedirect(
      input: { source: string; target: string; code: 301 | 302 },
      actor: Actor,
    ): Promise<RedirectAdminRow> {
      if (input.target.replace(/^\/+/, '').replace(/\/+$/, '') === input.source) {
        throw new AppError('VALIDATION_ERROR', { fields: { target: M.redirectLoop } });
      }
      return changed(async (tx) => {
        if (await repository.redirectFrom(input.source, tx)) {
          throw new AppError('VALIDATION_ERROR', { fields: { source: M.pathTaken } });
        }
        const row = await repository.insertRedirect(input, tx);
        const view = { id: row.id, source: row.source, target: row.target, code: row.code };
        await ports.audit(
          actor,
          {
            action: 'redirect.create',
            targetType: 'redirect',
            targetId: String(row.id),
            before: null,
            after: view,
          },
          tx,
        );
        return view;
      });
    },
    async deleteRedirect(id: number, actor: Actor) {
      await changed(async (tx) => {
        const row = await repository.deleteRedirect(id, tx);
        if (!row) throw new AppError('NOT_FOUND', { message: M.redirectNotFound });
        await ports.audit(
          actor,
          {
            action: 'redirect.delete',
            targetType: 'redirect',
            targetId: String(id),
            before: { source: row.source, target: row.target, code: row.code },
            after: null,
          },
          tx,
        );
      });
      return { success: true as const };
    },

    async listMenus(): Promise<MenuAdmin[]> {
      const { menus, items } = await repository.listMenus();
      const known = new Map(menus.map((menu) => [menu.id, menu.title]));
      return MENU_IDS.map((id) => {
        const own = items.filter((item) => item.menuId === id);
        return {
          id,
          title: known.get(id) ?? MENU_TITLES[id],
          items: own
            .filter((item) => item.parentId === null)
            .map((item) => ({
              title: item.title,
              url: item.url,
              children: own
                .filter((child) => child.parentId === item.id)
                .map((child) => ({ title: child.title, url: child.url })),
            })),
        };
      });
    },
    async updateMenu(id: (typeof MENU_IDS)[number], input: MenuInput, actor: Actor): Promise<MenuAdmin> {
      const before = (await this.listMenus()).find((menu) => menu.id === id)!;
      await changed(async (tx) => {
        await repository.replaceMenu(id, before.title, input.items, tx);
        await ports.audit(
          actor,
          {
            action: 'menu.update',
            targetType: 'menu',
            targetId: id,
            before: { items: before.items },
            after: { items: input.items },
          },
          tx,
        );
      });
      return { id, title: before.title, items: input.items };
    },

    async listSlides(slot: string | undefined): Promise<SlideAdminRow[]> {
      const at = now();
      return (await repository.listSlides(slot)).map((row) => slideView(row, at));
    },
    async createSlide(input: SlideInput, actor: Actor): Promise<SlideAdminRow> {
      return changed(async (tx) => {
        const view = slideView(await repository.insertSlide(slideValues(input), tx), now());
        await ports.audit(
          actor,
          {
            action: 'slide.create',
            targetType: 'slide',
            targetId: String(view.id),
            before: null,
            after: slideAudit(view),
          },
          tx,
        );
        return view;
      });
    },
    async updateSlide(id: number, input: SlideInput, actor: Actor): Promise<SlideAdminRow> {
      return changed(async (tx) => {
        const before = await repository.findSlide(id, tx);
        if (!before) throw new AppError('NOT_FOUND', { message: M.slideNotFound });
        const at = now();
        const view = slideView((await repository.updateSlide(id, slideValues(input), tx))!, at);
        await ports.audit(
          actor,
          {
            action: 'slide.update',
            targetType: 'slide',
            targetId: String(id),
            before: slideAudit(slideView(before, at)),
            after: slideAudit(view),
          },
          tx,
        );
        return view;
      });
    },
    async deleteSlide(id: number, actor: Actor) {
      await changed(async (tx) => {
        const row = await repository.deleteSlide(id, tx);
        if (!row) throw new AppError('NOT_FOUND', { message: M.slideNotFound });
        await ports.audit(
          actor,
          {
            action: 'slide.delete',
            targetType: 'slide',
            targetId: String(id),
            before: slideAudit(slideView(row, now())),
            after: null,
          },
          tx,
        );
      });
      return { success: true as const };
    },

    /**
     * Keeps an uploaded image: its real type from its own bytes (a PNG called .jpg is a PNG; a script
     * called .png is refused), at most 1 MB, named by its hash, served from the API with long caching.
     */
    async uploadImage(
      input: { fileName: string; contentType: string; data: string },
      actor: Actor & { id: number },
    ): Promise<UploadedImage> {
      const bytes = Buffer.from(input.data, 'base64');
      if (bytes.length > CONTENT_IMAGE_MAX_BYTES) {
        throw new AppError('VALIDATION_ERROR', { fields: { data: M.imageTooLarge } });
      }
      const facts = probeImage(bytes);
      if (!facts || facts.type !== input.contentType) {
        throw new AppError('VALIDATION_ERROR', { fields: { data: M.imageType } });
      }
      const id = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${EXTENSIONS[facts.type]}`;
      const image = {
        url: `${MEDIA_PATH}${id}`,
        contentType: facts.type,
        size: bytes.length,
        width: facts.width,
        height: facts.height,
      };
      await db.transaction(async (tx) => {
        await repository.insertMedia(
          {
            id,
            contentType: facts.type,
            bytes,
            size: bytes.length,
            width: facts.width,
            height: facts.height,
            createdBy: actor.id,
          },
          tx,
        );
        await ports.audit(
          actor,
          {
            action: 'image.upload',
            targetType: 'media',
            targetId: id,
            before: null,
            after: { ...image, fileName: input.fileName.slice(0, 200) },
          },
          tx,
        );
      });
      return image;
    },
    media: (id: string) => repository.findMedia(id),

    async listImages(): Promise<ProjectImageAdminRow[]> {
      return repository.listImages();
    },
    async updateImage(
      id: number,
      change: { url: string; width: number | null; height: number | null },
      actor: Actor,
    ): Promise<ProjectImageAdminRow> {
      return changed(async (tx) => {
        const before = await repository.findImage(id, tx);
        if (!before) throw new AppError('NOT_FOUND', { message: M.imageNotFound });
        const row = (await repository.updateImage(id, change, tx))!;
        await ports.audit(
          actor,
          { action: 'image.update', targetType: 'image', targetId: String(id), before, after: row },
          tx,
        );
        return row;
      });
    },
  };
}

export type ContentAdminService = ReturnType<typeof createContentAdminService>;
