import { defineConfig } from 'vitest/config';
import { TEST_CLUSTER, TEST_DATABASE_URL, TEST_REDIS_URL } from './apps/server/test/config.ts';

/** `*.pg.test.ts` need a real PostgreSQL and Redis: they belong to CI's second pass, not the embedded one. */
const sharedServers = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);

export default defineConfig({
  test: {
    include: [
      'tools/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/server/sql/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
      'apps/web/server/**/*.test.ts',
    ],
    // The cluster test loads the whole machine for a minute: CI runs it alone (TEST_CLUSTER=1), after
    // the PostgreSQL pass, so no other test competes with it for the two cores.
    exclude: [
      '**/node_modules/**',
      ...(sharedServers ? [] : ['**/*.pg.test.ts']),
      ...(TEST_CLUSTER ? [] : ['apps/server/test/cluster/**']),
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
