import type { Page } from '@kometa/contracts';
import type { ApiClient } from './api-client.ts';

/** Short: an operator's edit shows within seconds (the API's guest cache answers the rest; ADR 038). */
const TTL_MS = 2_000;
const LIMIT = 5_000;
const pages = new Map<string, { page: Page | null; until: number }>();

/**
 * A page's SEO data and redirect by its identifier (spec §2.2: pages are fetched by path identifier; a
 * page with no result is cached as empty), kept two seconds in this process, for guests and players alike.
 * Identifiers are path segments, each encoded (a Cyrillic path is URI-encoded).
 */
export async function pageOf(api: ApiClient, identifier: string): Promise<Page | null> {
  const key = identifier.split('/').map(encodeURIComponent).join('/');
  const cached = pages.get(key);
  if (cached && cached.until > Date.now()) return cached.page;
  const answer = await api.get<Page | null>(`/pages/${key}`);
  // Only real answers are kept: a failed call is asked again next time.
  if (answer.status !== 200 && answer.status !== 404) return null;
  const page = answer.status === 200 ? (answer.data ?? null) : null;
  if (pages.size >= LIMIT) pages.delete(pages.keys().next().value!);
  pages.set(key, { page, until: Date.now() + TTL_MS });
  return page;
}
