import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@kometa/db';

export interface RoundRow {
  id: number;
  player: string;
  game: string;
  mode: 'real' | 'demo';
  currency: string;
  bet: number;
  win: number;
  balance_before: number | null;
  balance_after: number | null;
  seed_id: number;
  client_seed: string;
  nonce: number;
  choice: unknown;
  outcome: unknown;
  status: 'settled' | 'refused' | 'settling';
  refusal: string | null;
  created_at: Date;
}

const numeric = (row: Record<string, unknown>): RoundRow =>
  ({
    ...row,
    id: Number(row.id),
    bet: Number(row.bet),
    win: Number(row.win),
    seed_id: Number(row.seed_id),
    balance_before: row.balance_before === null ? null : Number(row.balance_before),
    balance_after: row.balance_after === null ? null : Number(row.balance_after),
  }) as RoundRow;

/** Rounds of the game server: written before money moves, settled after (game recall reads them). */
export function createRounds(db: Db) {
  return {
    async open(row: Omit<RoundRow, 'id' | 'status' | 'refusal' | 'balance_before' | 'balance_after'>) {
      const [inserted] = await queryRows<{ id: string | number }>(
        db,
        sql`insert into rounds (player, game, mode, currency, bet, win, seed_id, client_seed, nonce, choice, outcome, status, created_at)
            values (${row.player}, ${row.game}, ${row.mode}, ${row.currency}, ${row.bet}, ${row.win}, ${row.seed_id},
                    ${row.client_seed}, ${row.nonce}, ${JSON.stringify(row.choice)}::jsonb, ${JSON.stringify(row.outcome)}::jsonb,
                    'settling', ${row.created_at.toISOString()}::timestamptz)
            returning id`,
      );
      return Number(inserted!.id);
    },
    async settle(id: number, before: number | null, after: number | null) {
      await db.execute(
        sql`update rounds set status = 'settled', balance_before = ${before}, balance_after = ${after} where id = ${id}`,
      );
    },
    async refuse(id: number, refusal: string) {
      await db.execute(sql`update rounds set status = 'refused', refusal = ${refusal} where id = ${id}`);
    },
    async settling(player: string): Promise<RoundRow[]> {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`select * from rounds where status = 'settling' and player = ${player} order by id limit 100`,
        )
      ).map(numeric);
    },
    async recall(player: string, limit: number): Promise<RoundRow[]> {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`select * from rounds where player = ${player} order by id desc limit ${limit}`,
        )
      ).map(numeric);
    },
  };
}

export type Rounds = ReturnType<typeof createRounds>;
