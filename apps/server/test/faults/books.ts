import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, type Database } from '../../src/platform/db/database.ts';
import { auditLedger, type LedgerViolation } from '../../src/modules/wallet/index.ts';

/**
 * The test's own view of a server's database, beside the server: the ledger audit (ADR 012) and the
 * cross-table checks that find half-written operations, read straight from PostgreSQL.
 */
export interface Books {
  audit(): Promise<LedgerViolation[]>;
  /** Rows that say one thing while the ledger says another (empty when every operation is whole). */
  halfWritten(): Promise<string[]>;
  /** The stored real balance of each player, by user id. */
  realBalances(): Promise<Map<number, number>>;
  /** How many ledger transactions carry each idempotency key among `keys`. */
  postings(keys: string[]): Promise<Map<string, number>>;
  query<T extends Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** The application_name of every connection the tests open themselves, which terminations spare. */
export const TEST_CLIENT_NAME = 'kometa-faults-test';

export function asTestClient(url: string): string {
  const named = new URL(url);
  named.searchParams.set('application_name', TEST_CLIENT_NAME);
  return named.toString();
}

export async function openBooks(databaseUrl: string): Promise<Books> {
  const url = asTestClient(databaseUrl);
  const database: Database = await openDatabase({ url, poolSize: 2, dataDir: ':memory:' });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const query = async <T extends Record<string, unknown>>(text: string, params: unknown[] = []) =>
    (await client.query<T>(text, params)).rows;
  return {
    audit: () => auditLedger(database.db),
    query,
    async halfWritten() {
      const problems: string[] = [];
      // A deposit is SUCCESS exactly when its credit is in the ledger.
      for (const row of await queryRows<{ id: string; status: number; credited: boolean }>(
        database.db,
        sql`select p.id::text, p.status, exists (select 1 from ledger_transactions t
              where t.idempotency_key = 'payment:' || p.id || ':credit') as credited
            from payments p where p.direction = 'deposit'`,
      )) {
        if ((row.status === 3) !== row.credited) {
          problems.push(`deposit ${row.id} has status ${row.status} but credited=${row.credited}`);
        }
      }
      // A withdrawal always holds its amount; it is paid out exactly when SUCCESS and released exactly
      // when FAIL or CANCELLED.
      for (const row of await queryRows<{ id: string; status: number; effects: string[] }>(
        database.db,
        sql`select p.id::text, p.status, array(select split_part(t.idempotency_key, ':', 3)
              from ledger_transactions t where t.reference = 'payment:' || p.id order by t.id) as effects
            from payments p where p.direction = 'withdrawal'`,
      )) {
        const has = (effect: string) => row.effects.includes(effect);
        if (!has('hold')) problems.push(`withdrawal ${row.id} (status ${row.status}) has no hold`);
        if ((row.status === 3) !== has('payout'))
          problems.push(`withdrawal ${row.id} has status ${row.status} but effects ${row.effects.join(',')}`);
        if ([4, 10].includes(row.status) !== has('release'))
          problems.push(`withdrawal ${row.id} has status ${row.status} but effects ${row.effects.join(',')}`);
      }
      // Ledger postings of payments that do not exist.
      for (const row of await query<{ key: string }>(
        `select t.idempotency_key as key from ledger_transactions t
         where t.reference like 'payment:%'
           and not exists (select 1 from payments p where 'payment:' || p.id = t.reference)`,
      )) {
        problems.push(`ledger posting ${row.key} belongs to no payment`);
      }
      // A provider bet or win is claimed exactly when its money moved, and the other way round.
      for (const row of await query<{ what: string }>(
        `select 'provider transaction ' || pt.transaction_id || ' has no ledger posting' as what
           from provider_transactions pt
          where pt.kind in ('bet', 'win') and pt.amount > 0
            and not exists (select 1 from ledger_transactions t
                             where t.idempotency_key = 'provider:' || pt.provider || ':' || pt.transaction_id)
         union all
         select 'ledger posting ' || t.idempotency_key || ' has no provider transaction'
           from ledger_transactions t
          where t.idempotency_key like 'provider:%'
            and not exists (select 1 from provider_transactions pt
                             where 'provider:' || pt.provider || ':' || pt.transaction_id = t.idempotency_key)`,
      )) {
        problems.push(row.what);
      }
      // Each round's totals are the sum of its transactions (written in the same statement as the money).
      for (const row of await query<{
        round: string;
        bets: string;
        wins: string;
        bet_total: string;
        win_total: string;
      }>(
        `select r.round, r.bet_total::text, r.win_total::text,
                coalesce(sum(pt.amount) filter (where pt.kind = 'bet' and not pt.rolled_back), 0)::text as bets,
                coalesce(sum(pt.amount) filter (where pt.kind = 'win'), 0)::text as wins
           from game_rounds r left join provider_transactions pt on pt.provider = r.provider and pt.round = r.round
          group by r.provider, r.round, r.bet_total, r.win_total
         having r.bet_total <> coalesce(sum(pt.amount) filter (where pt.kind = 'bet' and not pt.rolled_back), 0)
             or r.win_total <> coalesce(sum(pt.amount) filter (where pt.kind = 'win'), 0)`,
      )) {
        problems.push(
          `round ${row.round} totals ${row.bet_total}/${row.win_total} but its transactions ${row.bets}/${row.wins}`,
        );
      }
      return problems;
    },
    async realBalances() {
      const rows = await query<{ user_id: string; balance: string }>(
        `select user_id::text, balance::text from ledger_accounts where kind = 'real' and currency = 'RUB'`,
      );
      return new Map(rows.map((row) => [Number(row.user_id), Number(row.balance)]));
    },
    async postings(keys) {
      const rows = await query<{ key: string; n: string }>(
        `select idempotency_key as key, count(*)::text as n from ledger_transactions
          where idempotency_key = any($1::text[]) group by idempotency_key`,
        [keys],
      );
      const counts = new Map(keys.map((key) => [key, 0]));
      for (const row of rows) counts.set(row.key, Number(row.n));
      return counts;
    },
    async close() {
      await client.end();
      await database.close();
    },
  };
}
