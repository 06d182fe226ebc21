/** The test suite's own configuration: which real PostgreSQL and Redis to run against, if any. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
/** The cluster test (several servers under a minute of load) runs in a CI step of its own. */
export const TEST_CLUSTER = process.env.TEST_CLUSTER === '1';
