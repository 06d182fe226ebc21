import { describe, expect, it } from 'vitest';
import { freshInMemoryCluster } from './fresh-cluster.ts';

describe('a fresh in-memory cluster', () => {
  it('starts empty every time, though later ones load the saved image of the first', async () => {
    const first = await freshInMemoryCluster();
    await first.exec('create table left_behind (id int); insert into left_behind values (1)');
    const second = await freshInMemoryCluster();
    const tables = await second.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
    );
    expect(tables.rows[0]!.n).toBe(0);
    // It is a working cluster: it takes writes of its own.
    await second.exec('create table mine (id int); insert into mine values (2)');
    expect((await second.query<{ id: number }>('select id from mine')).rows).toEqual([{ id: 2 }]);
    expect((await first.query<{ id: number }>('select id from left_behind')).rows).toEqual([{ id: 1 }]);
    await Promise.all([first.close(), second.close()]);
  }, 60_000);
});
