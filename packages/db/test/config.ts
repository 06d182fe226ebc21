/** The package's tests' configuration: the real PostgreSQL its `*.pg.test.ts` run against (CI's second pass). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
