import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database.ts';

/** A fixed key for pg_advisory_lock, so two instances starting together migrate one after the other. */
const MIGRATION_LOCK_KEY = 74_201_118;

export interface MigrationResult {
  applied: string[];
}

/**
 * Applies the committed SQL files of `migrations/` in name order, each in its own transaction, once.
 * The same files run on PostgreSQL and on PGlite.
 */
export async function migrate(database: Database, directory: string): Promise<MigrationResult> {
  const files = readdirSync(directory)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
  return database.withSession(async (session) => {
    if (database.kind === 'postgres')
      await session.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await session.exec(
        'create table if not exists schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      const done = new Set(
        (await session.query<{ name: string }>('select name from schema_migrations')).map((row) => row.name),
      );
      const applied: string[] = [];
      for (const file of files) {
        if (done.has(file)) continue;
        const text = readFileSync(join(directory, file), 'utf8');
        await session.exec('begin');
        try {
          await session.exec(text);
          await session.query('insert into schema_migrations (name) values ($1)', [file]);
          await session.exec('commit');
        } catch (error) {
          await session.exec('rollback');
          throw new Error(`migration ${file} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(file);
      }
      return { applied };
    } finally {
      if (database.kind === 'postgres')
        await session.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  });
}
