import type { Page } from '@kometa/contracts';
import { ru } from '../i18n/ru.ts';

/** The head of a public page from its SEO data (spec §3 Page SEO data), with our own defaults. */
export function seoMeta(
  page: Page | null | undefined,
  fallback: { title: string; description: string },
  url: string,
) {
  const title = page?.seo?.title || fallback.title;
  const description = page?.seo?.description || fallback.description;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    // Spec §2.2 alternate links: Russian is the only language, so it is also the default.
    { tagName: 'link', rel: 'alternate', hrefLang: 'ru', href: url },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:site_name', content: page?.seo?.ogSiteName || ru.site.name },
    { property: 'og:type', content: 'website' },
    { property: 'og:url', content: url },
    ...(page?.seo?.ogImage ? [{ property: 'og:image', content: page.seo.ogImage }] : []),
  ];
}

/** The canonical address of a request: its origin and path, without query or trailing slash. */
export function canonicalOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.origin}${url.pathname === '/' ? '/' : url.pathname.replace(/\/+$/, '')}`;
}

/** The head of a page that is no one's search result (a player's own page, a step of a flow). */
export const privatePageMeta = (title: string) => [
  { title: `${title} — ${ru.site.name}` },
  { name: 'robots', content: 'noindex' },
];
