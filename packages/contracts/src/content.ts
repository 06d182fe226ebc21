import { z } from 'zod';
import { dataEnvelope } from './envelope.ts';
import { rotatorSlot } from './enums.ts';
import { queryWith } from './common.ts';

/** GET /content/images: project images keyed by type or name, `images.original.original` is the URL. */
export const projectImage = z.object({
  type: z.string(),
  name: z.string(),
  images: z.object({ original: z.object({ original: z.string() }) }),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export const projectImagesResponse = dataEnvelope(z.array(projectImage));

export const menuParams = z.strictObject({ id: z.string().regex(/^[a-z0-9_-]{1,64}$/) });
export interface MenuItem {
  id: number;
  title: string;
  url: string;
  icon: string | null;
  position: number;
  children: MenuItem[];
}
export const menuItem: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    title: z.string(),
    url: z.string(),
    icon: z.string().nullable(),
    position: z.number().int(),
    children: z.array(menuItem),
  }),
);
export const menu = z.object({ id: z.string(), title: z.string(), items: z.array(menuItem) });
export const menuResponse = dataEnvelope(menu);

/** GET /pages/{identifier}: SEO data and the redirect data the router applies (spec §2.2, §3). */
export const pagesQuery = queryWith({});
export const redirectData = z.object({
  code: z.union([z.literal(301), z.literal(302)]),
  to: z.string(),
  from: z.string(),
  aliasRoute: z.string().nullable(),
});
export const pageSeo = z.object({
  title: z.string(),
  description: z.string(),
  ogImage: z.string().nullable(),
  ogSiteName: z.string(),
});
export const page = z.object({
  id: z.number().int().nullable(),
  url: z.string(),
  seo: pageSeo.nullable(),
  prerender: z.object({ header: z.string().nullable(), statusCode: z.number().int() }).nullable(),
  redirect: redirectData.nullable(),
  /** The page's own heading and text (sanitised HTML) when the operator wrote one (ADR 038). */
  content: z.object({ h1: z.string(), body: z.string(), updatedAt: z.number().int().nullable() }).nullable(),
});
export type Page = z.infer<typeof page>;
/** `data: null` means no page and no redirect for that path; the client caches it as empty. */
export const pageResponse = dataEnvelope(page.nullable());

export const rotatorParams = z.strictObject({ slug: z.string().max(64) });
export const rotatorQuery = queryWith({});
export const rotatorSlide = z.object({
  id: z.number().int(),
  slot: rotatorSlot,
  title: z.string(),
  text: z.string().nullable(),
  image: z.object({ desktop: z.string().nullable(), mobile: z.string().nullable() }),
  link: z.object({ url: z.string(), text: z.string().nullable() }).nullable(),
  position: z.number().int(),
  audience: z.enum(['all', 'guest', 'player']),
  startsAt: z.number().int().nullable(),
  endsAt: z.number().int().nullable(),
});
export type RotatorSlide = z.infer<typeof rotatorSlide>;
export const rotatorSlugsResponse = dataEnvelope(z.array(rotatorSlot));
export const rotatorCurrentResponse = dataEnvelope(rotatorSlide.nullable());
export const rotatorResponse = dataEnvelope(z.object({ slug: rotatorSlot, slides: z.array(rotatorSlide) }));
