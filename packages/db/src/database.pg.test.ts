import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../test/config.ts';
import { openDatabase, type Database } from './database.ts';

/** The pool under the Drizzle handle: the `connect()` a Drizzle transaction checks its client out with. */
const poolOf = (database: Database) => (database.db as unknown as { $client: pg.Pool }).$client;

async function terminate(pid: number): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await admin.end();
  }
}

describe.runIf(TEST_DATABASE_URL)('a PostgreSQL pool whose checked-out connection ends', () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it('gets the slot back though its holder never releases it (a Drizzle `begin` on a killed connection)', async () => {
    database = await openDatabase({ url: TEST_DATABASE_URL, poolSize: 1, dataDir: '' });
    const leaked = await poolOf(database).connect();
    const { rows } = await leaked.query<{ pid: number }>('select pg_backend_pid() as pid');
    await terminate(rows[0]!.pid);
    await expect(leaked.query('select 1')).rejects.toThrow();
    // The pool's only slot is free again: a query is answered, not refused after the pool's 5 s wait.
    const startedAt = performance.now();
    expect(await database.ping()).toBe(true);
    expect(performance.now() - startedAt).toBeLessThan(4_000);
    // The holder's own release, late, neither throws nor frees the slot twice.
    expect(() => leaked.release()).not.toThrow();
    expect(poolOf(database).totalCount).toBeLessThanOrEqual(1);
  });
});
