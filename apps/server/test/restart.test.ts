import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/platform/db/database.ts';
import { freshDatabase, onPostgres, startTestApp, type FreshDatabase } from './harness.ts';

/** The same database across restarts: a PGlite folder, or one PostgreSQL database. */
let dataDir: string;
let database: FreshDatabase | undefined;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kometa-restart-'));
  if (onPostgres) database = await freshDatabase();
});
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  await database?.drop();
});

function start() {
  return startTestApp({ env: { DATA_DIR: dataDir }, shared: database ? { databaseUrl: database.url } : {} });
}

describe('restarting on the same database', () => {
  it('applies migrations once, loads demo content once and keeps operator edits', async () => {
    const first = await start();
    const count = async (db = first.platform.database.db) =>
      Number((await queryRows<{ n: string }>(db, sql`select count(*)::text as n from menu_items`))[0]?.n);
    const itemsAfterFirst = await count();
    expect(itemsAfterFirst).toBeGreaterThan(5);
    await first.platform.database.db.execute(
      sql`update settings set value = '{"enabled": false}'::jsonb where alias = 'cookie_bar'`,
    );
    await first.platform.database.db.execute(sql`delete from settings where alias = 'footer_clock'`);
    await first.close();

    const second = await start();
    try {
      expect(await count(second.platform.database.db)).toBe(itemsAfterFirst);
      const migrations = await queryRows<{ name: string }>(
        second.platform.database.db,
        sql`select name from schema_migrations`,
      );
      expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length);
      const { data } = (await second.app.inject('/api/v18/settings')).json();
      const value = (alias: string) =>
        JSON.parse(data.find((e: { alias: string }) => e.alias === alias).value);
      expect(value('cookie_bar')).toEqual({ enabled: false });
      // A key missing from the database comes back with its default: new keys appear on upgrade.
      expect(value('footer_clock')).toEqual({ enabled: true });
    } finally {
      await second.close();
    }
  });
});
