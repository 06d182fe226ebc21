import type { Database } from './database.ts';

/**
 * Runs a named seed once per database, even when two instances start together: the marker row is
 * claimed first, and removed again if the seed fails so a later start retries it.
 */
export async function runSeedOnce(
  database: Database,
  name: string,
  seed: () => Promise<void>,
): Promise<boolean> {
  const claimed = await database.withSession((session) =>
    session.query<{ name: string }>(
      'insert into seed_runs (name) values ($1) on conflict do nothing returning name',
      [name],
    ),
  );
  if (claimed.length === 0) return false;
  try {
    await seed();
    return true;
  } catch (error) {
    await database.withSession((session) => session.query('delete from seed_runs where name = $1', [name]));
    throw error;
  }
}
