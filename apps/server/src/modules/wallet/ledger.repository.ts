import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';
import { ledgerAccounts } from './wallet.tables.ts';

export interface AccountSpec {
  code: string;
  currency: string;
  userId: number | null;
  kind: string;
}

export interface PostedLeg {
  transactionId: number;
  replayed: boolean;
  accountId: number;
  balanceAfter: number | null;
}

/** A PostgreSQL array literal of integers (Drizzle would spread a JS array into a list of parameters). */
const intArray = (values: readonly number[]) => `{${values.map((v) => String(Math.trunc(v))).join(',')}}`;

export function createLedgerRepository(db: Db) {
  return {
    /** Creates the accounts that do not exist yet (players start at 0; house accounts keep no balance). */
    async ensureAccounts(specs: readonly AccountSpec[], executor: Db = db): Promise<Map<string, number>> {
      if (specs.length > 0) {
        await executor
          .insert(ledgerAccounts)
          .values(
            specs.map((s) => ({
              code: s.code,
              currency: s.currency,
              userId: s.userId,
              kind: s.kind,
              balance: s.userId === null ? null : 0,
              createdAt: new Date(),
            })),
          )
          .onConflictDoNothing();
      }
      const rows = await executor
        .select({ id: ledgerAccounts.id, code: ledgerAccounts.code, currency: ledgerAccounts.currency })
        .from(ledgerAccounts)
        .where(
          inArray(
            ledgerAccounts.code,
            specs.map((s) => s.code),
          ),
        );
      return new Map(rows.map((row) => [`${row.code}|${row.currency}`, row.id]));
    },

    /** One ledger transaction via `ledger_post` (apps/server/sql/functions.sql), on `executor` if given. */
    async post(
      input: {
        key: string;
        requestHash: Buffer;
        operation: string;
        reference: string | null;
        at: Date;
        accountIds: number[];
        amounts: number[];
      },
      executor: Db = db,
    ): Promise<PostedLeg[]> {
      const rows = await queryRows<{
        transaction_id: string | number;
        replayed: boolean;
        account_id: string | number;
        balance_after: string | number | null;
      }>(
        executor,
        sql`select * from ledger_post(${input.key}, decode(${input.requestHash.toString('hex')}, 'hex'),
          ${input.operation}, ${input.reference}, ${input.at.toISOString()}::timestamptz,
          ${intArray(input.accountIds)}::bigint[], ${intArray(input.amounts)}::bigint[])`,
      );
      return rows.map((row) => ({
        transactionId: Number(row.transaction_id),
        replayed: row.replayed,
        accountId: Number(row.account_id),
        balanceAfter: row.balance_after === null ? null : Number(row.balance_after),
      }));
    },

    /**
     * What a player has staked (bets less rolled-back bets) and deposited in a currency, from the ledger
     * itself: the withdrawal restriction compares the two.
     */
    async turnover(userId: number, currency: string): Promise<{ wagered: number; deposited: number }> {
      const [row] = await queryRows<{ wagered: string | null; deposited: string | null }>(
        db,
        sql`select
              (coalesce(sum(-e.amount) filter (where t.operation = 'bet'), 0)
                - coalesce(sum(e.amount) filter (where t.operation = 'rollback'), 0))::text as wagered,
              coalesce(sum(e.amount) filter (where t.operation = 'deposit'), 0)::text as deposited
            from ledger_accounts a
            join ledger_entries e on e.account_id = a.id
            join ledger_transactions t on t.id = e.transaction_id
            where a.user_id = ${userId} and a.currency = ${currency} and a.kind in ('real', 'bonus')`,
      );
      return { wagered: Number(row?.wagered ?? 0), deposited: Number(row?.deposited ?? 0) };
    },

    /** One player account's stored balance (0 when it was never opened). */
    async balance(userId: number, kind: string, currency: string, executor: Db = db): Promise<number> {
      const [row] = await executor
        .select({ balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(
          and(eq(ledgerAccounts.code, `player:${userId}:${kind}`), eq(ledgerAccounts.currency, currency)),
        );
      return row?.balance ?? 0;
    },

    /** A player's accounts (every kind and currency) with their stored balances. */
    async playerAccounts(userId: number) {
      return db
        .select({
          kind: ledgerAccounts.kind,
          currency: ledgerAccounts.currency,
          balance: ledgerAccounts.balance,
        })
        .from(ledgerAccounts)
        .where(and(eq(ledgerAccounts.userId, userId), isNotNull(ledgerAccounts.balance)));
    },

    /** Several players' accounts in one query (a page of the back office's players search). */
    async accountsOfPlayers(userIds: readonly number[]) {
      if (userIds.length === 0) return [];
      return db
        .select({
          userId: ledgerAccounts.userId,
          kind: ledgerAccounts.kind,
          currency: ledgerAccounts.currency,
          balance: ledgerAccounts.balance,
        })
        .from(ledgerAccounts)
        .where(and(inArray(ledgerAccounts.userId, [...userIds]), isNotNull(ledgerAccounts.balance)));
    },
  };
}

export type LedgerRepository = ReturnType<typeof createLedgerRepository>;
