import { sql } from 'drizzle-orm';
import type { Window } from './operators.repository.ts';

/** How a server-paged list is asked for: its sort key among `S`, the order, and the page (none: all). */
export interface ListQuery<S extends string> {
  sort?: S | undefined;
  order: 'asc' | 'desc';
  page?: number;
  pageSize?: number;
}

/**
 * The window of a server-paged list: the sort key mapped to whitelisted SQL (never the client's text),
 * the id as the tie-breaker so pages never overlap, and the page turned into limit and offset.
 */
export function listWindow<S extends string>(
  columns: Record<S, string>,
  query: ListQuery<S>,
  fallback: S,
  maxRows?: number,
): Window {
  const direction = query.order === 'asc' ? 'asc' : 'desc';
  const column = columns[query.sort ?? fallback];
  const tieBreaker = columns['id' as S] ?? 'id';
  const orderBy = sql.raw(
    `${column} ${direction} nulls last${column === tieBreaker ? '' : `, ${tieBreaker} ${direction}`}`,
  );
  if (query.page === undefined || query.pageSize === undefined) {
    return { orderBy, limit: maxRows ?? 1000, offset: 0 };
  }
  return { orderBy, limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** A server-paged list's answer: the page's items and the total, with the page asked (all rows: one page). */
export function listPage<T>(items: T[], total: number, query: { page?: number; pageSize?: number }) {
  return { items, total, page: query.page ?? 1, pageSize: query.pageSize ?? items.length };
}
