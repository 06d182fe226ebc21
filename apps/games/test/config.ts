/** The game server's tests: the real PostgreSQL to run against, if any (else the embedded PGlite). */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
