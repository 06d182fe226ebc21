import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  TEST_DATABASE_URL,
  freshDatabase,
  onPostgres,
  startTestApp,
  type FreshDatabase,
  type TestApp,
} from './harness.ts';

/** When the database goes away, calls that need it answer 503 with the envelope and the process lives. */
describe('a database that goes down', () => {
  let t: TestApp;
  let database: FreshDatabase | undefined;

  beforeAll(async () => {
    if (onPostgres) database = await freshDatabase();
    t = await startTestApp({ shared: database ? { databaseUrl: database.url } : {} });
  });
  afterAll(async () => {
    await t.close();
    await database?.drop();
  });

  it('answers 503 SERVICE_UNAVAILABLE and /readyz reports it', async () => {
    expect((await t.app.inject('/api/v18/menu/header')).statusCode).toBe(200);
    if (database && TEST_DATABASE_URL) {
      // Really take it away: terminate every connection and drop the database under the running app.
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database ${database.name} with (force)`);
      await admin.end();
    } else {
      await t.platform.database.close();
    }
    const res = await t.app.inject('/api/v18/menu/footer');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ error: { code: 1007, message: 'errors.service_unavailable' } });
    const ready = await t.app.inject('/readyz');
    expect(ready.statusCode).toBe(503);
    expect(ready.json().database).toBe(false);
    expect((await t.app.inject('/healthz')).statusCode).toBe(200);
    // Calls that need no database still work.
    expect((await t.app.inject('/api/v18/time')).statusCode).toBe(200);
  });
});
