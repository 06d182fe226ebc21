import { and, count, desc, eq, sql } from 'drizzle-orm';
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

/** Which players to rank (see `topPlayers`): by net winnings or stakes, in a currency, since a moment. */
export interface TopPlayersQuery {
  currency: string;
  since?: Date;
  by: 'net' | 'staked';
  limit: number;
  offset: number;
  /** Players never shown in public figures (fake and tester players). */
  hidden: number[];
}

export function createSeamlessRepository(db: Db) {
  return {
    async game(provider: string, code: string): Promise<GameRow | undefined> {
      const [row] = await db
        .select()
        .from(games)
        .where(and(eq(games.provider, provider), eq(games.code, code)));
      return row;
    },
    /** The game's kind in the registry (`games.category`), read inside the caller's transaction. */
    async gameType(provider: string, code: string, executor: Db): Promise<string> {
      const [row] = await queryRows<{ category: string }>(
        executor,
        sql`select category from games where provider = ${provider} and code = ${code}`,
      );
      return row?.category ?? 'unknown';
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
    /** Rolls back a bet that staked bonus money (`gift_rollback_bet`); answers the playable balance. */
    async rollbackBonusBet(
      bet: { provider: string; transactionId: string },
      posting: { key: string; hash: Buffer; at: Date; accounts: number[] },
      executor: Db,
    ): Promise<number> {
      const rows = await queryRows<{ balance: unknown }>(
        executor,
        sql`select gift_rollback_bet(t, ${posting.key}, decode(${posting.hash.toString('hex')}, 'hex'),
              ${posting.at.toISOString()}, ${posting.accounts[0]}, ${posting.accounts[1]}) as balance
            from provider_transactions t
            where t.provider = ${bet.provider} and t.transaction_id = ${bet.transactionId}`,
      );
      return Number(rows[0]?.balance ?? 0);
    },

    /**
     * Takes back what a rolled-back real-money bet counted toward its gift, while that gift still
     * wagers (under the gift's row lock, taken before the ledger's as the bet takes it). Answers
     * whether the gift still wagers.
     */
    async uncountWager(giftId: number, counted: number, executor: Db): Promise<boolean> {
      const rows = await queryRows<{ id: unknown }>(
        executor,
        sql`update user_gifts set current_wager = greatest(0, current_wager - ${counted})
            where id = ${giftId} and state = 'wagering' returning id`,
      );
      return rows.length > 0;
    },

    async markRolledBack(provider: string, id: string, executor: Db): Promise<void> {
      await executor
        .update(providerTransactions)
        .set({ rolledBack: true })
        .where(and(eq(providerTransactions.provider, provider), eq(providerTransactions.transactionId, id)));
    },

    /**
     * Adds a bet or a win to its round (opening it), and closes it when the provider says so
     * (`seamless_round_add`, apps/server/sql/functions.sql: it records `round.closed` once).
     */
    async addToRound(
      row: { provider: string; round: string; userId: number; gameCode: string; currency: string; at: Date },
      change: { bet: number; win: number; close: boolean },
      executor: Db,
    ): Promise<void> {
      await executor.execute(
        sql`select seamless_round_add(${row.provider}, ${row.round}, ${row.userId}, ${row.gameCode}, null,
              ${row.currency}, ${change.bet}, ${change.win}, ${change.close}, ${row.at.toISOString()}::timestamptz)`,
      );
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
    /**
     * The latest settled rounds a player won in a currency (paid out more than staked; the lobby's live
     * feed), newest first, with their stakes and a key per round; hidden players left out in SQL.
     */
    async recentNetWins(query: { currency: string; limit: number; hidden: number[] }) {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select provider, round, user_id, game_code, bet_total, win_total, currency, closed_at from game_rounds
            where closed_at is not null and currency = ${query.currency} and win_total > bet_total
              and user_id <> all(${`{${query.hidden.join(',')}}`}::bigint[])
            order by closed_at desc, round desc limit ${query.limit}`,
      );
      return rows.map((row) => ({
        ...winOf(row),
        stake: Number(row.bet_total),
        round: `${String(row.provider)}/${String(row.round)}`,
      }));
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
    async topPlayers(query: TopPlayersQuery) {
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
          .select({ round: gameRounds, gameName: games.name })
          .from(gameRounds)
          .leftJoin(games, and(eq(games.provider, gameRounds.provider), eq(games.code, gameRounds.gameCode)))
          .where(eq(gameRounds.userId, userId))
          .orderBy(desc(gameRounds.openedAt), desc(gameRounds.round))
          .limit(page.limit)
          .offset(page.offset),
        db.select({ count: count() }).from(gameRounds).where(eq(gameRounds.userId, userId)),
      ]);
      return {
        items: items.map(({ round, gameName }) => ({ ...round, gameName: gameName ?? round.gameCode })),
        count: total?.count ?? 0,
      };
    },
    /**
     * A player's rounds for the back office (ADR 045), newest first, by keyset on (opened_at, provider,
     * round) over `game_rounds_user`.
     */
    async playerRounds(
      userId: number,
      after: { openedAt: Date; provider: string; round: string } | null,
      limit: number,
    ) {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select r.provider, r.round, r.game_code, g.name as game_name, r.currency, r.bet_total, r.win_total,
                   r.opened_at, r.closed_at, r.closed_by
            from game_rounds r left join games g on g.provider = r.provider and g.code = r.game_code
            where r.user_id = ${userId}
              ${
                after
                  ? sql`and (r.opened_at, r.provider, r.round) < (${after.openedAt.toISOString()}::timestamptz, ${after.provider}, ${after.round})`
                  : sql``
              }
            order by r.opened_at desc, r.provider desc, r.round desc limit ${limit}`,
      );
      return rows.map((row) => ({
        provider: String(row.provider),
        round: String(row.round),
        gameCode: String(row.game_code),
        gameName: (row.game_name as string | null) ?? null,
        currency: String(row.currency),
        stake: Number(row.bet_total),
        win: Number(row.win_total),
        openedAt: new Date(row.opened_at as string),
        closedAt: row.closed_at ? new Date(row.closed_at as string) : null,
        closedBy: (row.closed_by as string | null) ?? null,
      }));
    },
    async round(provider: string, round: string) {
      const [row] = await db
        .select()
        .from(gameRounds)
        .where(and(eq(gameRounds.provider, provider), eq(gameRounds.round, round)));
      return row;
    },
    /**
     * Closes rounds the provider left open since before `before`, each with its `round.closed` event
     * in the same statement; answers how many.
     */
    async closeStaleRounds(before: Date, at: Date): Promise<number> {
      const [row] = await queryRows<{ closed: string | number }>(
        db,
        sql`with closed as (
              update game_rounds set closed_at = ${at.toISOString()}::timestamptz, closed_by = 'timeout'
              where closed_at is null and opened_at < ${before.toISOString()}::timestamptz
              returning provider, round, user_id, game_code, currency, bet_total, win_total
            ), recorded as (
              insert into activity_events (kind, user_id, occurred_at, payload)
              select 'round.closed', c.user_id, ${at.toISOString()}::timestamptz, jsonb_build_object(
                'provider', c.provider, 'game', c.game_code, 'gameType', coalesce(g.category, 'unknown'),
                'round', c.round, 'stake', c.bet_total, 'win', c.win_total, 'currency', c.currency,
                'closedBy', 'timeout')
              from closed c left join games g on g.provider = c.provider and g.code = c.game_code
            )
            select count(*) as closed from closed`,
      );
      return Number(row?.closed ?? 0);
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
     * The real-money part of a stake or a win (cashback, ADR 031): a bet without its bonus part (a free
     * round: nothing), a win without the part its bet's bonus money earned.
     */
    async realPlay(
      provider: string,
      transactionId: string,
      executor: Db,
    ): Promise<{ stake: number; win: number } | null> {
      const [row] = await queryRows<{ stake: unknown; win: unknown }>(
        executor,
        sql`select
              case when t.kind = 'bet' then t.amount - t.bonus_amount else 0 end as stake,
              case when t.kind <> 'win' then 0
                   when b.free_round then 0
                   when b.bonus_amount > 0 and b.amount > 0
                     then t.amount - floor(t.amount * b.bonus_amount / b.amount::numeric)::bigint
                   else t.amount end as win
            from provider_transactions t
            left join provider_transactions b on t.kind = 'win' and b.provider = t.provider
              and b.transaction_id = t.reference_id
            where t.provider = ${provider} and t.transaction_id = ${transactionId}`,
      );
      return row ? { stake: Number(row.stake), win: Number(row.win) } : null;
    },
    /** A free round's bet in one round trip (`seamless_free_bet`, ADR 031): `giftId` is its campaign. */
    async placeFreeBet(input: MoneyCall & { giftId: number }): Promise<{ status: string; answer: unknown }> {
      const [row] = await queryRows<{ status: string; answer: unknown }>(
        db,
        sql`select * from seamless_free_bet(${input.provider}, ${input.transactionId}, ${input.userId},
              ${input.gameCode}, ${input.round}, ${input.roundClosed}, ${input.currency}, ${input.amount},
              ${input.giftId}, decode(${input.requestHash.toString('hex')}, 'hex'), ${input.requestUuid},
              ${input.at.toISOString()}::timestamptz, ${input.ledgerKey},
              decode(${input.ledgerHash.toString('hex')}, 'hex'), ${ints(input.accountIds)}::bigint[])`,
      );
      if (!row) throw new Error('seamless_free_bet answered nothing');
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
