import { defineConfig } from 'vitest/config';
import { TEST_DATABASE_URL, TEST_REDIS_URL } from './apps/server/test/config.ts';

/** `*.pg.test.ts` need a real PostgreSQL and Redis: they belong to CI's second pass, not the embedded one. */
const sharedServers = Boolean(TEST_DATABASE_URL && TEST_REDIS_URL);

export default defineConfig({
  test: {
    include: [
      'tools/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'apps/*/src/**/*.test.ts',
      'apps/*/test/**/*.test.ts',
      'apps/web/app/**/*.test.{ts,tsx}',
      'apps/web/server/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', ...(sharedServers ? [] : ['**/*.pg.test.ts'])],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
