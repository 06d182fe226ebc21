import { sql, type SQL } from 'drizzle-orm';
import { phoneDigitsAsTyped, type PlayerLabel } from '@kometa/contracts';
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

/** Candidates each way of searching gives at most, before the label and the page's limit apply. */
const CANDIDATES = 200;

/** `like` matches what begins with `text` (its own % and _ taken literally). */
const prefixOf = (text: string) => `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A phone as typed («8 (999) 123-45», «+7 999…») as the beginning of a stored one («+7999123…»). */
function phonePrefix(text: string): string | null {
  const digits = phoneDigitsAsTyped(text);
  return digits && digits.length >= 5 && digits.length <= 15 ? `+${digits}%` : null;
}

/** The indexed lookups a typed text asks for (lower-cased, trimmed), each answering player ids. */
function searchWays(text: string): SQL[] {
  const ways: SQL[] = [];
  if (/^\d{1,15}$/.test(text)) ways.push(sql`select ${Number(text)}::bigint`);
  const phone = phonePrefix(text);
  if (phone) ways.push(sql`select id from users where phone like ${phone} and phone is not null`);
  if (!/\s/.test(text)) {
    const prefix = prefixOf(text);
    ways.push(sql`select id from users where email like ${prefix} and email is not null`);
    ways.push(sql`select id from users where lower(username) like ${prefix} and username is not null`);
  }
  const words = text.split(/\s+/);
  if (words.every((word) => /^[\p{L}'-]+$/u.test(word))) {
    if (words.length === 1) {
      const name = prefixOf(words[0]!);
      ways.push(sql`select user_id from extended_profiles where lower(last_name) like ${name}`);
      ways.push(sql`select user_id from extended_profiles where lower(first_name) like ${name}`);
    } else if (words.length === 2) {
      // «Иван Петров» or «Петров Иван»: the first name and the last, in either order.
      const [a, b] = words.map((word) => prefixOf(word));
      ways.push(
        sql`select user_id from extended_profiles where lower(first_name) like ${a} and lower(last_name) like ${b}`,
      );
      ways.push(
        sql`select user_id from extended_profiles where lower(last_name) like ${a} and lower(first_name) like ${b}`,
      );
    }
  }
  return ways;
}

/**
 * Players as operators look them up: one by id, the e-mails of a page, and the search (20 at most,
 * optionally only those holding a label).
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
     * Players an operator is looking for (ADR 051): `query` is an id, the beginning of an e-mail, a
     * phone number (or its beginning, typed with or without +, spaces, brackets, a leading 8), a
     * username, a first or last name or both; `ids` adds players found elsewhere (by their payment
     * details, in the payments module). Each way is its own bounded lookup on an index of its own:
     * one `or` over them made the planner read the whole table (ADR 045).
     */
    async search(
      filter: { query?: string | undefined; label?: PlayerLabel | undefined; ids?: readonly number[] },
      limit = 20,
    ) {
      const text = filter.query?.trim().toLowerCase();
      const ways = text ? searchWays(text) : [];
      if (filter.ids?.length) ways.push(sql`select unnest(${`{${filter.ids.join(',')}}`}::bigint[])`);
      const where: SQL[] = [];
      if (text) {
        where.push(
          ways.length === 0
            ? sql`false`
            : sql`id in (${sql.join(
                ways.map((way) => sql`(${way} limit ${CANDIDATES})`),
                sql` union `,
              )})`,
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
