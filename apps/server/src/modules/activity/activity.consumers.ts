import { sql } from 'drizzle-orm';
import {
  activityPayloads,
  type ActivityEvent,
  type ActivityKind,
  type ActivityPayload,
} from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import { createPoller } from '../../platform/jobs/poller.ts';
import type { ActivityRepository, ClaimedPartition, StoredEvent } from './activity.repository.ts';
import { isTransient, planAfterFailure, type RetryPolicy } from './failure-plan.ts';

/** A consumer's reaction to one event; its database effects go through `tx` and commit with its position. */
export type ActivityHandler<K extends ActivityKind = ActivityKind> = (
  event: ActivityEvent<K>,
  tx: Db,
) => Promise<void>;

export interface SubscribeOptions<K extends ActivityKind> {
  /** The kinds it reacts to (the others are passed over); every kind when left out. */
  kinds?: readonly K[];
  /** Where a consumer new to the database starts: the oldest retained event (default) or the head. */
  from?: 'beginning' | 'end';
}

interface Consumer {
  name: string;
  handler: ActivityHandler;
  kinds: readonly string[] | null;
  from: 'beginning' | 'end';
  ensured: boolean;
}

export interface RunnerOptions extends RetryPolicy {
  /** Events per batch (one transaction, one partition). */
  batchSize: number;
  /** Batches this instance runs at once (each holds a database connection while it runs). */
  workers: number;
  /** Events put in order per sequencer run. */
  sequenceLimit: number;
  /** On PostgreSQL, a batch stuck this long (a hung handler) loses its connection and its claim. */
  batchTimeoutMs: number | null;
  /**
   * A handler call that has not finished by then counts as a failure. On the embedded database it is
   * what turns a handler that queries outside its `tx` (and so waits for its own transaction) into a
   * retried, then parked, event rather than a server that hangs.
   */
  handlerTimeoutMs: number;
}

export interface RunnerHooks {
  onSequenced(kind: string, count: number): void;
  onConsumed(consumer: string, count: number): void;
  onFailure(consumer: string, outcome: 'retry' | 'parked' | 'transient'): void;
}

/** A handler threw on `events[index]`: the batch was rolled back. */
class HandlerFailure extends Error {
  constructor(
    readonly claimed: ClaimedPartition,
    readonly events: StoredEvent[],
    readonly index: number,
    override readonly cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'HandlerFailure';
  }
}

/** `done` includes a batch cut short by a counted failure (what passed, and a parked event, count). */
type BatchOutcome = { kind: 'done'; count: number } | { kind: 'idle' } | { kind: 'interrupted' };

async function withTimeout(work: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `the handler did not finish within ${ms} ms (does it query outside the tx it was given?)`,
              ),
            ),
          ms,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const message = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

function eventOf(stored: StoredEvent): ActivityEvent {
  const schema = (activityPayloads as Record<string, (typeof activityPayloads)[ActivityKind]>)[stored.kind];
  if (!schema) throw new Error(`unknown activity kind ${stored.kind}`);
  return {
    position: stored.position,
    eventId: stored.eventId,
    kind: stored.kind as ActivityKind,
    userId: stored.userId,
    occurredAt: stored.occurredAt,
    payload: schema.parse(stored.payload) as ActivityPayload,
  } as ActivityEvent;
}

/**
 * Runs the consumers registered on this instance (ADR 029). One poll: the sequencer puts newly
 * committed events in order, then up to `workers` batches at a time take partitions with work. A
 * batch is one transaction: the partition's row stays locked while the handler runs, and the
 * handler's effects commit with the new position, or neither does.
 */
export function createConsumerRunner(deps: {
  db: Db;
  isPostgres: boolean;
  repository: ActivityRepository;
  clock: Clock;
  log: Logger;
  options: RunnerOptions;
  hooks: RunnerHooks;
}) {
  const { db, repository, clock, log, options, hooks } = deps;
  const consumers = new Map<string, Consumer>();
  /** A poll driven by a test (`runOnce`) works like a started runner's. */
  let isPolledByHand = false;
  const poller = createPoller(
    async () => {
      const { sequenced, consumed } = await runOnce();
      // Work found: look again at once; otherwise wait.
      return sequenced + consumed > 0;
    },
    (error) => log.warn({ err: error }, 'activity poll failed'),
  );

  /**
   * One batch of one partition in one transaction. The handlers run inside a savepoint: when one
   * throws, the savepoint is rolled back and the events before the failing one run again (the
   * partition stays locked all along, so no other instance steps in), the position moves past them,
   * and the failure is counted (a retry time, or the event parked and passed) in the same commit.
   */
  async function runBatch(consumer: Consumer): Promise<BatchOutcome> {
    const result = await db.transaction(async (tx) => {
      if (deps.isPostgres && options.batchTimeoutMs !== null) {
        await tx.execute(
          sql`select set_config('idle_in_transaction_session_timeout', ${String(options.batchTimeoutMs)}, true)`,
        );
      }
      const now = clock.now();
      const claim = await repository.claim(tx, consumer.name, now);
      if (!claim) return undefined;
      const events = await repository.read(
        tx,
        claim.partition,
        claim.position,
        options.batchSize,
        consumer.kinds,
      );
      let end = events.length;
      let failure: HandlerFailure | undefined;
      for (;;) {
        try {
          await tx.transaction(async (savepoint) => {
            for (let index = 0; index < end; index++) {
              const stored = events[index]!;
              if (consumer.kinds && !consumer.kinds.includes(stored.kind)) continue;
              try {
                await withTimeout(consumer.handler(eventOf(stored), savepoint), options.handlerTimeoutMs);
              } catch (error) {
                throw new HandlerFailure(claim, events, index, error);
              }
            }
          });
          break;
        } catch (error) {
          // Not the handler's fault (or the database is away): the whole batch rolls back, nothing counted.
          if (!(error instanceof HandlerFailure) || isTransient(error.cause)) throw error;
          failure = error;
          end = error.index;
        }
      }
      const passed = events[end - 1];
      if (passed) await repository.advance(tx, consumer.name, claim.partition, passed.position, now);
      if (!failure) return { count: end };
      // The failing event is the next one now: its earlier failures count only if nothing passed.
      const attempts = (end === 0 ? claim.attempts : 0) + 1;
      const failed = events[end]!;
      const error = message(failure.cause);
      const plan = planAfterFailure(attempts, options);
      if (plan.park) {
        await repository.park(tx, consumer.name, failed, error, attempts, now);
        await repository.advance(tx, consumer.name, claim.partition, failed.position, now);
      } else {
        await repository.scheduleRetry(
          tx,
          consumer.name,
          claim.partition,
          attempts,
          now + plan.retryInMs,
          error,
        );
      }
      return {
        count: plan.park ? end + 1 : end,
        failure: { failed, cause: failure.cause, parked: plan.park },
      };
    });
    if (!result) return { kind: 'idle' };
    if (result.count > 0) hooks.onConsumed(consumer.name, result.count);
    if (!result.failure) return { kind: 'done', count: result.count };
    const { failed, cause, parked } = result.failure;
    hooks.onFailure(consumer.name, parked ? 'parked' : 'retry');
    log.warn(
      { err: cause, consumer: consumer.name, position: failed.position, kind: failed.kind },
      parked ? 'activity event parked' : 'activity handler failed; retrying later',
    );
    return { kind: 'done', count: result.count };
  }

  async function batch(consumer: Consumer): Promise<BatchOutcome> {
    try {
      return await runBatch(consumer);
    } catch (error) {
      if (!(error instanceof HandlerFailure) && !isTransient(error)) throw error;
      hooks.onFailure(consumer.name, 'transient');
      log.warn({ err: error, consumer: consumer.name }, 'activity batch interrupted; retrying later');
      return { kind: 'interrupted' };
    }
  }

  /** Parked events an operator asked to try again: handled alone, out of order, then resolved. */
  async function retryParked(consumer: Consumer): Promise<number> {
    let resolved = 0;
    const failures: { id: number; error: unknown }[] = [];
    await db.transaction(async (tx) => {
      for (const parked of await repository.lockRetryRequested(tx, consumer.name, 20)) {
        try {
          await tx.transaction(async (savepoint) => {
            await withTimeout(consumer.handler(eventOf(parked), savepoint), options.handlerTimeoutMs);
            await repository.resolveParked(savepoint, parked.id, clock.now());
          });
          resolved++;
        } catch (error) {
          failures.push({ id: parked.id, error });
        }
      }
    });
    for (const failure of failures) {
      await repository.failParkedRetry(failure.id, message(failure.error));
      log.warn({ err: failure.error, consumer: consumer.name }, 'parked activity event failed again');
    }
    return resolved;
  }

  /** One poll: sequence, then batches until no consumer has a partition with work. Answers events handled. */
  async function runOnce(): Promise<{ sequenced: number; consumed: number }> {
    // A consumer new to the database starting at the head starts before what this poll sequences.
    for (const consumer of consumers.values()) {
      if (!consumer.ensured) {
        await repository.ensureConsumer(consumer.name, consumer.from);
        consumer.ensured = true;
      }
    }
    let sequenced = 0;
    for (const { kind, count } of await repository.sequence(options.sequenceLimit)) {
      hooks.onSequenced(kind, count);
      sequenced += count;
    }
    if (consumers.size === 0) return { sequenced, consumed: 0 };
    // One look for the consumers with work, so an idle poll costs a few queries, not a batch each.
    const busy = await repository.withWork([...consumers.keys()], clock.now());
    for (const name of busy.retries) await retryParked(consumers.get(name)!);
    const active = busy.names.map((name) => consumers.get(name)!);
    let consumed = 0;
    let turn = 0;
    const next = () => (active.length === 0 ? undefined : active[turn++ % active.length]);
    await Promise.all(
      Array.from({ length: options.workers }, async () => {
        for (let consumer = next(); consumer && (poller.isRunning() || isPolledByHand); consumer = next()) {
          const outcome = await batch(consumer);
          if (outcome.kind === 'done') {
            consumed += outcome.count;
            continue;
          }
          // Nothing to claim, or the database is in trouble: not again in this poll.
          const at = active.indexOf(consumer);
          if (at >= 0) active.splice(at, 1);
        }
      }),
    );
    return { sequenced, consumed };
  }

  return {
    subscribe(
      name: string,
      handler: ActivityHandler,
      kinds: readonly string[] | null,
      from: 'beginning' | 'end',
    ) {
      if (consumers.has(name)) throw new Error(`activity consumer ${name} is already subscribed`);
      consumers.set(name, { name, handler, kinds, from, ensured: false });
    },
    /** One poll (tests drive the stream with it; `start` repeats it). */
    async runOnce() {
      const wasPolledByHand = isPolledByHand;
      isPolledByHand = true;
      try {
        return await runOnce();
      } finally {
        isPolledByHand = wasPolledByHand;
      }
    },
    start: (pollMs: number) => poller.start(pollMs),
    stop: () => poller.stop(),
  };
}

export type ConsumerRunner = ReturnType<typeof createConsumerRunner>;
