import { sql, type SQL } from 'drizzle-orm';
import type { PlayerLabel } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { OPERATOR_LABELS, operatorLabelsOf } from './roles.ts';

/** What the back office sees of a player when looking one up (issue 18). */
export interface PlayerCard {
  id: number;
  email: string | null;
  phone: string | null;
  username: string | null;
  currency: string;
  createdAt: Date;
  /** The operators' labels (ADR 045). */
  labels: PlayerLabel[];
}

const cardOf = (row: Record<string, unknown>): PlayerCard => ({
  id: Number(row.id),
  email: (row.email as string | null) ?? null,
  phone: (row.phone as string | null) ?? null,
  username: (row.username as string | null) ?? null,
  currency: String(row.currency),
  createdAt: new Date(row.created_at as string),
  labels: operatorLabelsOf((row.labels as string[] | null) ?? []),
});

/**
 * Players by id, e-mail or label for operators: an id, a whole e-mail, or the beginning of one (20 at
 * most), optionally only those holding a label.
 */
export function createPlayerLookup(db: Db) {
  const columns = sql`id, email, phone, username, currency, created_at, labels`;
  return {
    async find(id: number): Promise<PlayerCard | undefined> {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`select ${columns} from users where id = ${id}`,
      );
      return row ? cardOf(row) : undefined;
    },
    /** E-mails of players by id, for the back office's lists (ids without a player are absent). */
    async emails(ids: readonly number[]): Promise<Map<number, string | null>> {
      if (ids.length === 0) return new Map();
      const rows = await queryRows<{ id: string; email: string | null }>(
        db,
        sql`select id::text, email from users where id = any(${`{${ids.join(',')}}`}::bigint[])`,
      );
      return new Map(rows.map((row) => [Number(row.id), row.email]));
    },
    /**
     * Each branch is its own indexed lookup (the primary key, `users_email_prefix`, `users_labels`):
     * one `or` over them made the planner read the whole table (ADR 045).
     */
    async search(filter: { query?: string | undefined; label?: PlayerLabel | undefined }, limit = 20) {
      const where: SQL[] = [];
      const text = filter.query?.trim().toLowerCase();
      if (text) {
        const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(
          /^\d{1,15}$/.test(text)
            ? sql`id in (select ${Number(text)}::bigint union all select id from users where email like ${prefix})`
            : sql`email like ${prefix}`,
        );
      }
      if (filter.label) {
        where.push(sql`labels && ${`{${OPERATOR_LABELS[filter.label].join(',')}}`}::text[]`);
      }
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select ${columns} from users where ${sql.join(where, sql` and `)}
            order by (email = ${text ?? null}) desc nulls last, id limit ${limit}`,
      );
      return rows.map(cardOf);
    },
  };
}

export type PlayerLookup = ReturnType<typeof createPlayerLookup>;
