import { sql } from 'drizzle-orm';
import type { GiftState } from '@kometa/contracts';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { giftOf, type GiftRow } from './gifts.repository.ts';

/** The composite gifts' own reads (migration 0022: `user_gifts.parent_id`, `gift_offer_items`). */
export function createCompositeGiftsRepository(db: Db) {
  return {
    /** A player's composite gifts in the states given, newest first. */
    async composites(userId: number, states: GiftState[], executor: Db = db): Promise<GiftRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from user_gifts
            where user_id = ${userId} and kind = 'composite'
              and state = any(${`{${states.join(',')}}`}::text[])
            order by created_at desc, id desc limit 100`,
      );
      return rows.map(giftOf);
    },

    /** The item offers chosen from each composite (parent gift id → item offer ids, in choice order). */
    async chosen(parentIds: number[], executor: Db = db): Promise<Map<number, number[]>> {
      const chosen = new Map<number, number[]>();
      if (parentIds.length === 0) return chosen;
      const rows = await queryRows<{ parent_id: unknown; offer_id: unknown }>(
        executor,
        sql`select parent_id, offer_id from user_gifts
            where parent_id = any(${`{${parentIds.join(',')}}`}::bigint[]) order by id`,
      );
      for (const row of rows) {
        const parent = Number(row.parent_id);
        chosen.set(parent, [...(chosen.get(parent) ?? []), Number(row.offer_id)]);
      }
      return chosen;
    },
  };
}

export type CompositeGiftsRepository = ReturnType<typeof createCompositeGiftsRepository>;
