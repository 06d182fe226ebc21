import { and, asc, count, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import {
  contentMedia,
  menuItems,
  menus,
  pages,
  projectImages,
  redirects,
  rotatorSlides,
} from './content.tables.ts';

export type NewPage = typeof pages.$inferInsert;
export type NewSlide = typeof rotatorSlides.$inferInsert;
export type MediaRow = typeof contentMedia.$inferSelect;
export type PageRow = typeof pages.$inferSelect;
export type SlideRow = typeof rotatorSlides.$inferSelect;

/** The page list's sort keys as whitelisted SQL (listWindow never puts the client's text in SQL). */
export const PAGE_COLUMNS = {
  id: 'id',
  identifier: 'identifier',
  title: 'title',
  updatedAt: 'updated_at',
} as const;

export interface ListWindow {
  orderBy: SQL;
  limit: number;
  offset: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The content screens' reads and writes (ADR 038); every write takes the change's transaction. */
export function createContentAdminRepository(db: Db) {
  return {
    async listPages(search: string | undefined, window: ListWindow) {
      const where = search
        ? or(
            ilike(pages.identifier, `%${escapeLike(search)}%`),
            ilike(pages.title, `%${escapeLike(search)}%`),
          )
        : undefined;
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(pages)
          .where(and(eq(pages.domain, ''), where))
          .orderBy(window.orderBy)
          .limit(window.limit)
          .offset(window.offset),
        db
          .select({ value: count() })
          .from(pages)
          .where(and(eq(pages.domain, ''), where)),
      ]);
      return { rows, total: total?.value ?? 0 };
    },
    async findPage(id: number, executor: Db = db): Promise<PageRow | undefined> {
      const [row] = await executor.select().from(pages).where(eq(pages.id, id)).limit(1);
      return row;
    },
    async pathTaken(identifier: string, exceptId: number | null, executor: Db = db): Promise<boolean> {
      const [row] = await executor
        .select({ id: pages.id })
        .from(pages)
        .where(
          and(
            eq(pages.identifier, identifier),
            eq(pages.domain, ''),
            exceptId === null ? undefined : ne(pages.id, exceptId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },
    async insertPage(page: NewPage, executor: Db): Promise<PageRow> {
      const [row] = await executor.insert(pages).values(page).returning();
      return row!;
    },
    async updatePage(id: number, page: Partial<NewPage>, executor: Db): Promise<PageRow | undefined> {
      const [row] = await executor.update(pages).set(page).where(eq(pages.id, id)).returning();
      return row;
    },
    async deletePage(id: number, executor: Db): Promise<PageRow | undefined> {
      const [row] = await executor.delete(pages).where(eq(pages.id, id)).returning();
      return row;
    },

    listRedirects() {
      return db.select().from(redirects).where(eq(redirects.domain, '')).orderBy(asc(redirects.source));
    },
    async redirectFrom(source: string, executor: Db = db) {
      const [row] = await executor
        .select()
        .from(redirects)
        .where(and(eq(redirects.source, source), eq(redirects.domain, '')))
        .limit(1);
      return row;
    },
    async insertRedirect(row: typeof redirects.$inferInsert, executor: Db) {
      const [inserted] = await executor.insert(redirects).values(row).returning();
      return inserted!;
    },
    async deleteRedirect(id: number, executor: Db) {
      const [row] = await executor.delete(redirects).where(eq(redirects.id, id)).returning();
      return row;
    },

    async listMenus() {
      const [menuRows, itemRows] = await Promise.all([
        db.select().from(menus).orderBy(asc(menus.id)),
        db
          .select()
          .from(menuItems)
          .where(eq(menuItems.isActive, true))
          .orderBy(asc(menuItems.position), asc(menuItems.id)),
      ]);
      return { menus: menuRows, items: itemRows };
    },
    /** Replaces a menu's items with the given tree (two levels), creating the menu if it is new. */
    async replaceMenu(
      id: string,
      title: string,
      items: { title: string; url: string; children: { title: string; url: string }[] }[],
      executor: Db,
    ) {
      await executor.insert(menus).values({ id, title }).onConflictDoNothing();
      await executor.delete(menuItems).where(eq(menuItems.menuId, id));
      for (const [position, item] of items.entries()) {
        const [parent] = await executor
          .insert(menuItems)
          .values({ menuId: id, title: item.title, url: item.url, position })
          .returning({ id: menuItems.id });
        if (item.children.length) {
          await executor.insert(menuItems).values(
            item.children.map((child, childPosition) => ({
              menuId: id,
              parentId: parent!.id,
              title: child.title,
              url: child.url,
              position: childPosition,
            })),
          );
        }
      }
    },

    listSlides(slot: string | undefined) {
      return db
        .select()
        .from(rotatorSlides)
        .where(slot ? eq(rotatorSlides.slot, slot) : undefined)
        .orderBy(asc(rotatorSlides.slot), asc(rotatorSlides.position), asc(rotatorSlides.id));
    },
    async findSlide(id: number, executor: Db = db): Promise<SlideRow | undefined> {
      const [row] = await executor.select().from(rotatorSlides).where(eq(rotatorSlides.id, id)).limit(1);
      return row;
    },
    async insertSlide(slide: NewSlide, executor: Db): Promise<SlideRow> {
      const [row] = await executor.insert(rotatorSlides).values(slide).returning();
      return row!;
    },
    async updateSlide(id: number, slide: Partial<NewSlide>, executor: Db): Promise<SlideRow | undefined> {
      const [row] = await executor
        .update(rotatorSlides)
        .set(slide)
        .where(eq(rotatorSlides.id, id))
        .returning();
      return row;
    },
    async deleteSlide(id: number, executor: Db): Promise<SlideRow | undefined> {
      const [row] = await executor.delete(rotatorSlides).where(eq(rotatorSlides.id, id)).returning();
      return row;
    },

    /** Keeps an uploaded image once (its name is its hash: the same file uploaded twice is one row). */
    async insertMedia(row: typeof contentMedia.$inferInsert, executor: Db): Promise<void> {
      await executor.insert(contentMedia).values(row).onConflictDoNothing();
    },
    async findMedia(id: string): Promise<MediaRow | undefined> {
      const [row] = await db.select().from(contentMedia).where(eq(contentMedia.id, id)).limit(1);
      return row;
    },

    listImages() {
      return db.select().from(projectImages).orderBy(asc(projectImages.id));
    },
    async findImage(id: number, executor: Db = db) {
      const [row] = await executor.select().from(projectImages).where(eq(projectImages.id, id)).limit(1);
      return row;
    },
    async updateImage(
      id: number,
      change: { url: string; width: number | null; height: number | null },
      executor: Db,
    ) {
      const [row] = await executor
        .update(projectImages)
        .set(change)
        .where(eq(projectImages.id, id))
        .returning();
      return row;
    },
  };
}

export type ContentAdminRepository = ReturnType<typeof createContentAdminRepository>;
