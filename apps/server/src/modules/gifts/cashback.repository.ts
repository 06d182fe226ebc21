import { sql } from 'drizzle-orm';
import type { GiftRules } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';

/** A player's cashback gift accruing now. */
export interface CashbackGift {
  id: number;
  offerId: number;
  rules: GiftRules;
  activatedAt: Date;
}

/** One period's sums of one cashback gift, waiting to be granted. */
export interface CashbackDue {
  giftId: number;
  period: string;
  userId: number;
  currency: string;
  stakes: number;
  wins: number;
  offerId: number;
  rules: GiftRules;
}

/** A cashback offer running at `iso` and meant for everyone (alias `o`). */
const runningForEveryone = (iso: string) =>
  sql`o.kind = 'cashback' and o.active
      and cardinality(o.target_labels) = 0 and cardinality(o.target_countries) = 0 and not o.vip_only
      and cardinality(o.target_levels) = 0 and cardinality(o.target_currencies) = 0
      and o.welcome_step is null
      and (o.starts_at is null or o.starts_at <= ${iso}::timestamptz)
      and (o.ends_at is null or o.ends_at > ${iso}::timestamptz)`;

/** A player's first bet in a currency: enrolled, and given the running cashback offers meant for everyone. */
async function enrol(userId: number, currency: string, at: Date, executor: Db): Promise<void> {
  const iso = at.toISOString();
  await executor.execute(
    sql`insert into cashback_players (user_id, currency, enrolled_at)
        values (${userId}, ${currency}, ${iso}::timestamptz) on conflict do nothing`,
  );
  await executor.execute(
    sql`insert into user_gifts (user_id, offer_id, kind, state, currency, title, description, terms, image,
          rules, source, reward_id, created_at, activated_at)
        select ${userId}, o.id, 'cashback', 'active', o.currency, o.title, o.description, o.terms, o.image,
          o.rules, 'offer:' || o.id, 'cashback-offer:' || o.id || ':user:' || ${userId},
          ${iso}::timestamptz, ${iso}::timestamptz
        from gift_offers o
        where ${runningForEveryone(iso)} and o.currency = ${currency}
          and not exists (select 1 from user_gifts g where g.user_id = ${userId} and g.offer_id = o.id)
        on conflict (reward_id) do nothing`,
  );
}

/** Cashback sums per gift and period (`cashback_sums`, migration 0026; ADR 031). */
export function createCashbackRepository(db: Db) {
  return {
    /**
     * The player's accruing cashback gifts in a currency: one indexed read per bet. A player's first
     * bet in a currency enrols them, and gives them every running cashback offer meant for everyone
     * (no targeting), already taken: there is nothing to accept. Later offers reach them through
     * `rollOut` (the offers' job), never through a bet.
     */
    async accruing(userId: number, currency: string, at: Date, executor: Db): Promise<CashbackGift[]> {
      const read = () =>
        queryRows<Record<string, unknown>>(
          executor,
          sql`select e.enrolled, g.id, g.offer_id, g.rules, g.activated_at
              from (select exists (select 1 from cashback_players
                      where user_id = ${userId} and currency = ${currency}) as enrolled) e
              left join user_gifts g on g.user_id = ${userId} and g.kind = 'cashback' and g.state = 'active'
                and g.currency = ${currency}`,
        );
      let rows = await read();
      if (rows[0]?.enrolled !== true) {
        await enrol(userId, currency, at, executor);
        rows = await read();
      }
      return rows
        .filter((row) => row.id !== null && row.id !== undefined)
        .map((row) => ({
          id: Number(row.id),
          offerId: Number(row.offer_id),
          rules: row.rules as GiftRules,
          activatedAt: new Date(row.activated_at as string),
        }));
    },

    /**
     * Gives each running cashback offer meant for everyone to the players enrolled in its currency
     * who lack it, once per offer (again after the offer is edited, and for a few minutes after, so
     * an enrolment that was committing meanwhile is not missed). Answers the offers it went through.
     */
    async rollOut(at: Date): Promise<number> {
      const iso = at.toISOString();
      const offers = await queryRows<{ id: string; updated_at: string }>(
        db,
        sql`select o.id, o.updated_at from gift_offers o
            left join cashback_offer_rollouts r on r.offer_id = o.id
            where ${runningForEveryone(iso)}
              and (r.offer_id is null or r.offer_updated_at < o.updated_at
                or r.last_at < r.first_at + interval '10 minutes')`,
      );
      for (const offer of offers) {
        await db.transaction(async (tx) => {
          await tx.execute(
            sql`insert into user_gifts (user_id, offer_id, kind, state, currency, title, description, terms, image,
                  rules, source, reward_id, created_at, activated_at)
                select p.user_id, o.id, 'cashback', 'active', o.currency, o.title, o.description, o.terms, o.image,
                  o.rules, 'offer:' || o.id, 'cashback-offer:' || o.id || ':user:' || p.user_id,
                  ${iso}::timestamptz, ${iso}::timestamptz
                from gift_offers o join cashback_players p on p.currency = o.currency
                where o.id = ${Number(offer.id)}
                  and not exists (select 1 from user_gifts g where g.user_id = p.user_id and g.offer_id = o.id)
                on conflict (reward_id) do nothing`,
          );
          await tx.execute(
            sql`insert into cashback_offer_rollouts (offer_id, first_at, last_at, offer_updated_at)
                values (${Number(offer.id)}, ${iso}::timestamptz, ${iso}::timestamptz, ${offer.updated_at}::timestamptz)
                on conflict (offer_id) do update set last_at = excluded.last_at,
                  first_at = case when cashback_offer_rollouts.offer_updated_at < excluded.offer_updated_at
                    then excluded.first_at else cashback_offer_rollouts.first_at end,
                  offer_updated_at = excluded.offer_updated_at`,
          );
        });
      }
      return offers.length;
    },

    async add(
      row: { giftId: number; period: string; userId: number; currency: string; endsAt: Date },
      change: { stakes: number; wins: number },
      executor: Db,
    ): Promise<void> {
      await executor.execute(
        sql`insert into cashback_sums (gift_id, period, user_id, currency, stakes, wins, ends_at)
            values (${row.giftId}, ${row.period}, ${row.userId}, ${row.currency}, ${change.stakes}, ${change.wins},
              ${row.endsAt.toISOString()}::timestamptz)
            on conflict (gift_id, period) do update
              set stakes = cashback_sums.stakes + excluded.stakes, wins = cashback_sums.wins + excluded.wins`,
      );
    },

    /** Periods ended before `before` and not closed yet, oldest first (then in the order they were given). */
    async due(before: Date, limit: number): Promise<CashbackDue[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select s.gift_id, s.period, s.user_id, s.currency, s.stakes, s.wins, g.offer_id, g.rules
            from cashback_sums s join user_gifts g on g.id = s.gift_id
            where s.closed_at is null and s.ends_at <= ${before.toISOString()}::timestamptz
            order by s.ends_at, s.gift_id, s.period limit ${limit}`,
      );
      return rows.map((row) => ({
        giftId: Number(row.gift_id),
        period: String(row.period),
        userId: Number(row.user_id),
        currency: String(row.currency),
        stakes: Number(row.stakes),
        wins: Number(row.wins),
        offerId: Number(row.offer_id),
        rules: row.rules as GiftRules,
      }));
    },

    async close(giftId: number, period: string, granted: number, at: Date): Promise<void> {
      await db.execute(
        sql`update cashback_sums set closed_at = ${at.toISOString()}::timestamptz, granted = ${granted}
            where gift_id = ${giftId} and period = ${period} and closed_at is null`,
      );
    },
  };
}

export type CashbackRepository = ReturnType<typeof createCashbackRepository>;
