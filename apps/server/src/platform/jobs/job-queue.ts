import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { Logger } from '../logger.ts';
import { queryRows, type Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import type { Rng } from '../rng.ts';
import { randomToken } from '../rng.ts';
import { createPoller } from './poller.ts';

export interface JobContext<P> {
  id: number;
  payload: P;
  attempt: number;
}

export interface JobDefinition<P> {
  handler: (job: JobContext<P>) => Promise<void>;
  maxAttempts?: number;
  /** First retry delay; doubles on each attempt, capped at an hour. */
  backoffMs?: number;
  /** How long a claim holds the job before another instance may take it over. */
  leaseMs?: number;
}

export interface EnqueueOptions {
  runAt?: number;
  /** At most one job ever exists per dedupe key: a second enqueue is a no-op. */
  dedupeKey?: string;
  maxAttempts?: number;
}

export interface JobQueue {
  define<P>(name: string, definition: JobDefinition<P>): void;
  /** A job that runs once per interval across every instance (its slot is the dedupe key). */
  every(name: string, intervalMs: number): void;
  /** `executor`: a transaction the job is written in (it exists if and only if that commits). */
  enqueue(
    name: string,
    payload: unknown,
    options?: EnqueueOptions,
    executor?: Db,
  ): Promise<{ id: number; created: boolean }>;
  /** One poll: claims due jobs this instance knows and runs them. Returns how many ran. */
  runDue(limit?: number): Promise<number>;
  start(pollMs: number): void;
  stop(): Promise<void>;
}

interface ClaimedRow extends Record<string, unknown> {
  id: string | number;
  name: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const HOUR = 3_600_000;

export function createJobQueue(deps: {
  db: Db;
  clock: Clock;
  rng: Rng;
  log: Logger;
  onRun?: (name: string, outcome: string) => void;
}): JobQueue {
  const { db, clock, log } = deps;
  const workerId = `${hostname()}:${process.pid}:${randomToken(deps.rng, 64)}`;
  const definitions = new Map<
    string,
    Required<Omit<JobDefinition<unknown>, 'maxAttempts'>> & { maxAttempts: number }
  >();
  const recurring = new Map<string, number>();
  // Every poll waits `pollMs` after the last, whatever it ran (runDue takes a batch at most).
  const poller = createPoller(
    async () => {
      await runDue();
      return false;
    },
    (error) => log.warn({ err: error }, 'job poll failed'),
  );

  async function enqueue(name: string, payload: unknown, options: EnqueueOptions = {}, executor: Db = db) {
    const runAt = new Date(options.runAt ?? clock.now());
    const maxAttempts = options.maxAttempts ?? definitions.get(name)?.maxAttempts ?? 5;
    const rows = await queryRows<{ id: string | number }>(
      executor,
      sql`
      insert into jobs (name, payload, run_at, max_attempts, dedupe_key)
      values (${name}, ${JSON.stringify(payload ?? {})}::jsonb, ${runAt.toISOString()}::timestamptz, ${maxAttempts}, ${options.dedupeKey ?? null})
      on conflict (dedupe_key) do nothing
      returning id`,
    );
    const row = rows[0];
    return row ? { id: Number(row.id), created: true } : { id: 0, created: false };
  }

  async function scheduleRecurring(): Promise<void> {
    const now = clock.now();
    for (const [name, interval] of recurring) {
      const slot = Math.floor(now / interval);
      await enqueue(name, { slot }, { runAt: slot * interval, dedupeKey: `every:${name}:${slot}` });
    }
  }

  async function claim(limit: number): Promise<ClaimedRow[]> {
    const names = [...definitions.keys()];
    if (names.length === 0) return [];
    const now = new Date(clock.now()).toISOString();
    const longestLease = Math.max(...[...definitions.values()].map((d) => d.leaseMs));
    return queryRows<ClaimedRow>(
      db,
      sql`
      with next as (
        select id from jobs
        where name in ${names}
          and ((status = 'pending' and run_at <= ${now}::timestamptz)
            or (status = 'running' and locked_until <= ${now}::timestamptz))
        order by run_at, id
        limit ${limit}
        for update skip locked
      )
      update jobs set status = 'running', attempts = jobs.attempts + 1, locked_by = ${workerId},
        locked_until = ${now}::timestamptz + (${longestLease} || ' milliseconds')::interval
      from next where jobs.id = next.id
      returning jobs.id, jobs.name, jobs.payload, jobs.attempts, jobs.max_attempts`,
    );
  }

  async function finish(row: ClaimedRow, error: unknown): Promise<void> {
    const now = clock.now();
    const id = Number(row.id);
    if (error === undefined) {
      await db.execute(sql`update jobs set status = 'done', finished_at = ${new Date(now).toISOString()}::timestamptz,
        locked_by = null, locked_until = null where id = ${id} and locked_by = ${workerId}`);
      return;
    }
    const definition = definitions.get(row.name);
    const message = error instanceof Error ? error.message : String(error);
    if (row.attempts >= row.max_attempts) {
      await db.execute(sql`update jobs set status = 'failed', last_error = ${message}, finished_at = ${new Date(now).toISOString()}::timestamptz,
        locked_by = null, locked_until = null where id = ${id} and locked_by = ${workerId}`);
      return;
    }
    const delay = Math.min(HOUR, (definition?.backoffMs ?? 1000) * 2 ** (row.attempts - 1));
    await db.execute(sql`update jobs set status = 'pending', last_error = ${message},
      run_at = ${new Date(now + delay).toISOString()}::timestamptz, locked_by = null, locked_until = null
      where id = ${id} and locked_by = ${workerId}`);
  }

  async function runDue(limit = 10): Promise<number> {
    await scheduleRecurring();
    const rows = await claim(limit);
    for (const row of rows) {
      const definition = definitions.get(row.name);
      let failure: unknown;
      try {
        if (!definition) throw new Error(`no handler for job ${row.name}`);
        await definition.handler({ id: Number(row.id), payload: row.payload, attempt: row.attempts });
      } catch (error) {
        failure = error ?? new Error('job failed');
        log.warn({ err: error, job: row.name, id: row.id, attempt: row.attempts }, 'job failed');
      }
      deps.onRun?.(
        row.name,
        failure === undefined ? 'done' : row.attempts >= row.max_attempts ? 'failed' : 'retry',
      );
      await finish(row, failure);
    }
    return rows.length;
  }

  return {
    define(name, definition) {
      definitions.set(name, {
        handler: definition.handler as (job: JobContext<unknown>) => Promise<void>,
        maxAttempts: definition.maxAttempts ?? 5,
        backoffMs: definition.backoffMs ?? 1000,
        leaseMs: definition.leaseMs ?? 60_000,
      });
    },
    every(name, intervalMs) {
      recurring.set(name, intervalMs);
    },
    enqueue,
    runDue,
    start: (pollMs) => poller.start(pollMs),
    stop: () => poller.stop(),
  };
}
