import type { Registry } from 'prom-client';
import { parseActivityPayload, type ActivityFact, type ActivityKind } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Logger } from '../../platform/logger.ts';
import { createActivityRepository } from './activity.repository.ts';
import { createConsumerRunner, type ActivityHandler, type SubscribeOptions } from './activity.consumers.ts';
import { createActivityMetrics } from './activity.metrics.ts';
import type { RetryPolicy } from './failure-plan.ts';

export type { ActivityHandler, SubscribeOptions } from './activity.consumers.ts';
export type { ConsumerStatus, ParkedEvent } from './activity.repository.ts';
export { PARTITIONS, partitionOf } from './activity.repository.ts';
export type { ActivityEvent, ActivityFact, ActivityKind, ActivityPayload } from '@kometa/contracts';

/**
 * How a module writes a fact to the activity stream: inside the transaction of the fact itself
 * (`executor` is that transaction), so the event exists if and only if the fact committed.
 */
export interface ActivityRecorder {
  record<K extends ActivityKind>(executor: Db, fact: ActivityFact<K>): Promise<void>;
}

export interface ActivityOptions extends RetryPolicy {
  batchSize: number;
  workers: number;
  sequenceLimit: number;
  batchTimeoutMs: number | null;
  handlerTimeoutMs: number;
  /** Events older than this that every consumer has passed are deleted (hourly). */
  retentionDays: number;
}

const DEFAULTS: ActivityOptions = {
  batchSize: 200,
  workers: 2,
  sequenceLimit: 5000,
  batchTimeoutMs: 60_000,
  handlerTimeoutMs: 30_000,
  maxAttempts: 5,
  backoffMs: 1000,
  maxBackoffMs: 60_000,
  retentionDays: 90,
};

const RETENTION = 'activity.retention';
const DAY_MS = 86_400_000;

/** The operator's side of the stream, without running it (the `npm run activity` tool). */
export function createActivityAdmin(deps: { db: Db; clock: Clock }) {
  const repository = createActivityRepository(deps.db);
  return {
    /** Every consumer known to the database: lag, failing partitions, parked events. */
    status: () => repository.status(deps.clock.now()),
    head: () => repository.head(),
    /**
     * Processes events from `from` on again (each partition already further back stays put). Refused
     * before the first event retention kept. Handlers see them again: they must be idempotent by event
     * id or rebuild what they derive.
     */
    async replay(name: string, from: number): Promise<{ partitions: number }> {
      if (!Number.isSafeInteger(from) || from < 1) throw new Error('Повтор начинается с позиции от 1');
      const retained = await repository.retainedFrom();
      if (from < retained) {
        throw new Error(`События до позиции ${retained} уже удалены по сроку хранения`);
      }
      const partitions = await repository.rewind(name, from);
      if (partitions === 0) throw new Error(`Потребителя ${name} нет`);
      return { partitions };
    },
    parked: (name: string, limit = 100) => repository.parked(name, limit),
    /** Asks the consumer to try parked events again (one position, or all of them). */
    retry: (name: string, position: number | null) =>
      repository.requestRetry(name, position, deps.clock.now()),
    forget: (name: string) => repository.forget(name),
  };
}

/**
 * The player-activity stream (ADR 029): the recorder modules write facts with, and the consumers
 * engagement features subscribe, run by every instance on its own loop (started with the server,
 * stopped before the database closes).
 */
export function createActivityModule(deps: {
  db: Db;
  /** On PostgreSQL a hung batch is cut off by the server; PGlite has one connection and no such need. */
  isPostgres: boolean;
  clock: Clock;
  log: Logger;
  jobs: JobQueue;
  registry: Registry;
  options?: Partial<ActivityOptions>;
}) {
  const options = { ...DEFAULTS, ...deps.options };
  const repository = createActivityRepository(deps.db);
  const admin = createActivityAdmin(deps);
  const metrics = createActivityMetrics(deps.registry, async () => ({
    consumers: await repository.status(deps.clock.now()),
    unsequenced: await repository.unsequenced(),
  }));
  const runner = createConsumerRunner({
    db: deps.db,
    isPostgres: deps.isPostgres,
    repository,
    clock: deps.clock,
    log: deps.log,
    options,
    hooks: metrics,
  });

  const recorder: ActivityRecorder = {
    async record(executor, fact) {
      await repository.insert(executor, {
        kind: fact.kind,
        userId: fact.userId,
        at: fact.at ?? new Date(deps.clock.now()),
        payload: parseActivityPayload(fact.kind, fact.payload),
      });
    },
  };

  deps.jobs.define(RETENTION, {
    handler: async () => {
      const before = new Date(deps.clock.now() - options.retentionDays * DAY_MS);
      for (let round = 0; round < 50; round++) {
        if ((await repository.deleteRetired(before, 10_000)) < 10_000) return;
      }
    },
  });
  deps.jobs.every(RETENTION, 3_600_000);

  return {
    recorder,
    /**
     * Registers a consumer under a name unique across the code base: its positions are stored under
     * it. Each event reaches the handler once (its effects in `tx` commit with the position), in
     * order per player, on whichever instance holds the player's partition.
     */
    subscribe<K extends ActivityKind = ActivityKind>(
      name: string,
      handler: ActivityHandler<K>,
      options: SubscribeOptions<K> = {},
    ): void {
      runner.subscribe(name, handler as ActivityHandler, options.kinds ?? null, options.from ?? 'beginning');
    },
    replay: admin.replay,
    status: admin.status,
    parked: admin.parked,
    retryParked: admin.retry,
    /** One poll of this instance: sequence, then consume until no partition has work. */
    runOnce: () => runner.runOnce(),
    /** Polls until nothing is left to sequence or consume (tests). */
    async drain(): Promise<number> {
      let consumed = 0;
      for (;;) {
        const round = await runner.runOnce();
        consumed += round.consumed;
        if (round.sequenced + round.consumed === 0) return consumed;
      }
    },
    start: (pollMs: number) => runner.start(pollMs),
    stop: () => runner.stop(),
  };
}

export type ActivityModule = ReturnType<typeof createActivityModule>;
