import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

export type WelcomeGrantStatus = 'pending' | 'granted' | 'refused' | 'none';

export interface WelcomeGrantRow {
  userId: number;
  step: number;
  eventId: string;
  status: WelcomeGrantStatus;
  reason: string | null;
  giftId: number | null;
  queuedAt: Date;
}

function grantOf(row: Record<string, unknown>): WelcomeGrantRow {
  return {
    userId: Number(row.user_id),
    step: Number(row.step),
    eventId: String(row.event_id),
    status: row.status as WelcomeGrantStatus,
    reason: (row.reason as string | null) ?? null,
    giftId: row.gift_id === null || row.gift_id === undefined ? null : Number(row.gift_id),
    queuedAt: new Date(row.queued_at as string),
  };
}

/** The welcome pack's tables (migration 0024: welcome_grants, first_deposits). */
export function createWelcomePackRepository(db: Db) {
  return {
    /** Asks for a step (in the stream consumer's transaction); false when it was asked for before. */
    async request(
      grant: { userId: number; step: number; eventId: string; at: Date },
      executor: Db,
    ): Promise<boolean> {
      const rows = await queryRows<{ step: unknown }>(
        executor,
        sql`insert into welcome_grants (user_id, step, event_id, queued_at)
            values (${grant.userId}, ${grant.step}, ${grant.eventId}, ${grant.at.toISOString()})
            on conflict (user_id, step) do nothing returning step`,
      );
      return rows.length === 1;
    },

    /** Steps waiting to be granted, oldest first (of one player, or of everybody). */
    async pending(limit: number, userId?: number, executor: Db = db): Promise<WelcomeGrantRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        userId === undefined
          ? sql`select * from welcome_grants where status = 'pending' order by queued_at limit ${limit}`
          : sql`select * from welcome_grants where status = 'pending' and user_id = ${userId}
                order by step limit ${limit}`,
      );
      return rows.map(grantOf);
    },

    /** Writes a step's outcome once (a second instance finishing the same step changes nothing). */
    async finish(
      userId: number,
      step: number,
      outcome: {
        status: Exclude<WelcomeGrantStatus, 'pending'>;
        reason: string | null;
        giftId: number | null;
      },
      at: Date,
      executor: Db = db,
    ): Promise<void> {
      await executor.execute(
        sql`update welcome_grants set status = ${outcome.status}, reason = ${outcome.reason},
              gift_id = ${outcome.giftId}, done_at = ${at.toISOString()}
            where user_id = ${userId} and step = ${step} and status = 'pending'`,
      );
    },

    async ofPlayer(userId: number, executor: Db = db): Promise<WelcomeGrantRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from welcome_grants where user_id = ${userId} order by step`,
      );
      return rows.map(grantOf);
    },

    /** The active welcome offers of a currency, one per step (the newest if an operator made two). */
    async packOffers(currency: string, executor: Db = db): Promise<{ id: number; step: number }[]> {
      const rows = await queryRows<{ id: unknown; welcome_step: unknown }>(
        executor,
        sql`select distinct on (welcome_step) id, welcome_step from gift_offers
            where welcome_step is not null and currency = ${currency} and active
            order by welcome_step, id desc`,
      );
      return rows.map((row) => ({ id: Number(row.id), step: Number(row.welcome_step) }));
    },

    async recordFirstDeposit(
      deposit: { userId: number; paymentId: number; at: Date },
      executor: Db,
    ): Promise<void> {
      await executor.execute(
        sql`insert into first_deposits (user_id, payment_id, at)
            values (${deposit.userId}, ${deposit.paymentId}, ${deposit.at.toISOString()})
            on conflict (user_id) do nothing`,
      );
    },

    async hasDeposited(userId: number, executor: Db = db): Promise<boolean> {
      const rows = await queryRows<{ user_id: unknown }>(
        executor,
        sql`select user_id from first_deposits where user_id = ${userId}`,
      );
      return rows.length === 1;
    },
  };
}

export type WelcomePackRepository = ReturnType<typeof createWelcomePackRepository>;
