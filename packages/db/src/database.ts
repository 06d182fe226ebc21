import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { freshInMemoryCluster } from './fresh-cluster.ts';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';

/** Drizzle over either driver: repositories write one set of queries for both. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** What a migration or a lock needs: raw multi-statement SQL on one session. */
export interface RawSession {
  exec(text: string): Promise<void>;
  query<T>(text: string, params?: unknown[]): Promise<T[]>;
}

export interface Database {
  readonly kind: 'postgres' | 'pglite';
  readonly db: Db;
  /** Runs work on one dedicated session (a pooled client on PostgreSQL), released afterwards. */
  withSession<T>(work: (session: RawSession) => Promise<T>): Promise<T>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  url: string | undefined;
  poolSize: number;
  /** A folder for PGlite's files, or ':memory:' */
  dataDir: string;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.poolSize) : openPglite(options.dataDir);
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

function openPostgres(url: string, poolSize: number): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  // So must a checked-out client whose connection is killed (failover, admin termination): its query
  // rejects and the pool discards it; the event itself must not become an uncaught exception.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  // Drizzle's transaction sends `begin` before its own try/finally: when that `begin` meets a connection
  // killed while the client sat in the pool, the client is never released, and enough of them leave the
  // pool with no slot (every call then waits 5 s for a 503). A client checked out with `connect()` is
  // released by the pool itself once its connection ends; its holder's own release is then a no-op.
  const connect = pool.connect.bind(pool);
  pool.connect = ((callback?: Parameters<typeof connect>[0]) =>
    callback ? connect(callback) : connect().then(releasedWhenEnded)) as typeof pool.connect;
  const db = drizzlePostgres({ client: pool }) as unknown as Db;
  let closed = false;
  return {
    kind: 'postgres',
    db,
    async withSession(work) {
      const client = await pool.connect();
      try {
        return await work({
          exec: async (text) => {
            await client.query(text);
          },
          query: async <T>(text: string, params?: unknown[]) =>
            (await client.query(text, params as unknown[])).rows as T[],
        });
      } finally {
        client.release();
      }
    },
    ping: () => ping(db),
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}

/** Makes a checked-out client go back to the pool (to be removed) when its connection ends. */
function releasedWhenEnded(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const releaseOnce = (error?: Error | boolean) => {
    if (released) return;
    released = true;
    client.removeListener('end', onEnd);
    release(error);
  };
  const onEnd = () => releaseOnce(new Error('the connection ended while the client was checked out'));
  client.once('end', onEnd);
  client.release = releaseOnce;
  return client;
}

async function openPglite(dataDir: string): Promise<Database> {
  const inMemory = dataDir === ':memory:';
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = inMemory ? await freshInMemoryCluster() : new PGlite(dataDir);
  await client.waitReady;
  const db = drizzlePglite({ client }) as unknown as Db;
  let closed = false;
  return {
    kind: 'pglite',
    db,
    async withSession(work) {
      return work({
        exec: async (text) => {
          await client.exec(text);
        },
        query: async <T>(text: string, params?: unknown[]) => (await client.query<T>(text, params)).rows,
      });
    },
    ping: () => ping(db),
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

/** Raw SQL through Drizzle with typed rows; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as { rows: T[] };
  return result.rows;
}
