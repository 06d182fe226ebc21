import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

export type GiftOccasion = 'phone_confirmation' | 'app_login' | 'extended_profile';
export type OccasionRequest = 'phone_offer' | 'phone_confirmed' | 'app_login' | 'profile_filled';
export type OccasionStatus = 'pending' | 'granted' | 'refused' | 'none';

export interface OccasionGrantRow {
  userId: number;
  request: OccasionRequest;
  status: OccasionStatus;
  reason: string | null;
  giftId: number | null;
}

function grantOf(row: Record<string, unknown>): OccasionGrantRow {
  return {
    userId: Number(row.user_id),
    request: row.request as OccasionRequest,
    status: row.status as OccasionStatus,
    reason: (row.reason as string | null) ?? null,
    giftId: row.gift_id === null || row.gift_id === undefined ? null : Number(row.gift_id),
  };
}

/** The occasion gifts' tables (migration 0024: gift_occasions, occasion_grants). */
export function createOccasionGiftsRepository(db: Db) {
  return {
    async setOffer(occasion: GiftOccasion, offerId: number, executor: Db = db): Promise<void> {
      await executor.execute(
        sql`insert into gift_occasions (occasion, offer_id) values (${occasion}, ${offerId})
            on conflict (occasion) do update set offer_id = excluded.offer_id`,
      );
    },

    async offerOf(occasion: GiftOccasion, executor: Db = db): Promise<number | null> {
      const rows = await queryRows<{ offer_id: unknown }>(
        executor,
        sql`select offer_id from gift_occasions where occasion = ${occasion}`,
      );
      return rows[0] ? Number(rows[0].offer_id) : null;
    },

    /** Asks for a grant (in the caller's transaction, or alone); false when it was asked for before. */
    async request(
      ask: { userId: number; request: OccasionRequest; eventId: string | null; at: Date },
      executor: Db = db,
    ): Promise<boolean> {
      const rows = await queryRows<{ request: unknown }>(
        executor,
        sql`insert into occasion_grants (user_id, request, event_id, queued_at)
            values (${ask.userId}, ${ask.request}, ${ask.eventId}, ${ask.at.toISOString()})
            on conflict (user_id, request) do nothing returning request`,
      );
      return rows.length === 1;
    },

    async pending(limit: number, userId?: number, executor: Db = db): Promise<OccasionGrantRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        userId === undefined
          ? sql`select * from occasion_grants where status = 'pending' order by queued_at limit ${limit}`
          : sql`select * from occasion_grants where status = 'pending' and user_id = ${userId}
                order by queued_at limit ${limit}`,
      );
      return rows.map(grantOf);
    },

    async find(
      userId: number,
      request: OccasionRequest,
      executor: Db = db,
    ): Promise<OccasionGrantRow | null> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from occasion_grants where user_id = ${userId} and request = ${request}`,
      );
      return rows[0] ? grantOf(rows[0]) : null;
    },

    async finish(
      userId: number,
      request: OccasionRequest,
      outcome: { status: Exclude<OccasionStatus, 'pending'>; reason: string | null; giftId: number | null },
      at: Date,
      executor: Db = db,
    ): Promise<void> {
      await executor.execute(
        sql`update occasion_grants set status = ${outcome.status}, reason = ${outcome.reason},
              gift_id = ${outcome.giftId}, done_at = ${at.toISOString()}
            where user_id = ${userId} and request = ${request} and status = 'pending'`,
      );
    },
  };
}

export type OccasionGiftsRepository = ReturnType<typeof createOccasionGiftsRepository>;
