import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrate, openDatabase } from '@kometa/db';
import { TEST_DATABASE_URL } from './config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL database with the casino's migrations applied, copied by each test's own (ADR 053). */
    casinoTemplate: string | undefined;
  }
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../migrations', import.meta.url));

/** Runs one statement on the server's maintenance database. */
export async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export function databaseUrl(name: string): string {
  const url = new URL(TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Vitest's global setup on PostgreSQL: migrates one database once per run, and every test database of
 * the casino is made as its copy (`create database … template`), which costs a fraction of running
 * the migrations again in each. The copy runs the migration runner as usual and finds nothing to do.
 * Dropped when the run ends, as every test database is.
 */
export default async function setup(project: TestProject) {
  if (!TEST_DATABASE_URL) {
    project.provide('casinoTemplate', undefined);
    return;
  }
  const name = `kometa_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await onServer(`create database ${name}`);
  try {
    const database = await openDatabase({ url: databaseUrl(name), poolSize: 1, dataDir: ':memory:' });
    try {
      await migrate(database, MIGRATIONS_DIR);
    } finally {
      await database.close();
    }
  } catch (error) {
    await onServer(`drop database if exists ${name} with (force)`);
    throw error;
  }
  project.provide('casinoTemplate', name);
  return () => onServer(`drop database if exists ${name} with (force)`);
}
