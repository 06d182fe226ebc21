import pg from 'pg';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freshDatabase,
  onPostgres,
  startTestApp,
  type FreshDatabase,
  type TestApp,
} from '../../../test/harness.ts';
import { createSeenTable, numberOf, remember, seenBy, visit } from '../../../test/activity.ts';
import { queryRows } from '../../platform/db/database.ts';

/**
 * The stream under real concurrency: two server instances on one PostgreSQL database, writers whose
 * transactions commit in another order than they began, and a consumer killed in the middle of a batch.
 */
if (!onPostgres) throw new Error('*.pg.test.ts needs TEST_DATABASE_URL');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the activity stream on PostgreSQL, two instances', () => {
  let database: FreshDatabase;
  let a: TestApp;
  let b: TestApp;
  let admin: pg.Client;

  beforeAll(async () => {
    database = await freshDatabase({ casino: true });
    const shared = { databaseUrl: database.url };
    const env = { DATABASE_POOL_SIZE: '30' };
    [a, b] = await Promise.all([startTestApp({ shared, env }), startTestApp({ shared, env })]);
    await createSeenTable(a.platform.database.db);
    admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await Promise.all([a?.close(), b?.close()]);
    await database?.drop();
  });

  async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the stream');
      await sleep(20);
    }
  }

  it('processes every event exactly once across both, each player’s in commit order, while writers race', async () => {
    const name = 'test.two-instances';
    for (const [label, app] of [
      ['a', a],
      ['b', b],
    ] as const) {
      app.activity.subscribe(
        name,
        async (event, tx) => {
          await remember(tx, name, event, label);
          // A little work per event, so that batches of the two instances overlap in time.
          if (event.position % 7 === 0) await sleep(1);
        },
        { from: 'end' },
      );
    }
    a.activity.start(10);
    b.activity.start(10);
    const players = 40;
    const perPlayer = 25;
    const db = a.platform.database.db;
    try {
      // Each player's writes follow each other; players write at once, and every transaction waits a
      // random moment after writing, so ids are handed out in one order and committed in another.
      await Promise.all(
        Array.from({ length: players }, async (_, p) => {
          const writer = p % 2 === 0 ? a : b;
          for (let n = 0; n < perPlayer; n++) {
            await writer.platform.database.db.transaction(async (tx) => {
              await writer.activity.recorder.record(tx, visit(1000 + p, n));
              await sleep(Math.random() * 4);
            });
          }
        }),
      );
      await until(async () => (await seenBy(db, name)).length >= players * perPlayer);
      await sleep(200); // anything extra would show up by now
    } finally {
      await Promise.all([a.activity.stop(), b.activity.stop()]);
    }
    const seen = await seenBy(db, name);
    expect(seen).toHaveLength(players * perPlayer);
    const keys = new Set(seen.map((row) => `${row.userId}:${row.n}`));
    expect(keys.size).toBe(players * perPlayer);
    for (let p = 0; p < players; p++) {
      const mine = seen.filter((row) => row.userId === 1000 + p).map((row) => row.n);
      expect(mine).toEqual(Array.from({ length: perPlayer }, (_, n) => n));
    }
    // Both instances took part.
    expect(new Set(seen.map((row) => row.instance))).toEqual(new Set(['a', 'b']));
  });

  it('never skips an event whose transaction commits after a later one (the gap problem)', async () => {
    const name = 'test.gap';
    a.activity.subscribe(name, (event, tx) => remember(tx, name, event), { from: 'end' });
    await a.activity.drain();
    const db = a.platform.database.db;
    // The early writer takes its id first and stays open…
    await admin.query('begin');
    await admin.query(
      `select activity_record('page.visited', 2001, now(), '{"url":"https://kometa.test/1","referer":null,"type":null}')`,
    );
    // …while a later writer commits, and the consumer runs.
    await a.activity.recorder.record(db, visit(2002, 2));
    await a.activity.drain();
    expect((await seenBy(db, name)).map((row) => row.n)).toEqual([2]);
    await admin.query('commit');
    await a.activity.drain();
    expect((await seenBy(db, name)).map((row) => row.n)).toEqual([2, 1]);
    // The early event has the lower id and the higher position: a consumer reading ids past the
    // last one it saw would have lost it.
    const rows = await queryRows<{ id: string; position: string; user_id: string }>(
      db,
      sql`select id, position, user_id from activity_events where user_id in (2001, 2002) order by user_id`,
    );
    expect(Number(rows[0]!.id)).toBeLessThan(Number(rows[1]!.id));
    expect(Number(rows[0]!.position)).toBeGreaterThan(Number(rows[1]!.position));
  });

  it('resumes a batch whose connection was killed in the middle without losing or repeating an event', async () => {
    const name = 'test.killed';
    const db = a.platform.database.db;
    let killed = false;
    a.activity.subscribe(
      name,
      async (event, tx) => {
        await remember(tx, name, event, 'a');
        if (numberOf(event) === 5 && !killed) {
          killed = true;
          const [row] = await queryRows<{ pid: number }>(tx, sql`select pg_backend_pid() as pid`);
          await admin.query('select pg_terminate_backend($1)', [row!.pid]);
          await sleep(50);
          await tx.execute(sql`select 1`); // the connection is gone: this throws
        }
      },
      { from: 'end' },
    );
    b.activity.subscribe(name, (event, tx) => remember(tx, name, event, 'b'), { from: 'end' });
    await a.activity.drain();
    await b.activity.drain();
    for (let n = 1; n <= 10; n++) await a.activity.recorder.record(db, visit(3003, n));
    // The batch that reaches 5 loses its connection, and with it everything it did (1 to 4 included);
    // the partition is free at once, for this instance's other worker or for the other instance.
    await a.activity.runOnce();
    expect(killed).toBe(true);
    await b.activity.drain();
    await a.activity.drain();
    const seen = await seenBy(db, name);
    expect(seen.map((row) => row.n)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    // No attempt was counted against the event: the database, not the handler, failed.
    const [status] = (await a.activity.status()).filter((s) => s.name === name);
    expect(status).toMatchObject({ lagEvents: 0, parked: 0, failing: [] });
  });

  it('replays from a position on either instance', async () => {
    const name = 'test.replay';
    const db = a.platform.database.db;
    b.activity.subscribe(name, (event, tx) => remember(tx, name, event), { from: 'end' });
    await b.activity.drain();
    for (let n = 1; n <= 4; n++) await a.activity.recorder.record(db, visit(4000 + n, n));
    await b.activity.drain();
    const [row] = await queryRows<{ position: string }>(
      db,
      sql`select position from activity_events where user_id = 4003`,
    );
    await a.activity.replay(name, Number(row!.position));
    await b.activity.drain();
    const seen = (await seenBy(db, name)).map((r) => r.n);
    expect(seen.slice(0, 4)).toEqual([1, 2, 3, 4]);
    // Again from there: 3 and 4 (two players, two partitions: in either order).
    expect(seen.slice(4).sort()).toEqual([3, 4]);
  });
});
