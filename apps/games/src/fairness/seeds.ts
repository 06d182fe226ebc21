import { sql } from 'drizzle-orm';
import { commitmentOf, createDraws, newServerSeed } from '@kometa/fairness';
import { queryRows, type Db } from '@kometa/db';

export interface SeedState {
  id: number;
  commitment: string;
  clientSeed: string;
  nonce: number;
}

interface SeedRow {
  id: string | number;
  server_seed: string;
  commitment: string;
  client_seed: string;
  nonce: number;
}

const state = (row: SeedRow): SeedState => ({
  id: Number(row.id),
  commitment: row.commitment,
  clientSeed: row.client_seed,
  nonce: row.nonce,
});

/**
 * A player's provably-fair seed (packages/fairness): the server seed stays secret until rotated; the
 * commitment, the client seed and the next nonce are public. Each bet takes the next nonce atomically.
 */
export function createSeeds(db: Db, now: () => Date) {
  async function ensure(player: string): Promise<void> {
    const serverSeed = newServerSeed();
    await db.execute(sql`insert into seeds (player, server_seed, commitment, client_seed, created_at)
      values (${player}, ${serverSeed}, ${commitmentOf(serverSeed)}, ${newServerSeed().slice(0, 16)}, ${now().toISOString()}::timestamptz)
      on conflict (player) where active do nothing`);
  }
  return {
    async current(player: string): Promise<SeedState> {
      await ensure(player);
      const [row] = await queryRows<SeedRow>(
        db,
        sql`select * from seeds where player = ${player} and active`,
      );
      return state(row!);
    },
    /** The seed and the nonce of the next bet (the nonce is taken, never reused). */
    async take(player: string, executor: Db = db): Promise<SeedState & { serverSeed: string }> {
      await ensure(player);
      const [row] = await queryRows<SeedRow>(
        executor,
        sql`update seeds set nonce = nonce + 1 where player = ${player} and active returning *`,
      );
      return { ...state(row!), serverSeed: row!.server_seed };
    },
    async setClientSeed(player: string, clientSeed: string): Promise<SeedState> {
      await ensure(player);
      const [row] = await queryRows<SeedRow>(
        db,
        sql`update seeds set client_seed = ${clientSeed} where player = ${player} and active returning *`,
      );
      return state(row!);
    },
    /** Reveals the current server seed and starts a new one. */
    async rotate(
      player: string,
    ): Promise<{ revealed: { serverSeed: string; commitment: string }; next: SeedState }> {
      await ensure(player);
      const [old] = await queryRows<SeedRow>(
        db,
        sql`update seeds set active = false, revealed_at = ${now().toISOString()}::timestamptz
            where player = ${player} and active returning *`,
      );
      await ensure(player);
      const next = await this.current(player);
      return { revealed: { serverSeed: old!.server_seed, commitment: old!.commitment }, next };
    },
    /** A round's server seed, for replaying an open round on this server (never sent out). */
    async secret(id: number): Promise<string> {
      const [row] = await queryRows<{ server_seed: string }>(
        db,
        sql`select server_seed from seeds where id = ${id}`,
      );
      if (!row) throw new Error(`no seed ${id}`);
      return row.server_seed;
    },
    /** The draws of a seeded round, replayed on this server (a crash bet has no seed of its own). */
    async drawsOf(round: { seed_id: number | null; client_seed: string | null; nonce: number | null }) {
      if (round.seed_id === null || round.client_seed === null || round.nonce === null)
        throw new Error('a round without a seed of its own');
      return createDraws(await this.secret(round.seed_id), round.client_seed, round.nonce);
    },
    /** A revealed seed by id, for verifying past rounds (never the active one). */
    async revealed(id: number): Promise<string | null> {
      const [row] = await queryRows<{ server_seed: string }>(
        db,
        sql`select server_seed from seeds where id = ${id} and not active`,
      );
      return row?.server_seed ?? null;
    },
  };
}

export type Seeds = ReturnType<typeof createSeeds>;
