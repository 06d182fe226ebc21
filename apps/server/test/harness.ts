import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { buildApp, type BuildOptions, type BuiltApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './config.ts';
import { databaseUrl, onServer } from './database-template.ts';

/**
 * Test environments. Without TEST_DATABASE_URL every app runs on in-memory PGlite; with it, each call
 * to `freshDatabase` creates its own PostgreSQL database (dropped afterwards), and with TEST_REDIS_URL the
 * cache is Redis under a key prefix of its own (deleted afterwards). CI runs the suite both ways.
 */
export { TEST_DATABASE_URL, TEST_REDIS_URL };
export const onPostgres = Boolean(TEST_DATABASE_URL);

/** A `*.pg.test.ts` file runs on real PostgreSQL and Redis only (CI's second pass): it says so when not. */
export function requirePostgresAndRedis(): void {
  if (!onPostgres || !TEST_REDIS_URL)
    throw new Error('*.pg.test.ts needs TEST_DATABASE_URL and TEST_REDIS_URL');
}

export interface FreshDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/**
 * A new PostgreSQL database of the test's own, dropped by `drop()`. With `casino`, a copy of the run's
 * database with the casino's migrations applied (database-template.ts): the app's start finds them done.
 */
export async function freshDatabase(options: { casino?: boolean } = {}): Promise<FreshDatabase> {
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `kometa_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = options.casino ? inject('casinoTemplate') : undefined;
  await onServer(`create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    name,
    url: databaseUrl(name),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}

export function freshRedisPrefix(): string {
  return `kometa_test:${randomBytes(6).toString('hex')}:`;
}

export async function deleteRedisPrefix(prefix: string): Promise<void> {
  if (!TEST_REDIS_URL) return;
  const redis = new Redis(TEST_REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

export interface TestApp extends BuiltApp {
  close(): Promise<void>;
  env: Record<string, string>;
}

export interface TestAppOptions extends BuildOptions {
  env?: Record<string, string>;
  /** Share a database (and Redis prefix) with another app instead of making fresh ones. */
  shared?: { databaseUrl?: string; redisPrefix?: string };
}

/** Builds the real app on a fresh database (PGlite in memory, or PostgreSQL when configured). */
export async function startTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const cleanups: (() => Promise<void>)[] = [];
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: ':memory:',
    JOBS_ENABLED: 'false',
    SIGNATURE_MODE: 'off',
    ARGON2_MEMORY_KIB: '19456',
    ARGON2_ITERATIONS: '2',
    // The demo players of the back office's queues would be everyone's rows; their own test asks for them.
    SEED_DEMO_PLAYERS: 'false',
  };
  if (TEST_DATABASE_URL) {
    if (options.shared?.databaseUrl) {
      env.DATABASE_URL = options.shared.databaseUrl;
    } else {
      const database = await freshDatabase({ casino: true });
      env.DATABASE_URL = database.url;
      cleanups.push(() => database.drop());
    }
  }
  if (TEST_REDIS_URL) {
    env.REDIS_URL = TEST_REDIS_URL;
    const prefix = options.shared?.redisPrefix ?? freshRedisPrefix();
    env.REDIS_PREFIX = prefix;
    if (!options.shared?.redisPrefix) cleanups.push(() => deleteRedisPrefix(prefix));
  }
  // KYC documents of this app go to a folder of its own, removed with it.
  const kycDir = mkdtempSync(join(tmpdir(), 'kometa-test-kyc-'));
  env.KYC_STORAGE_DIR = kycDir;
  cleanups.push(async () => rmSync(kycDir, { recursive: true, force: true }));
  Object.assign(env, options.env);
  let built: BuiltApp;
  try {
    built = await buildApp(loadConfig(env), options);
  } catch (error) {
    for (const cleanup of cleanups.reverse()) await cleanup();
    throw error;
  }
  return {
    ...built,
    env,
    async close() {
      await built.app.close();
      for (const cleanup of cleanups.reverse()) await cleanup();
    },
  };
}

export interface SuiteApp {
  readonly app: TestApp['app'];
  readonly platform: TestApp['platform'];
  /** The environment the app was built from (its DATABASE_URL, for a second connection). */
  readonly env: TestApp['env'];
  readonly operator: TestApp['operator'];
  readonly activity: TestApp['activity'];
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
}

/** One app for a test file: built before its tests, closed (and its database dropped) after them. */
export function useTestApp(options: TestAppOptions = {}): SuiteApp {
  let current: TestApp | undefined;
  beforeAll(async () => {
    current = await startTestApp(options);
  });
  afterAll(async () => {
    await current?.close();
  });
  return suiteApp(() => current);
}

/** A test app seen through getters, so a test file can name it before beforeAll has built it. */
function suiteApp(current: () => TestApp | undefined): SuiteApp {
  const started = (): TestApp => {
    const app = current();
    if (!app) throw new Error('the test app is used before beforeAll ran');
    return app;
  };
  return {
    get app() {
      return started().app;
    },
    get platform() {
      return started().platform;
    },
    get env() {
      return started().env;
    },
    get operator() {
      return started().operator;
    },
    get activity() {
      return started().activity;
    },
    get: (url, headers = {}) => started().app.inject({ url, headers }),
  };
}

/**
 * Two instances of the app behind a load balancer, for a `*.pg.test.ts` file: one fresh PostgreSQL
 * database and one Redis prefix shared by both, built before its tests and closed, dropped and deleted
 * after them.
 */
export function useTwoInstances(options: Omit<TestAppOptions, 'shared'> = {}): { a: SuiteApp; b: SuiteApp } {
  const prefix = freshRedisPrefix();
  let database: FreshDatabase | undefined;
  const apps: TestApp[] = [];
  beforeAll(async () => {
    database = await freshDatabase({ casino: true });
    const shared = { databaseUrl: database.url, redisPrefix: prefix };
    apps.push(
      ...(await Promise.all([startTestApp({ ...options, shared }), startTestApp({ ...options, shared })])),
    );
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database?.drop();
    await deleteRedisPrefix(prefix);
  });
  return { a: suiteApp(() => apps[0]), b: suiteApp(() => apps[1]) };
}
