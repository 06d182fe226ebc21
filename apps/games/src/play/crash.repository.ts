import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '@kometa/db';
import type { RoundRow } from './rounds.ts';
import type { PlaySession } from './sessions.ts';

export interface CrashChain {
  id: number;
  seed: string;
  terminal: string;
  salt: string;
  length: number;
}

export interface CrashGameRow {
  id: number;
  chainId: number;
  number: number;
  hash: string;
  point: number;
  crashedAt: Date | null;
}

/** A bet settled by the crash or by a cash-out: what it pays and whom. */
export interface SettledBet {
  id: number;
  player: string;
  win: number;
  multiplier: number | null;
  round: RoundRow;
}

const chainOf = (row: Record<string, unknown>): CrashChain => ({
  id: Number(row.id),
  seed: String(row.seed),
  terminal: String(row.terminal),
  salt: String(row.salt),
  length: Number(row.length),
});

const gameOf = (row: Record<string, unknown>): CrashGameRow => ({
  id: Number(row.id),
  chainId: Number(row.chain_id),
  number: Number(row.number),
  hash: String(row.hash),
  point: Number(row.point),
  crashedAt: row.crashed_at ? new Date(row.crashed_at as string) : null,
});

const roundOf = (row: Record<string, unknown>): RoundRow =>
  ({
    ...row,
    id: Number(row.id),
    bet: Number(row.bet),
    win: Number(row.win),
    balance_before: row.balance_before === null ? null : Number(row.balance_before),
    balance_after: row.balance_after === null ? null : Number(row.balance_after),
  }) as RoundRow;

/** The crash game's tables (ADR 044): the chains, the shared rounds, and the players' bets on them. */
export function createCrashRepository(db: Db) {
  return {
    /** The chain in use (the newest), if any. */
    async currentChain(): Promise<CrashChain | undefined> {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`select * from crash_chains order by id desc limit 1`,
      );
      return row ? chainOf(row) : undefined;
    },
    async createChain(chain: Omit<CrashChain, 'id'>, at: Date): Promise<CrashChain> {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`insert into crash_chains (seed, terminal, salt, length, created_at)
            values (${chain.seed}, ${chain.terminal}, ${chain.salt}, ${chain.length}, ${at.toISOString()}::timestamptz)
            returning *`,
      );
      return chainOf(row!);
    },
    /** The last round number played on a chain (0 before its first). */
    async lastNumber(chainId: number): Promise<number> {
      const [row] = await queryRows<{ number: number | string | null }>(
        db,
        sql`select max(number) as number from crash_games where chain_id = ${chainId}`,
      );
      return Number(row?.number ?? 0);
    },
    async createGame(game: Omit<CrashGameRow, 'id' | 'crashedAt'>, at: Date): Promise<number> {
      const [row] = await queryRows<{ id: string | number }>(
        db,
        sql`insert into crash_games (chain_id, number, hash, point, created_at)
            values (${game.chainId}, ${game.number}, ${game.hash}, ${game.point}, ${at.toISOString()}::timestamptz)
            returning id`,
      );
      return Number(row!.id);
    },
    async flying(id: number, at: Date) {
      await db.execute(
        sql`update crash_games set flying_at = ${at.toISOString()}::timestamptz where id = ${id}`,
      );
    },
    async crashed(id: number, at: Date) {
      await db.execute(
        sql`update crash_games set crashed_at = ${at.toISOString()}::timestamptz where id = ${id} and crashed_at is null`,
      );
    },
    /** Rounds that never crashed (the server stopped during them). */
    async unfinished(): Promise<CrashGameRow[]> {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`select * from crash_games where crashed_at is null order by id`,
        )
      ).map(gameOf);
    },
    /** The last crashed rounds, newest first. */
    async history(limit: number): Promise<CrashGameRow[]> {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`select * from crash_games where crashed_at is not null order by id desc limit ${limit}`,
        )
      ).map(gameOf);
    },
    async chain(id: number): Promise<CrashChain> {
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`select * from crash_chains where id = ${id}`,
      );
      return chainOf(row!);
    },

    /**
     * Writes a player's bet on a shared round before its stake is sent (one per player and round:
     * a second copy fails on the unique index). Open until a cash-out or the crash settles it.
     */
    async placeBet(
      session: PlaySession,
      game: number,
      bet: { stake: number; target: number | null },
      at: Date,
    ): Promise<number> {
      const time = at.toISOString();
      const [row] = await queryRows<{ id: string | number }>(
        db,
        sql`insert into rounds (player, provider, game, mode, currency, bet, win, seed_id, client_seed, nonce, choice, outcome,
                                status, created_at, session_token, updated_at, crash_game)
            values (${session.player}, ${session.provider}, 'crash', ${session.mode}, ${session.currency}, ${bet.stake}, 0,
                    null, null, null, ${JSON.stringify(bet)}::jsonb, '{}'::jsonb, 'open', ${time}::timestamptz,
                    ${session.token}, ${time}::timestamptz, ${game})
            returning id`,
      );
      return Number(row!.id);
    },

    /**
     * Cashes bets out, each at its `multiplier` hundredths, in one statement (the cash-outs of one
     * turn of the event loop, ADR 044), each exactly once: only while it is open, so a cash-out racing
     * the crash (or a second copy of itself) finds it settled and changes nothing. Answers the rows
     * it settled; a bet appears at most once in `bets`.
     */
    async cashOutMany(
      bets: readonly { id: number; multiplier: number; win: number }[],
      at: Date,
    ): Promise<RoundRow[]> {
      if (bets.length === 0) return [];
      const list = (pick: (bet: (typeof bets)[number]) => number) => `{${bets.map(pick).join(',')}}`;
      // Rows are locked in the order of their ids, as the crash's statement locks them: two statements
      // settling overlapping bets wait for each other, never deadlock.
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`with c as (
              select * from unnest(${list((b) => b.id)}::bigint[], ${list((b) => b.multiplier)}::int[],
                                   ${list((b) => b.win)}::bigint[]) as c(id, multiplier, win)
            ), locked as materialized (
              select r.id from rounds r join c using (id) where r.status = 'open' order by r.id for update of r
            )
            update rounds r set status = 'settling', win = c.win,
                   actions = jsonb_build_array('cashout:' || c.multiplier),
                   outcome = jsonb_build_object('multiplier', c.multiplier, 'win', c.win),
                   updated_at = ${at.toISOString()}::timestamptz
            from c join locked using (id)
            where r.id = c.id and r.status = 'open'
            returning r.*`,
      );
      return rows.map(roundOf);
    },

    /**
     * Settles every bet still open on a round that crashed at `point`, in one statement: an automatic
     * cash-out at or below the point wins at its target; every other bet loses (or, with `refundOthers`,
     * for a round the server stopped in, is paid back at ×1.00). Bets already cashed out are untouched.
     */
    async crash(game: number, point: number, at: Date, refundOthers = false): Promise<SettledBet[]> {
      const others = refundOthers ? 100 : 0;
      const otherwise = refundOthers ? 'refund' : 'crash';
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`with decided as materialized (
              select id, (choice ->> 'target')::int <= ${point} as auto
              from rounds where crash_game = ${game} and status = 'open'
              order by id for update
            ), paid as (
              select id, case when auto then 'cashout:' || (r.choice ->> 'target') else ${otherwise}::text end as action,
                     case when auto then (r.choice ->> 'target')::int else ${others}::int end as multiplier
              from decided join rounds r using (id)
            )
            update rounds r set status = 'settling',
                   win = (r.bet * p.multiplier) / 100,
                   actions = jsonb_build_array(p.action),
                   outcome = jsonb_build_object('point', ${point}::int, 'multiplier', p.multiplier, 'win', (r.bet * p.multiplier) / 100),
                   updated_at = ${at.toISOString()}::timestamptz
            from paid p where r.id = p.id and r.status = 'open'
            returning r.*, p.multiplier as settled_at`,
      );
      return rows.map((row) => {
        const multiplier = Number(row.settled_at);
        return {
          id: Number(row.id),
          player: String(row.player),
          win: Number(row.win),
          multiplier: multiplier >= 100 ? multiplier : null,
          round: roundOf(row),
        };
      });
    },

    /** The bets of a round (for a server that restarts, and the round's list). */
    async betsOf(game: number): Promise<RoundRow[]> {
      return (
        await queryRows<Record<string, unknown>>(
          db,
          sql`select * from rounds where crash_game = ${game} order by id`,
        )
      ).map(roundOf);
    },
  };
}

export type CrashRepository = ReturnType<typeof createCrashRepository>;
