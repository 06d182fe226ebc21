import { z } from 'zod';
import { dataEnvelope } from '../envelope.ts';

/** Every back-office list pages, sorts and filters on the server (issue 18). */
export const LIST_PAGE_SIZES = [25, 50, 100] as const;
export const LIST_MAX_PAGE_SIZE = 200;
/** A CSV export holds at most this many rows (the newest first); narrow the filters for more. */
export const CSV_MAX_ROWS = 100_000;

const sortOrder = z.enum(['asc', 'desc']);

/** Filters of a list with its sort (no paging): what an export takes. */
export function exportQuery<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortFields: S,
  filters: F,
) {
  return z.strictObject({
    sort: z.enum(sortFields).optional(),
    order: sortOrder.default('desc'),
    ...filters,
  });
}

/** Filters, sort and page of a list. */
export function listQuery<S extends readonly [string, ...string[]], F extends z.ZodRawShape>(
  sortFields: S,
  filters: F,
) {
  return exportQuery(sortFields, filters).extend({
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(LIST_MAX_PAGE_SIZE).default(LIST_PAGE_SIZES[0]),
  });
}

/** One page of a list and how many rows the filters match. */
export function listPageResponse<T extends z.ZodType>(item: T) {
  return dataEnvelope(
    z.object({
      items: z.array(item),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
  );
}

/** A moment of a period filter: an ISO 8601 date-time with its offset. */
export const isoDateTime = z.iso.datetime({ offset: true });
/** A CSV file (text/csv; UTF-8 with a byte-order mark, so spreadsheet programs read the Cyrillic). */
export const csvText = z.string();
