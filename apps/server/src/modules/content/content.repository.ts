import { and, asc, desc, eq, gt, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { menuItems, menus, pages, projectImages, redirects, rotatorSlides } from './content.tables.ts';

export type PageRow = typeof pages.$inferSelect;
export type RedirectRow = typeof redirects.$inferSelect;
export type SlideRow = typeof rotatorSlides.$inferSelect;
export type MenuItemRow = typeof menuItems.$inferSelect;
export type ImageRow = typeof projectImages.$inferSelect;

/** The demo content the seed loads through the service. */
export interface ContentSeed {
  images: (typeof projectImages.$inferInsert)[];
  menus: {
    id: string;
    title: string;
    items: { title: string; url: string; icon?: string; children?: { title: string; url: string }[] }[];
  }[];
  pages: (typeof pages.$inferInsert)[];
  redirects: (typeof redirects.$inferInsert)[];
  slides: (typeof rotatorSlides.$inferInsert)[];
}

export function createContentRepository(db: Db) {
  function liveSlides(now: Date) {
    return and(
      eq(rotatorSlides.isActive, true),
      or(isNull(rotatorSlides.startsAt), lte(rotatorSlides.startsAt, now)),
      or(isNull(rotatorSlides.endsAt), gt(rotatorSlides.endsAt, now)),
    );
  }

  return {
    listImages(): Promise<ImageRow[]> {
      return db.select().from(projectImages).orderBy(asc(projectImages.id));
    },
    async findMenu(id: string): Promise<{ id: string; title: string; items: MenuItemRow[] } | undefined> {
      const [menu] = await db.select().from(menus).where(eq(menus.id, id)).limit(1);
      if (!menu) return undefined;
      const items = await db
        .select()
        .from(menuItems)
        .where(and(eq(menuItems.menuId, id), eq(menuItems.isActive, true)))
        .orderBy(asc(menuItems.position), asc(menuItems.id));
      return { ...menu, items };
    },
    /** The page for a path on a domain; a domain-specific page wins over the every-domain one. */
    async findPage(identifier: string, domain: string): Promise<PageRow | undefined> {
      const rows = await db
        .select()
        .from(pages)
        .where(and(eq(pages.identifier, identifier), inArray(pages.domain, [domain, ''])))
        .orderBy(desc(pages.domain))
        .limit(1);
      return rows[0];
    },
    async findRedirect(source: string, domain: string): Promise<RedirectRow | undefined> {
      const rows = await db
        .select()
        .from(redirects)
        .where(and(eq(redirects.source, source), inArray(redirects.domain, [domain, ''])))
        .orderBy(desc(redirects.domain))
        .limit(1);
      return rows[0];
    },
    listLiveSlides(now: Date, slot?: string): Promise<SlideRow[]> {
      return db
        .select()
        .from(rotatorSlides)
        .where(slot ? and(liveSlides(now), eq(rotatorSlides.slot, slot)) : liveSlides(now))
        .orderBy(asc(rotatorSlides.slot), asc(rotatorSlides.position), asc(rotatorSlides.id));
    },
    /** Loads demo content in one transaction. */
    async insertSeed(seed: ContentSeed): Promise<void> {
      await db.transaction(async (tx) => {
        if (seed.images.length) await tx.insert(projectImages).values(seed.images).onConflictDoNothing();
        for (const menu of seed.menus) {
          await tx.insert(menus).values({ id: menu.id, title: menu.title }).onConflictDoNothing();
          for (const [position, item] of menu.items.entries()) {
            const [parent] = await tx
              .insert(menuItems)
              .values({
                menuId: menu.id,
                title: item.title,
                url: item.url,
                icon: item.icon ?? null,
                position,
              })
              .returning({ id: menuItems.id });
            for (const [childPosition, child] of (item.children ?? []).entries()) {
              await tx.insert(menuItems).values({
                menuId: menu.id,
                parentId: parent?.id ?? null,
                title: child.title,
                url: child.url,
                position: childPosition,
              });
            }
          }
        }
        if (seed.pages.length) await tx.insert(pages).values(seed.pages).onConflictDoNothing();
        if (seed.redirects.length) await tx.insert(redirects).values(seed.redirects).onConflictDoNothing();
        if (seed.slides.length) await tx.insert(rotatorSlides).values(seed.slides);
      });
    },
  };
}

export type ContentRepository = ReturnType<typeof createContentRepository>;
