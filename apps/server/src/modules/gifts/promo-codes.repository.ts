import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

export interface PromoCodeRow {
  code: string;
  offerId: number;
  cap: number | null;
  used: number;
  vipOnly: boolean;
  startsAt: Date | null;
  endsAt: Date | null;
}

const dateOf = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));

/** The only door to the promo-code tables (migration 0022). */
export function createPromoCodesRepository(db: Db) {
  return {
    async insert(code: Omit<PromoCodeRow, 'used'>, at: Date, executor: Db = db): Promise<void> {
      await executor.execute(
        sql`insert into promo_codes (code, offer_id, cap, vip_only, starts_at, ends_at, created_at)
            values (${code.code}, ${code.offerId}, ${code.cap}, ${code.vipOnly}, ${code.startsAt?.toISOString() ?? null},
              ${code.endsAt?.toISOString() ?? null}, ${at.toISOString()})
            on conflict (code) do nothing`,
      );
    },

    async find(code: string, executor: Db = db): Promise<PromoCodeRow | null> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from promo_codes where code = ${code}`,
      );
      const row = rows[0];
      if (!row) return null;
      return {
        code: String(row.code),
        offerId: Number(row.offer_id),
        cap: row.cap === null ? null : Number(row.cap),
        used: Number(row.used),
        vipOnly: Boolean(row.vip_only),
        startsAt: dateOf(row.starts_at),
        endsAt: dateOf(row.ends_at),
      };
    },

    async redeemedBy(code: string, userId: number, executor: Db = db): Promise<boolean> {
      const rows = await queryRows(
        executor,
        sql`select 1 from promo_redemptions where code = ${code} and user_id = ${userId}`,
      );
      return rows.length > 0;
    },

    /** Takes one use of the code if its cap allows: the cap holds under any race. */
    async takeUse(code: string, executor: Db): Promise<boolean> {
      const rows = await queryRows(
        executor,
        sql`update promo_codes set used = used + 1 where code = ${code} and (cap is null or used < cap)
            returning used`,
      );
      return rows.length === 1;
    },

    /** The player's one redemption of the code; false when they (racing themself) already have it. */
    async insertRedemption(code: string, userId: number, giftId: number, at: Date, executor: Db) {
      const rows = await queryRows(
        executor,
        sql`insert into promo_redemptions (code, user_id, gift_id, at)
            values (${code}, ${userId}, ${giftId}, ${at.toISOString()}) on conflict do nothing returning code`,
      );
      return rows.length === 1;
    },

    async queuePending(userId: number, code: string, at: Date, executor: Db): Promise<void> {
      await executor.execute(
        sql`insert into promo_pending (user_id, code, at) values (${userId}, ${code}, ${at.toISOString()})
            on conflict (user_id) do nothing`,
      );
    },

    async pending(limit: number): Promise<{ userId: number; code: string }[]> {
      const rows = await queryRows<{ user_id: unknown; code: string }>(
        db,
        sql`select user_id, code from promo_pending order by at limit ${limit}`,
      );
      return rows.map((row) => ({ userId: Number(row.user_id), code: row.code }));
    },

    async dropPending(userId: number): Promise<void> {
      await db.execute(sql`delete from promo_pending where user_id = ${userId}`);
    },

    async failuresThisHour(userId: number, hour: Date, executor: Db = db): Promise<number> {
      const rows = await queryRows<{ failures: unknown }>(
        executor,
        sql`select failures from promo_attempts where user_id = ${userId} and hour = ${hour.toISOString()}`,
      );
      return Number(rows[0]?.failures ?? 0);
    },

    async countFailure(userId: number, hour: Date, executor: Db = db): Promise<void> {
      await executor.execute(
        sql`insert into promo_attempts (user_id, hour, failures) values (${userId}, ${hour.toISOString()}, 1)
            on conflict (user_id, hour) do update set failures = promo_attempts.failures + 1`,
      );
    },
  };
}

export type PromoCodesRepository = ReturnType<typeof createPromoCodesRepository>;
