import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../src/platform/db/database.ts';

/**
 * Players straight into the users table, for tests about money: registration (and its deliberately
 * slow password hash) is not what they test. The password hash is not a valid one: they cannot log in.
 */
export async function insertPlayers(db: Db, count: number, currency = 'RUB'): Promise<number[]> {
  const rows = await queryRows<{ id: string | number }>(
    db,
    sql`insert into users (email, password_hash, birth_date, currency, rules_accepted_at, created_at)
        select 'ledger-' || gen_random_uuid() || '@example.com', '!', '1990-01-01', ${currency}, now(), now()
        from generate_series(1, ${count})
        returning id`,
  );
  return rows.map((row) => Number(row.id));
}
