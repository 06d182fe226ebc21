import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { benchConfig } from '../config.ts';

export interface BenchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh database on the bench PostgreSQL (BENCH_DATABASE_URL, by default the local server), dropped
 * afterwards; undefined when no PostgreSQL answers, so suites can still run on the embedded default.
 */
export async function freshBenchDatabase(): Promise<BenchDatabase | undefined> {
  const admin = new pg.Client({ connectionString: benchConfig.databaseUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `kometa_bench_${randomBytes(5).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(benchConfig.databaseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: benchConfig.databaseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}
