import { sql, type SQL } from 'drizzle-orm';
import type { GiftKind, OfferCost, OfferState, OfferTargeting } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { textArray, type OfferRow } from './gifts.repository.ts';

/** A period of the cost figures; open ends are ±infinity. */
export interface Period {
  from: Date | null;
  to: Date | null;
}

export interface OfferFilters {
  query?: string | undefined;
  kind?: GiftKind | undefined;
  state?: OfferState | undefined;
}

export interface AdminOfferRecord {
  id: number;
  kind: GiftKind;
  state: OfferState;
  title: string;
  description: string;
  terms: string;
  image: string | null;
  currency: string;
  rules: unknown;
  takeDays: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
  welcomeStep: number | null;
  targeting: OfferTargeting;
  vipOnly: boolean;
  codes: number;
  createdAt: Date;
  updatedAt: Date;
  cost: OfferCost;
}

export interface OfferChange {
  kind: GiftKind;
  title: string;
  description: string;
  terms: string;
  image: string | null;
  currency: string;
  rules: unknown;
  takeDays: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  active: boolean;
  targeting: OfferTargeting;
}

export interface AdminPromoCode {
  code: string;
  offerId: number;
  offerTitle: string;
  currency: string;
  cap: number | null;
  used: number;
  vipOnly: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
  createdAt: Date;
}

export interface Window {
  orderBy: SQL;
  limit: number;
  offset: number;
}

const iso = (date: Date | null) => (date === null ? null : date.toISOString());
const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
const num = (value: unknown) => Number(value ?? 0);
const numOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const strings = (value: unknown) => (value as string[] | null) ?? [];

/** Whitelisted sort columns of the offers list (the window's ORDER BY uses these only). */
export const OFFER_COLUMNS = {
  id: 'o.id',
  title: 'o.title',
  createdAt: 'o.created_at',
  startsAt: 'o.starts_at',
  given: 'c.given',
  netCost: 'c.net_cost',
} as const;
export const PROMO_COLUMNS = {
  id: 'p.code',
  code: 'p.code',
  createdAt: 'p.created_at',
  used: 'p.used',
  endsAt: 'p.ends_at',
} as const;

/** Where an offer stands at `at`, in SQL (the list filters on it) and the same rule in the answer. */
const stateSql = (at: string) => sql`case
    when not o.active then 'inactive'
    when o.ends_at is not null and o.ends_at <= ${at}::timestamptz then 'ended'
    when o.starts_at is not null and o.starts_at > ${at}::timestamptz then 'scheduled'
    else 'active' end`;

/**
 * Per offer over the period (ADR 033): gifts given, taken, completed; and the `bonus_cost` legs of
 * its gifts' ledger transactions (`gift:<id>:credit|real|convert|forfeit`): credited (house → player),
 * forfeited (player → house), converted (the real-money legs), net cost (what left the house).
 */
function costCte(period: Period, offerScope: SQL) {
  const from = period.from?.toISOString() ?? '-infinity';
  const to = period.to?.toISOString() ?? 'infinity';
  return sql`
    counts as (
      select g.offer_id,
        count(*) filter (where g.created_at >= ${from}::timestamptz and g.created_at < ${to}::timestamptz) as given,
        count(*) filter (where taken_at >= ${from}::timestamptz and taken_at < ${to}::timestamptz) as taken,
        count(*) filter (where g.state = 'completed' and g.finished_at >= ${from}::timestamptz
          and g.finished_at < ${to}::timestamptz) as completed
      from user_gifts g,
        -- A gift completed at once when taken (no wagering, points) has no activation moment.
        lateral (select coalesce(g.activated_at, case when g.state = 'completed' then g.finished_at end) as taken_at) k
      where g.offer_id in (${offerScope}) group by g.offer_id
    ),
    moves as (
      select g.offer_id,
        coalesce(sum(-e.amount) filter (where a.kind = 'bonus_cost' and e.amount < 0), 0) as credited,
        coalesce(sum(e.amount) filter (where a.kind = 'real'), 0) as converted,
        coalesce(sum(e.amount) filter (where a.kind = 'bonus_cost' and e.amount > 0), 0) as forfeited,
        coalesce(-sum(e.amount) filter (where a.kind = 'bonus_cost'), 0) as net_cost
      from user_gifts g
      join ledger_transactions t on t.idempotency_key in ('gift:' || g.id || ':credit', 'gift:' || g.id || ':real',
        'gift:' || g.id || ':convert', 'gift:' || g.id || ':forfeit')
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
      where g.offer_id in (${offerScope})
        and t.created_at >= ${from}::timestamptz and t.created_at < ${to}::timestamptz
      group by g.offer_id
    ),
    c as (
      select o.id as offer_id, coalesce(n.given, 0) as given, coalesce(n.taken, 0) as taken,
        coalesce(n.completed, 0) as completed, coalesce(m.credited, 0) as credited,
        coalesce(m.converted, 0) as converted, coalesce(m.forfeited, 0) as forfeited,
        coalesce(m.net_cost, 0) as net_cost
      from gift_offers o left join counts n on n.offer_id = o.id left join moves m on m.offer_id = o.id
      where o.id in (${offerScope})
    )`;
}

function recordOf(row: Record<string, unknown>): AdminOfferRecord {
  return {
    id: num(row.id),
    kind: row.kind as GiftKind,
    state: row.state as OfferState,
    title: String(row.title),
    description: String(row.description),
    terms: String(row.terms),
    image: (row.image as string | null) ?? null,
    currency: String(row.currency),
    rules: row.rules,
    takeDays: numOrNull(row.take_days),
    startsAt: dateOf(row.starts_at),
    endsAt: dateOf(row.ends_at),
    active: Boolean(row.active),
    welcomeStep: numOrNull(row.welcome_step),
    targeting: {
      labels: strings(row.target_labels),
      levels: strings(row.target_levels),
      currencies: strings(row.target_currencies) as OfferTargeting['currencies'],
      countries: strings(row.target_countries),
    },
    vipOnly: Boolean(row.vip_only),
    codes: num(row.codes),
    createdAt: dateOf(row.created_at)!,
    updatedAt: dateOf(row.updated_at)!,
    cost: {
      given: num(row.given),
      taken: num(row.taken),
      completed: num(row.completed),
      credited: num(row.credited),
      converted: num(row.converted),
      forfeited: num(row.forfeited),
      netCost: num(row.net_cost),
    },
  };
}

/** The back office's reads and writes of offers and promo codes (migrations 0022, 0027). */
export function createBonusesAdminRepository(db: Db) {
  function filtersOf(filters: OfferFilters, period: Period, at: string): SQL {
    const parts: SQL[] = [sql`true`];
    if (filters.query) {
      const like = `%${filters.query.replace(/[\\%_]/g, '\\$&')}%`;
      parts.push(sql`(o.title ilike ${like} or o.id::text = ${filters.query})`);
    }
    if (filters.kind) parts.push(sql`o.kind = ${filters.kind}`);
    if (filters.state) parts.push(sql`(${stateSql(at)}) = ${filters.state}`);
    // The period: offers whose schedule overlaps it.
    if (period.from) parts.push(sql`(o.ends_at is null or o.ends_at > ${period.from.toISOString()})`);
    if (period.to) parts.push(sql`(o.starts_at is null or o.starts_at < ${period.to.toISOString()})`);
    return sql.join(parts, sql` and `);
  }

  async function select(where: SQL, period: Period, at: string, window: Window | null) {
    const scope = sql`select o.id from gift_offers o where ${where}`;
    return queryRows<Record<string, unknown>>(
      db,
      sql`with ${costCte(period, scope)}
          select o.*, ${stateSql(at)} as state, c.given, c.taken, c.completed, c.credited, c.converted,
            c.forfeited, c.net_cost,
            (select count(*) from promo_codes p where p.offer_id = o.id) as codes,
            count(*) over () as total
          from gift_offers o join c on c.offer_id = o.id
          where ${where}
          ${window ? sql`order by ${window.orderBy} limit ${window.limit} offset ${window.offset}` : sql``}`,
    );
  }

  return {
    async list(filters: OfferFilters, period: Period, at: Date, window: Window) {
      const now = at.toISOString();
      const rows = await select(filtersOf(filters, period, now), period, now, window);
      return { rows: rows.map(recordOf), total: num(rows[0]?.total) };
    },

    async one(id: number, period: Period, at: Date): Promise<AdminOfferRecord | null> {
      const rows = await select(sql`o.id = ${id}`, period, at.toISOString(), null);
      return rows[0] ? recordOf(rows[0]) : null;
    },

    /** Changes an offer; answers the row as it was (for the audit) or null when there is none. */
    async update(id: number, change: OfferChange, at: Date, executor: Db): Promise<boolean> {
      const rows = await queryRows(
        executor,
        sql`update gift_offers set kind = ${change.kind}, title = ${change.title},
              description = ${change.description}, terms = ${change.terms}, image = ${change.image},
              currency = ${change.currency}, rules = ${JSON.stringify(change.rules)}::jsonb,
              take_days = ${change.takeDays}, starts_at = ${iso(change.startsAt)}, ends_at = ${iso(change.endsAt)},
              active = ${change.active}, target_labels = ${textArray(change.targeting.labels)},
              target_levels = ${textArray(change.targeting.levels)},
              target_currencies = ${textArray(change.targeting.currencies)},
              target_countries = ${textArray(change.targeting.countries)}, updated_at = ${at.toISOString()}
            where id = ${id} returning id`,
      );
      return rows.length === 1;
    },

    async setActive(id: number, active: boolean, at: Date, executor: Db): Promise<boolean> {
      const rows = await queryRows(
        executor,
        sql`update gift_offers set active = ${active}, updated_at = ${at.toISOString()}
            where id = ${id} returning id`,
      );
      return rows.length === 1;
    },

    /** Offers an operator may grant by hand now: switched on, in their window, not a composite. */
    async grantable(at: Date): Promise<Pick<OfferRow, 'id' | 'title' | 'kind' | 'currency' | 'rules'>[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select id, title, kind, currency, rules from gift_offers o
            where ${stateSql(at.toISOString())} = 'active' and kind <> 'composite' and welcome_step is null
            order by id desc limit 500`,
      );
      return rows.map((row) => ({
        id: num(row.id),
        title: String(row.title),
        kind: row.kind as GiftKind,
        currency: String(row.currency),
        rules: row.rules,
      }));
    },

    async codes(
      filters: { query?: string | undefined; offerId?: number | undefined },
      window: Window,
    ): Promise<{ rows: AdminPromoCode[]; total: number }> {
      const parts: SQL[] = [sql`true`];
      if (filters.query)
        parts.push(sql`p.code like ${`%${filters.query.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`}`);
      if (filters.offerId) parts.push(sql`p.offer_id = ${filters.offerId}`);
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select p.*, o.title as offer_title, o.currency, count(*) over () as total
            from promo_codes p join gift_offers o on o.id = p.offer_id
            where ${sql.join(parts, sql` and `)}
            order by ${window.orderBy} limit ${window.limit} offset ${window.offset}`,
      );
      return {
        rows: rows.map((row) => ({
          code: String(row.code),
          offerId: num(row.offer_id),
          offerTitle: String(row.offer_title),
          currency: String(row.currency),
          cap: numOrNull(row.cap),
          used: num(row.used),
          vipOnly: Boolean(row.vip_only),
          startsAt: dateOf(row.starts_at),
          endsAt: dateOf(row.ends_at),
          createdAt: dateOf(row.created_at)!,
        })),
        total: num(rows[0]?.total),
      };
    },

    /** A new code; false when the code exists already. */
    async insertCode(
      code: Omit<AdminPromoCode, 'offerTitle' | 'currency' | 'used' | 'createdAt'>,
      at: Date,
      executor: Db,
    ): Promise<boolean> {
      const rows = await queryRows(
        executor,
        sql`insert into promo_codes (code, offer_id, cap, vip_only, starts_at, ends_at, created_at)
            values (${code.code}, ${code.offerId}, ${code.cap}, ${code.vipOnly}, ${iso(code.startsAt)},
              ${iso(code.endsAt)}, ${at.toISOString()})
            on conflict (code) do nothing returning code`,
      );
      return rows.length === 1;
    },
  };
}

export type BonusesAdminRepository = ReturnType<typeof createBonusesAdminRepository>;
