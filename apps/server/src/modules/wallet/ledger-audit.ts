import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

export interface LedgerViolation {
  rule:
    | 'transaction-unbalanced'
    | 'balance-differs-from-entries'
    | 'currency-total-not-zero'
    | 'running-balance-broken';
  detail: Record<string, unknown>;
}

/**
 * Checks the ledger's invariants against the database itself (ADR 012): each transaction sums to zero
 * per currency; each stored balance equals the sum of its entries; all accounts sum to zero per
 * currency; each entry's balance_after is the running sum of its account. Empty means sound.
 */
export async function auditLedger(db: Db): Promise<LedgerViolation[]> {
  const [unbalanced, balances, totals, running] = await Promise.all([
    queryRows<Record<string, unknown>>(
      db,
      sql`select transaction_id, currency, sum(amount)::text as total from ledger_entries
          group by transaction_id, currency having sum(amount) <> 0 limit 20`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select a.id as account_id, a.balance::text as stored, coalesce(e.total, 0)::text as entries
          from ledger_accounts a
          left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e
            on e.account_id = a.id
          where a.balance is not null and a.balance <> coalesce(e.total, 0) limit 20`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select currency, sum(amount)::text as total from ledger_entries
          group by currency having sum(amount) <> 0`,
    ),
    queryRows<Record<string, unknown>>(
      db,
      sql`select id as entry_id, account_id, balance_after::text as balance_after, running::text as running
          from (select id, account_id, balance_after,
                       sum(amount) over (partition by account_id order by id) as running
                from ledger_entries where balance_after is not null) r
          where balance_after <> running limit 20`,
    ),
  ]);
  return [
    ...unbalanced.map((detail) => ({ rule: 'transaction-unbalanced' as const, detail })),
    ...balances.map((detail) => ({ rule: 'balance-differs-from-entries' as const, detail })),
    ...totals.map((detail) => ({ rule: 'currency-total-not-zero' as const, detail })),
    ...running.map((detail) => ({ rule: 'running-balance-broken' as const, detail })),
  ];
}
