import { and, count, desc, eq, isNull, lt, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';
import {
  gameRounds,
  games,
  gameSessions,
  providerRequests,
  providerTransactions,
} from './seamless.tables.ts';

export type ProviderTransactionRow = typeof providerTransactions.$inferSelect;
export type GameSessionRow = typeof gameSessions.$inferSelect;
export type GameRow = typeof games.$inferSelect;

/** A paid-out round as the winners feed and the ratings read it. */
const winOf = (row: Record<string, unknown>) => ({
  userId: Number(row.user_id),
  provider: String(row.provider),
  code: String(row.game_code),
  amount: Number(row.win_total),
  currency: String(row.currency),
  at: new Date(row.closed_at as string),
});

/** What `seamless_bet` and `seamless_win` take (their live code: apps/server/sql/functions.sql). */
interface MoneyCall {
  provider: string;
  transactionId: string;
  userId: number;
  gameCode: string;
  round: string;
  roundClosed: boolean;
  currency: string;
  amount: number;
  requestHash: Buffer;
  requestUuid: string;
  at: Date;
  ledgerKey: string;
  ledgerHash: Buffer;
  accountIds: number[];
  amounts: number[];
}

const ints = (values: number[]) => `{${values.map((v) => String(Math.trunc(v))).join(',')}}`;

export function createSeamlessRepository(db: Db) {
  return {
    async game(provider: string, code: string): Promise<GameRow | undefined> {
      const [row] = await db
        .select()
        .from(games)
        .where(and(eq(games.provider, provider), eq(games.code, code)));
      return row;
    },
    async ensureGames(rows: (typeof games.$inferInsert)[]): Promise<void> {
      if (rows.length > 0) await db.insert(games).values(rows).onConflictDoNothing();
    },
    async insertSession(row: typeof gameSessions.$inferInsert): Promise<void> {
      await db.insert(gameSessions).values(row);
    },
    async session(tokenHash: Buffer): Promise<GameSessionRow | undefined> {
      const [row] = await db.select().from(gameSessions).where(eq(gameSessions.tokenHash, tokenHash));
      return row;
    },

    /** Claims a provider transaction id; false when the id is already known. */
    async claim(row: typeof providerTransactions.$inferInsert, executor: Db): Promise<boolean> {
      const inserted = await executor
        .insert(providerTransactions)
        .values(row)
        .onConflictDoNothing()
        .returning({ id: providerTransactions.transactionId });
      return inserted.length === 1;
    },
    async lockTransaction(
      provider: string,
      id: string,
      executor: Db,
    ): Promise<ProviderTransactionRow | undefined> {
      const [row] = await executor
        .select()
        .from(providerTransactions)
        .where(and(eq(providerTransactions.provider, provider), eq(providerTransactions.transactionId, id)))
        .for('update');
      return row;
    },
    async setResponse(provider: string, id: string, response: unknown, executor: Db): Promise<void> {
      await executor
        .update(providerTransactions)
        .set({ response })
        .where(and(eq(providerTransactions.provider, provider), eq(providerTransactions.transactionId, id)));
    },
    async markRolledBack(provider: string, id: string, executor: Db): Promise<void> {
      await executor
        .update(providerTransactions)
        .set({ rolledBack: true })
        .where(and(eq(providerTransactions.provider, provider), eq(providerTransactions.transactionId, id)));
    },

    /** Adds a bet or a win to its round (opening it), and closes it when the provider says so. */
    async addToRound(
      row: { provider: string; round: string; userId: number; gameCode: string; currency: string; at: Date },
      change: { bet: number; win: number; close: boolean },
      executor: Db,
    ): Promise<void> {
      await executor
        .insert(gameRounds)
        .values({
          provider: row.provider,
          round: row.round,
          userId: row.userId,
          gameCode: row.gameCode,
          currency: row.currency,
          betTotal: change.bet,
          winTotal: change.win,
          openedAt: row.at,
          closedAt: change.close ? row.at : null,
          closedBy: change.close ? 'provider' : null,
        })
        .onConflictDoUpdate({
          target: [gameRounds.provider, gameRounds.round],
          set: {
            betTotal: sql`${gameRounds.betTotal} + ${change.bet}`,
            winTotal: sql`${gameRounds.winTotal} + ${change.win}`,
            ...(change.close
              ? {
                  closedAt: sql`coalesce(${gameRounds.closedAt}, ${row.at.toISOString()}::timestamptz)`,
                  closedBy: sql`coalesce(${gameRounds.closedBy}, 'provider')`,
                }
              : {}),
          },
        });
      // A rollback takes its stake or win back out of the player's day too (responsible gaming).
      await executor.execute(
        sql`select rg_record_play(${row.userId}, ${row.currency}, ${change.bet}, ${change.win}, ${row.at.toISOString()}::timestamptz)`,
      );
    },
    /** How many rounds each game had since a moment, of everyone or of one player (the lobby's statistics). */
    async roundCounts(
      since: Date,
      userId?: number,
    ): Promise<{ provider: string; code: string; rounds: number }[]> {
      const player = userId === undefined ? sql`` : sql` and user_id = ${userId}`;
      const rows = await queryRows<{ provider: string; game_code: string; rounds: string }>(
        db,
        sql`select provider, game_code, count(*)::text as rounds from game_rounds
            where opened_at >= ${since.toISOString()}::timestamptz${player} group by provider, game_code`,
      );
      return rows.map((row) => ({ provider: row.provider, code: row.game_code, rounds: Number(row.rounds) }));
    },
    /** The latest closed rounds that paid out, newest first (winners feeds filter them further). */
    async recentWins(currency: string, limit: number) {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select user_id, provider, game_code, win_total, currency, closed_at from game_rounds
            where closed_at is not null and win_total > 0 and currency = ${currency}
            order by closed_at desc, round desc limit ${limit}`,
      );
      return rows.map(winOf);
    },
    /** The biggest single paid-out rounds in a currency since a moment (ratings), hidden players left out. */
    async topWins(query: { currency: string; since?: Date; limit: number; hidden: number[] }) {
      const since = query.since ? sql` and closed_at >= ${query.since.toISOString()}::timestamptz` : sql``;
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select user_id, provider, game_code, win_total, currency, closed_at from game_rounds
            where closed_at is not null and win_total > 0 and currency = ${query.currency}${since}
              and user_id <> all(${`{${query.hidden.join(',')}}`}::bigint[])
            order by win_total desc, closed_at, round limit ${query.limit}`,
      );
      return rows.map(winOf);
    },
    /**
     * Players ranked by their net winnings (wins − stakes, the winners only) or by what they staked,
     * over closed rounds in a currency since a moment; hidden players left out.
     */
    async topPlayers(query: {
      currency: string;
      since?: Date;
      by: 'net' | 'staked';
      limit: number;
      offset: number;
      hidden: number[];
    }) {
      const since = query.since ? sql` and closed_at >= ${query.since.toISOString()}::timestamptz` : sql``;
      const amount = query.by === 'net' ? sql`sum(win_total - bet_total)` : sql`sum(bet_total)`;
      const rows = await queryRows<{ user_id: string; amount: string; rounds: string }>(
        db,
        sql`select user_id, ${amount}::text as amount, count(*)::text as rounds from game_rounds
            where closed_at is not null and currency = ${query.currency}${since}
              and user_id <> all(${`{${query.hidden.join(',')}}`}::bigint[])
            group by user_id having ${amount} > 0
            order by ${amount} desc, user_id limit ${query.limit} offset ${query.offset}`,
      );
      return rows.map((row) => ({
        userId: Number(row.user_id),
        amount: Number(row.amount),
        rounds: Number(row.rounds),
      }));
    },
    /** The games a player launched last (real or demo), most recent first. */
    async recentGames(userId: number, limit: number): Promise<{ provider: string; code: string }[]> {
      const rows = await queryRows<{ provider: string; game_code: string }>(
        db,
        sql`select provider, game_code from game_sessions where user_id = ${userId}
            group by provider, game_code order by max(created_at) desc limit ${limit}`,
      );
      return rows.map((row) => ({ provider: row.provider, code: row.game_code }));
    },
    /** Stakes and wins since a moment, rolled-back ones left out. */
    async playSince(userId: number, currency: string, since: Date) {
      const [row] = await queryRows<{ staked: string | null; won: string | null }>(
        db,
        sql`select sum(amount) filter (where kind = 'bet') as staked, sum(amount) filter (where kind = 'win') as won
            from provider_transactions
            where user_id = ${userId} and currency = ${currency} and not rolled_back
              and created_at >= ${since.toISOString()}::timestamptz`,
      );
      return { staked: Number(row?.staked ?? 0), won: Number(row?.won ?? 0) };
    },
    /** A player's rounds, newest first, and how many there are. */
    async history(userId: number, page: { limit: number; offset: number }) {
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(gameRounds)
          .where(eq(gameRounds.userId, userId))
          .orderBy(desc(gameRounds.openedAt), desc(gameRounds.round))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ count: count() }).from(gameRounds).where(eq(gameRounds.userId, userId)),
      ]);
      return { items, count: total?.count ?? 0 };
    },
    async round(provider: string, round: string) {
      const [row] = await db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.provider, provider), eq(gameRounds.round, round)));
      return row;
    },
    /** Closes rounds the provider left open since before `before`; answers how many. */
    async closeStaleRounds(before: Date, at: Date): Promise<number> {
      const closed = await db
        .update(gameRounds)
        .set({ closedAt: at, closedBy: 'timeout' })
        .where(and(isNull(gameRounds.closedAt), lt(gameRounds.openedAt, before)))
        .returning({ round: gameRounds.round });
      return closed.length;
    },
    /** A provider win in one round trip (`seamless_win`, apps/server/sql/functions.sql). */
    async placeWin(input: MoneyCall & { reference: string }): Promise<{ status: string; answer: unknown }> {
      const [row] = await queryRows<{ status: string; answer: unknown }>(
        db,
        sql`select * from seamless_win(${input.provider}, ${input.transactionId}, ${input.userId}, ${input.gameCode},
              ${input.round}, ${input.roundClosed}, ${input.currency}, ${input.amount}, ${input.reference},
              decode(${input.requestHash.toString('hex')}, 'hex'), ${input.requestUuid},
              ${input.at.toISOString()}::timestamptz, ${input.ledgerKey},
              decode(${input.ledgerHash.toString('hex')}, 'hex'), ${ints(input.accountIds)}::bigint[],
              ${ints(input.amounts)}::bigint[])`,
      );
      if (!row) throw new Error('seamless_win answered nothing');
      return row;
    },

    /** A provider bet in one round trip (`seamless_bet`, apps/server/sql/functions.sql). */
    async placeBet(input: MoneyCall): Promise<{ status: string; answer: unknown }> {
      const [row] = await queryRows<{ status: string; answer: unknown }>(
        db,
        sql`select * from seamless_bet(${input.provider}, ${input.transactionId}, ${input.userId}, ${input.gameCode},
              ${input.round}, ${input.roundClosed}, ${input.currency}, ${input.amount},
              decode(${input.requestHash.toString('hex')}, 'hex'), ${input.requestUuid},
              ${input.at.toISOString()}::timestamptz, ${input.ledgerKey},
              decode(${input.ledgerHash.toString('hex')}, 'hex'), ${ints(input.accountIds)}::bigint[],
              ${ints(input.amounts)}::bigint[])`,
      );
      if (!row) throw new Error('seamless_bet answered nothing');
      return row;
    },
    /**
     * Audit rows in one statement. Their commit does not wait for the disk: a database crash may lose
     * the last instants of the trail, never money (each answer is stored with its transaction).
     */
    async audit(rows: (typeof providerRequests.$inferInsert)[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local synchronous_commit = off`);
        await tx.insert(providerRequests).values(rows);
      });
    },
  };
}

export type SeamlessRepository = ReturnType<typeof createSeamlessRepository>;
