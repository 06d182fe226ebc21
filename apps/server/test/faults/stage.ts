import { afterAll, beforeAll } from 'vitest';
import {
  TEST_REDIS_URL,
  deleteRedisPrefix,
  freshDatabase,
  freshRedisPrefix,
  type FreshDatabase,
} from '../harness.ts';
import { openBooks, type Books } from './books.ts';
import { SERVER_ENV } from './casino.ts';
import { killAll } from './processes.ts';

/** What a fault test stands on (ready from its `beforeAll` on). */
export interface FaultStage {
  /** A fresh PostgreSQL database of the file's own. */
  readonly database: FreshDatabase;
  /** The test's own view of that database (books.ts). */
  readonly books: Books;
  /** A Redis key prefix of the file's own (on the shared Redis). */
  readonly prefix: string;
  /** The API's environment on this database and prefix, jobs on; `extra` adds or overrides. */
  serverEnv(extra?: Record<string, string>): Record<string, string>;
}

/**
 * The stage of one fault test file: a fresh database, its books and a Redis prefix, made before the
 * file's tests; after them every spawned process is killed and the database and the prefix removed.
 * Call it first in the `describe`: vitest runs after-hooks in reverse, so the file's own clean-up
 * (its extra clients) runs before the database goes.
 */
export function useFaultStage(): FaultStage {
  let database: FreshDatabase | undefined;
  let books: Books | undefined;
  const prefix = freshRedisPrefix();
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the fault stage is ready from beforeAll on');
    return value;
  };
  beforeAll(async () => {
    database = await freshDatabase();
    books = await openBooks(database.url);
  });
  afterAll(async () => {
    await killAll();
    await books?.close();
    await database?.drop();
    await deleteRedisPrefix(prefix);
  });
  return {
    get database() {
      return ready(database);
    },
    get books() {
      return ready(books);
    },
    prefix,
    serverEnv: (extra = {}) => ({
      ...SERVER_ENV,
      DATABASE_URL: ready(database).url,
      REDIS_URL: TEST_REDIS_URL ?? '',
      REDIS_PREFIX: prefix,
      JOBS_ENABLED: 'true',
      JOBS_POLL_MS: '100',
      ...extra,
    }),
  };
}
