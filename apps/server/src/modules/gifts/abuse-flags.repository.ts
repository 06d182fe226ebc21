import { sql, type SQL } from 'drizzle-orm';
import type { AbuseFlagRow, AbuseMatch } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import type { Window } from './bonuses-admin.repository.ts';

export interface AbuseFlagFilters {
  playerId?: number | undefined;
  matchedOn?: AbuseMatch | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** Whitelisted sort columns of the flags list. */
export const ABUSE_FLAG_COLUMNS = { id: 'f.id', at: 'f.at' } as const;

const emailOf = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** The bonus-abuse flags the gifts module wrote (`gift_abuse_flags`), with both accounts and the offer. */
export function createAbuseFlagsRepository(db: Db) {
  return {
    async list(filters: AbuseFlagFilters, window: Window): Promise<{ rows: AbuseFlagRow[]; total: number }> {
      const parts: SQL[] = [sql`true`];
      if (filters.playerId !== undefined)
        parts.push(sql`(f.user_id = ${filters.playerId} or f.matched_user_id = ${filters.playerId})`);
      if (filters.matchedOn) parts.push(sql`f.matched_on = ${filters.matchedOn}`);
      if (filters.from) parts.push(sql`f.at >= ${filters.from}::timestamptz`);
      if (filters.to) parts.push(sql`f.at < ${filters.to}::timestamptz`);
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select f.id, f.user_id, p.email as player_email, f.matched_user_id, m.email as matched_email,
              f.matched_on, f.offer_id, o.title as offer_title, f.at, count(*) over () as total
            from gift_abuse_flags f
              join users p on p.id = f.user_id
              left join users m on m.id = f.matched_user_id
              join gift_offers o on o.id = f.offer_id
            where ${sql.join(parts, sql` and `)}
            order by ${window.orderBy} limit ${window.limit} offset ${window.offset}`,
      );
      return {
        rows: rows.map((row) => ({
          id: Number(row.id),
          player: { id: Number(row.user_id), email: emailOf(row.player_email) },
          matched: { id: Number(row.matched_user_id), email: emailOf(row.matched_email) },
          matchedOn: row.matched_on as AbuseMatch,
          offer: { id: Number(row.offer_id), title: String(row.offer_title) },
          at: new Date(row.at as string).toISOString(),
        })),
        total: Number(rows[0]?.total ?? 0),
      };
    },
  };
}

export type AbuseFlagsRepository = ReturnType<typeof createAbuseFlagsRepository>;
