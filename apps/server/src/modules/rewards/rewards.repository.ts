import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

export type RewardKind =
  | 'real_money'
  | 'bonus_money'
  | 'free_spins'
  | 'free_bet'
  | 'points'
  | 'wheel_spins'
  | 'lottery_tickets'
  | 'gift';
export type RewardUnit = 'points' | 'wheel_spins' | 'lottery_tickets';

export interface RewardRow {
  rewardId: string;
  userId: number;
  kind: RewardKind;
  amount: number;
  currency: string | null;
  source: string;
  status: 'granted' | 'refused';
  reason: string | null;
  giftId: number | null;
  at: Date;
}

function rewardOf(row: Record<string, unknown>): RewardRow {
  return {
    rewardId: String(row.reward_id),
    userId: Number(row.user_id),
    kind: row.kind as RewardKind,
    amount: Number(row.amount),
    currency: (row.currency as string | null) ?? null,
    source: String(row.source),
    status: row.status as 'granted' | 'refused',
    reason: (row.reason as string | null) ?? null,
    giftId: row.gift_id === null || row.gift_id === undefined ? null : Number(row.gift_id),
    at: new Date(row.at as string),
  };
}

/** The only door to the reward tables (migration 0022: rewards, reward_units). */
export function createRewardsRepository(db: Db) {
  return {
    /** Claims a reward id: the row, or null when the id was taken before (its first answer stands). */
    async claim(row: RewardRow, executor: Db): Promise<boolean> {
      const rows = await queryRows<{ reward_id: unknown }>(
        executor,
        sql`insert into rewards (reward_id, user_id, kind, amount, currency, source, status, reason, gift_id, at)
            values (${row.rewardId}, ${row.userId}, ${row.kind}, ${row.amount}, ${row.currency}, ${row.source},
              ${row.status}, ${row.reason}, ${row.giftId}, ${row.at.toISOString()})
            on conflict (reward_id) do nothing returning reward_id`,
      );
      return rows.length === 1;
    },

    async setGift(rewardId: string, giftId: number, executor: Db): Promise<void> {
      await executor.execute(sql`update rewards set gift_id = ${giftId} where reward_id = ${rewardId}`);
    },

    async find(rewardId: string, executor: Db = db): Promise<RewardRow | null> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from rewards where reward_id = ${rewardId}`,
      );
      return rows[0] ? rewardOf(rows[0]) : null;
    },

    async ofPlayer(userId: number, limit: number, executor: Db = db): Promise<RewardRow[]> {
      const rows = await queryRows<Record<string, unknown>>(
        executor,
        sql`select * from rewards where user_id = ${userId} order by at desc limit ${limit}`,
      );
      return rows.map(rewardOf);
    },

    async addUnits(userId: number, unit: RewardUnit, amount: number, executor: Db): Promise<void> {
      await executor.execute(
        sql`insert into reward_units (user_id, unit, amount) values (${userId}, ${unit}, ${amount})
            on conflict (user_id, unit) do update set amount = reward_units.amount + excluded.amount`,
      );
    },

    /** Spends units; false (nothing spent) when the player has fewer. */
    async spendUnits(userId: number, unit: RewardUnit, amount: number, executor: Db): Promise<boolean> {
      const rows = await queryRows<{ amount: unknown }>(
        executor,
        sql`update reward_units set amount = amount - ${amount}
            where user_id = ${userId} and unit = ${unit} and amount >= ${amount} returning amount`,
      );
      return rows.length === 1;
    },

    async units(userId: number, executor: Db = db): Promise<Record<RewardUnit, number>> {
      const rows = await queryRows<{ unit: string; amount: unknown }>(
        executor,
        sql`select unit, amount from reward_units where user_id = ${userId}`,
      );
      const units: Record<RewardUnit, number> = { points: 0, wheel_spins: 0, lottery_tickets: 0 };
      for (const row of rows) units[row.unit as RewardUnit] = Number(row.amount);
      return units;
    },
  };
}

export type RewardsRepository = ReturnType<typeof createRewardsRepository>;
