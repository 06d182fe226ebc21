import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { TEST_CLUSTER, TEST_DATABASE_URL, TEST_REDIS_URL } from './apps/server/test/config.ts';

/** `*.pg.test.ts` need a real PostgreSQL and Redis: they belong to CI's second pass, not the embedded one. */
const sharedServers = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);

/**
 * Tests that never open a database or a cache (the site's components, the contracts, money and
 * fairness, the games' mathematics and frames): the second pass, about PostgreSQL and Redis, would run
 * them exactly as the first did, so it leaves them out.
 */
const noDatabase = [
  'tools/**',
  'apps/web/**',
  'packages/contracts/**',
  'packages/money/**',
  'packages/fairness/**',
  'apps/games/src/games/**',
  'apps/games/src/ui/**',
  'apps/games/client/**',
  'apps/e2e/**',
];

export default defineConfig({
  test: {
    include: [
      'tools/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/games/client/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/server/sql/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
      'apps/web/server/**/*.test.ts',
      'apps/e2e/support/**/*.test.ts',
    ],
    // The cluster test loads the whole machine for a minute: CI runs it alone (TEST_CLUSTER=1), after
    // the PostgreSQL pass, so no other test competes with it for the two cores.
    exclude: [
      '**/node_modules/**',
      ...(sharedServers ? noDatabase : ['**/*.pg.test.ts']),
      ...(TEST_CLUSTER ? [] : ['apps/server/test/cluster/**']),
    ],
    // Two slow cores take twice a fast machine's time (ADR 053): the bound catches a hang, not a slow test.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps its modules from one test file to the next instead of importing the casino again
    // for each (ADR 053, session 20): on two cores the embedded pass went from 615 s to 261 s and the
    // PostgreSQL pass from 410 s to 212 s. Each file still builds its own apps on its own databases;
    // no test stubs a global or the environment, and a new one that must restores it after itself.
    isolate: false,
    // Vitest's default on two cores is one worker, which left a core idle while a test waited on its
    // database or on argon2 (ADR 053, session 19): two files at a time there, Vitest's default elsewhere.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // On PostgreSQL, the casino's migrations run once, into the database each test's own is copied from.
    globalSetup: ['./apps/server/test/database-template.ts'],
  },
});
