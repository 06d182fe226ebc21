import { sql } from 'drizzle-orm';
import type { ActivityEvent } from '@kometa/contracts';
import { queryRows, type Db } from '../src/platform/db/database.ts';

/**
 * A test fact: player `userId` visited page number `n` (the number rides in the URL, so a consumer can
 * tell a player's events apart and check their order).
 */
export const visit = (userId: number, n: number) =>
  ({
    kind: 'page.visited',
    userId,
    payload: { url: `https://kometa.test/${n}`, referer: null, type: null },
  }) as const;

/** The page number of a `visit` (−1 for any other event). */
export const numberOf = (event: Pick<ActivityEvent, 'kind' | 'payload'>): number =>
  event.kind === 'page.visited' ? Number((event.payload as { url: string }).url.split('/').pop()) : -1;

/**
 * A counting consumer's effects live in the database, written with the transaction the stream hands
 * it: they commit exactly when its position does, so the table tells what was really processed
 * (an array in memory would also count batches that were rolled back).
 */
export async function createSeenTable(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists activity_test_seen (
    id bigint generated always as identity primary key,
    consumer text not null,
    instance text not null default '',
    user_id bigint not null,
    n integer not null
  )`);
}

export async function remember(tx: Db, consumer: string, event: ActivityEvent, instance = ''): Promise<void> {
  await tx.execute(sql`insert into activity_test_seen (consumer, instance, user_id, n)
    values (${consumer}, ${instance}, ${event.userId}, ${numberOf(event)})`);
}

/** What a consumer processed, in commit order. */
export async function seenBy(
  db: Db,
  consumer: string,
): Promise<{ userId: number; n: number; instance: string }[]> {
  const rows = await queryRows<{ user_id: string | number; n: number; instance: string }>(
    db,
    sql`select user_id, n, instance from activity_test_seen where consumer = ${consumer} order by id`,
  );
  return rows.map((row) => ({ userId: Number(row.user_id), n: Number(row.n), instance: row.instance }));
}
