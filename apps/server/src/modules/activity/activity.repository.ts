import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../platform/db/database.ts';

/** Every consumer keeps one position per partition; a player's events all fall in one partition. */
export const PARTITIONS = 16;

/** The partition of a player's events (the generated column `activity_events.partition`). */
export const partitionOf = (userId: number): number => userId % PARTITIONS;

export interface StoredEvent {
  position: number;
  eventId: string;
  kind: string;
  userId: number;
  occurredAt: Date;
  /** Null when the consumer does not take this kind (it is passed over, not handled). */
  payload: unknown;
}

export interface ClaimedPartition {
  partition: number;
  position: number;
  attempts: number;
}

export interface ConsumerStatus {
  name: string;
  /** The lowest and highest of its partitions' positions. */
  behind: number;
  ahead: number;
  lagEvents: number;
  /** Age of the oldest event it has not processed yet (0 when none). */
  lagSeconds: number;
  parked: number;
  failing: { partition: number; attempts: number; retryAt: Date | null; lastError: string | null }[];
}

/** An event a consumer gave up on after its attempts (its payload always kept). */
export interface ParkedEvent extends StoredEvent {
  id: number;
  consumer: string;
  error: string;
  attempts: number;
  parkedAt: Date;
  retryRequestedAt: Date | null;
}

/** Lag is counted up to this many events per partition (a count, not a scan of a huge backlog). */
const LAG_COUNT_CAP = 1_000_000;

const iso = (ms: number) => new Date(ms).toISOString();
const date = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));

type Row = Record<string, unknown>;
const eventOf = (row: Row): StoredEvent => ({
  position: Number(row.position),
  eventId: String(row.event_id),
  kind: String(row.kind),
  userId: Number(row.user_id),
  occurredAt: date(row.occurred_at),
  payload: row.payload ?? null,
});
const parkedOf = (row: Row): ParkedEvent => ({
  ...eventOf(row),
  id: Number(row.id),
  consumer: String(row.consumer),
  error: String(row.error),
  attempts: Number(row.attempts),
  parkedAt: date(row.parked_at),
  retryRequestedAt: row.retry_requested_at ? date(row.retry_requested_at) : null,
});

/** The stream's SQL (the table layout and the sequencer: apps/server/sql/schema.sql, functions.sql). */
export function createActivityRepository(db: Db) {
  return {
    async insert(
      executor: Db,
      row: { kind: string; userId: number; at: Date; payload: unknown },
    ): Promise<void> {
      await executor.execute(sql`insert into activity_events (kind, user_id, occurred_at, payload)
        values (${row.kind}, ${row.userId}, ${row.at.toISOString()}::timestamptz, ${JSON.stringify(row.payload)}::jsonb)`);
    },

    /** Puts committed events in order; answers how many of each kind (nothing when another instance is at it). */
    async sequence(limit: number): Promise<{ kind: string; count: number }[]> {
      const rows = await queryRows<{ sequenced_kind: string; sequenced: string | number }>(
        db,
        sql`select * from activity_sequence(${limit})`,
      );
      return rows.map((row) => ({ kind: row.sequenced_kind, count: Number(row.sequenced) }));
    },

    async ensureConsumer(name: string, from: 'beginning' | 'end'): Promise<void> {
      const start = from === 'end' ? sql`(select position from activity_stream)` : sql`0`;
      await db.execute(sql`insert into activity_consumers (name, partition, position)
        select ${name}, p, ${start} from generate_series(0, ${PARTITIONS - 1}) p
        on conflict do nothing`);
    },

    /**
     * Which of these consumers have a partition with events past its position (and not waiting to
     * retry), and which have parked events an operator asked to try again. No locks: a hint for the poll.
     */
    async withWork(names: string[], now: number): Promise<{ names: string[]; retries: string[] }> {
      const rows = await queryRows<{ name: string; retry: boolean }>(
        db,
        sql`select distinct c.name, false as retry from activity_consumers c
            where c.name in ${names} and (c.retry_at is null or c.retry_at <= ${iso(now)}::timestamptz)
              and exists (select 1 from activity_events e where e.partition = c.partition and e.position > c.position)
          union
          select distinct p.consumer, true from activity_parked p
            where p.consumer in ${names} and p.resolved_at is null and p.retry_requested_at is not null`,
      );
      return {
        names: rows.filter((row) => !row.retry).map((row) => row.name),
        retries: rows.filter((row) => row.retry).map((row) => row.name),
      };
    },

    /**
     * Locks one partition of the consumer that has events past its position (the least recently
     * served first); none when every such partition is locked by another instance or waiting to retry.
     */
    async claim(tx: Db, name: string, now: number): Promise<ClaimedPartition | undefined> {
      const [row] = await queryRows<Row>(
        tx,
        sql`select c.partition, c.position, c.attempts from activity_consumers c
          where c.name = ${name} and (c.retry_at is null or c.retry_at <= ${iso(now)}::timestamptz)
            and exists (select 1 from activity_events e where e.partition = c.partition and e.position > c.position)
          order by c.served_at nulls first, c.partition
          limit 1
          for update of c skip locked`,
      );
      return row
        ? { partition: Number(row.partition), position: Number(row.position), attempts: Number(row.attempts) }
        : undefined;
    },

    async read(
      tx: Db,
      partition: number,
      after: number,
      limit: number,
      kinds: readonly string[] | null,
    ): Promise<StoredEvent[]> {
      const payload = kinds ? sql`case when e.kind in ${kinds} then e.payload end` : sql`e.payload`;
      const rows = await queryRows<Row>(
        tx,
        sql`select e.position, e.event_id::text as event_id, e.kind, e.user_id, e.occurred_at, ${payload} as payload
          from activity_events e
          where e.partition = ${partition} and e.position > ${after}
          order by e.position limit ${limit}`,
      );
      return rows.map(eventOf);
    },

    async advance(tx: Db, name: string, partition: number, position: number, now: number): Promise<void> {
      await tx.execute(sql`update activity_consumers
        set position = ${position}, attempts = 0, retry_at = null, last_error = null, served_at = ${iso(now)}::timestamptz
        where name = ${name} and partition = ${partition}`);
    },

    async scheduleRetry(
      tx: Db,
      name: string,
      partition: number,
      attempts: number,
      retryAt: number,
      error: string,
    ): Promise<void> {
      await tx.execute(sql`update activity_consumers
        set attempts = ${attempts}, retry_at = ${iso(retryAt)}::timestamptz, last_error = ${error}
        where name = ${name} and partition = ${partition}`);
    },
    async park(
      tx: Db,
      name: string,
      event: StoredEvent,
      error: string,
      attempts: number,
      now: number,
    ): Promise<void> {
      await tx.execute(sql`insert into activity_parked
          (consumer, position, event_id, kind, user_id, occurred_at, payload, error, attempts, parked_at)
        select ${name}, e.position, e.event_id, e.kind, e.user_id, e.occurred_at, e.payload, ${error}, ${attempts}, ${iso(now)}::timestamptz
        from activity_events e where e.event_id = ${event.eventId}::uuid
        on conflict (consumer, position) do update set error = excluded.error, attempts = excluded.attempts,
          parked_at = excluded.parked_at, retry_requested_at = null, resolved_at = null`);
    },

    /** Parked events an operator asked to try again, locked for this instance. */
    async lockRetryRequested(tx: Db, name: string, limit: number): Promise<ParkedEvent[]> {
      const rows = await queryRows<Row>(
        tx,
        sql`select id, consumer, position, event_id::text as event_id, kind, user_id, occurred_at, payload,
              error, attempts, parked_at, retry_requested_at
          from activity_parked
          where consumer = ${name} and resolved_at is null and retry_requested_at is not null
          order by id limit ${limit} for update skip locked`,
      );
      return rows.map(parkedOf);
    },
    async resolveParked(tx: Db, id: number, now: number): Promise<void> {
      await tx.execute(
        sql`update activity_parked set resolved_at = ${iso(now)}::timestamptz where id = ${id}`,
      );
    },
    async failParkedRetry(id: number, error: string): Promise<void> {
      await db.execute(sql`update activity_parked
        set error = ${error}, attempts = attempts + 1, retry_requested_at = null where id = ${id}`);
    },

    async head(): Promise<number> {
      const [row] = await queryRows<{ position: string | number }>(
        db,
        sql`select position from activity_stream`,
      );
      return Number(row?.position ?? 0);
    },

    /** Every consumer's lag, failing partitions and parked events (all instances' consumers). */
    async status(now: number): Promise<ConsumerStatus[]> {
      const rows = await queryRows<Row>(
        db,
        sql`select c.name, min(c.position) as behind, max(c.position) as ahead,
              sum(lag.events) as lag_events, min(oldest.occurred_at) as oldest,
              (select count(*) from activity_parked p where p.consumer = c.name and p.resolved_at is null) as parked,
              coalesce(json_agg(json_build_object('partition', c.partition, 'attempts', c.attempts,
                'retryAt', c.retry_at, 'lastError', c.last_error) order by c.partition)
                filter (where c.attempts > 0), '[]') as failing
            from activity_consumers c
            cross join lateral (select count(*) as events from (select 1 from activity_events e
              where e.partition = c.partition and e.position > c.position limit ${LAG_COUNT_CAP}) capped) lag
            left join lateral (select e.occurred_at from activity_events e
              where e.partition = c.partition and e.position > c.position order by e.position limit 1) oldest on true
            group by c.name order by c.name`,
      );
      return rows.map((row) => {
        const failing = (typeof row.failing === 'string' ? JSON.parse(row.failing) : row.failing) as {
          partition: number;
          attempts: number;
          retryAt: string | null;
          lastError: string | null;
        }[];
        return {
          name: String(row.name),
          behind: Number(row.behind),
          ahead: Number(row.ahead),
          lagEvents: Number(row.lag_events ?? 0),
          lagSeconds: row.oldest ? Math.max(0, (now - date(row.oldest).getTime()) / 1000) : 0,
          parked: Number(row.parked),
          failing: failing.map((f) => ({
            partition: Number(f.partition),
            attempts: Number(f.attempts),
            retryAt: f.retryAt ? new Date(f.retryAt) : null,
            lastError: f.lastError,
          })),
        };
      });
    },
    /** Events written but not yet in order (their writers committed since the last sequencing). */
    async unsequenced(): Promise<number> {
      const [row] = await queryRows<{ n: string | number }>(
        db,
        sql`select count(*) as n from activity_events where position is null`,
      );
      return Number(row?.n ?? 0);
    },

    /**
     * Moves every partition of a consumer back so that events from `from` on are processed again
     * (a partition already behind stays where it is). Answers how many partitions moved.
     */
    async rewind(name: string, from: number): Promise<number> {
      const rows = await queryRows<Row>(
        db,
        sql`update activity_consumers set position = least(position, ${from - 1}), attempts = 0,
              retry_at = null, last_error = null
            where name = ${name} returning partition`,
      );
      return rows.length;
    },
    async retainedFrom(): Promise<number> {
      const [row] = await queryRows<{ retained_from: string | number }>(
        db,
        sql`select retained_from from activity_stream`,
      );
      return Number(row?.retained_from ?? 1);
    },
    async parked(name: string, limit: number): Promise<ParkedEvent[]> {
      const rows = await queryRows<Row>(
        db,
        sql`select id, consumer, position, event_id::text as event_id, kind, user_id, occurred_at, payload,
              error, attempts, parked_at, retry_requested_at
          from activity_parked where consumer = ${name} and resolved_at is null order by id limit ${limit}`,
      );
      return rows.map(parkedOf);
    },
    async requestRetry(name: string, position: number | null, now: number): Promise<number> {
      const which = position === null ? sql`` : sql`and position = ${position}`;
      const rows = await queryRows<Row>(
        db,
        sql`update activity_parked set retry_requested_at = ${iso(now)}::timestamptz
          where consumer = ${name} and resolved_at is null ${which} returning id`,
      );
      return rows.length;
    },
    /** A consumer that no longer exists in the code: its positions stop holding retention back. */
    async forget(name: string): Promise<number> {
      const rows = await queryRows<Row>(
        db,
        sql`delete from activity_consumers where name = ${name} returning partition`,
      );
      return rows.length;
    },

    /**
     * Deletes up to `limit` events older than `before` that every consumer has passed, and moves the
     * replay horizon past the newest of them. Answers how many went.
     */
    async deleteRetired(before: Date, limit: number): Promise<number> {
      const rows = await queryRows<{ deleted: string | number; newest: string | number | null }>(
        db,
        sql`with horizon as (
              select p as partition,
                coalesce((select min(c.position) from activity_consumers c where c.partition = p), 9223372036854775807) as position
              from generate_series(0, ${PARTITIONS - 1}) p
            ), doomed as (
              select e.id from horizon h
              cross join lateral (select e.id from activity_events e
                where e.partition = h.partition and e.position is not null and e.position <= h.position
                  and e.occurred_at < ${before.toISOString()}::timestamptz
                order by e.position limit ${limit}) e
              limit ${limit}
            ), gone as (
              delete from activity_events e using doomed where e.id = doomed.id returning e.position
            ), moved as (
              update activity_stream set retained_from = greatest(retained_from, (select max(position) + 1 from gone))
              where exists (select 1 from gone)
            )
            select count(*) as deleted, max(position) as newest from gone`,
      );
      return Number(rows[0]?.deleted ?? 0);
    },
  };
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;
