import { Counter, Gauge, type Registry } from 'prom-client';
import type { ConsumerStatus } from './activity.repository.ts';

/**
 * The stream in /metrics. Recorded events are counted when the sequencer puts them in order (only
 * committed facts, each once across instances: sum over instances). Lag and parked events are read
 * from the database at scrape time, for every consumer any instance registered.
 */
export function createActivityMetrics(
  registry: Registry,
  read: () => Promise<{ consumers: ConsumerStatus[]; unsequenced: number }>,
) {
  // One database read per scrape, shared by the gauges; a failed read (the database is away) leaves
  // them as they were rather than failing the whole scrape.
  type Snapshot = Awaited<ReturnType<typeof read>> | undefined;
  let pending: { at: number; value: Promise<Snapshot> } | undefined;
  const snapshot = () => {
    const now = Date.now();
    if (!pending || now - pending.at > 1000) {
      pending = { at: now, value: read().catch(() => undefined) };
    }
    return pending.value;
  };
  const perConsumer = (pick: (status: ConsumerStatus) => number) =>
    async function collect(this: Gauge<'consumer'>) {
      const found = await snapshot();
      if (!found) return;
      this.reset();
      for (const status of found.consumers) this.set({ consumer: status.name }, pick(status));
    };

  const recorded = new Counter({
    name: 'kometa_activity_events_recorded_total',
    help: 'Activity events committed and put in stream order, by kind',
    labelNames: ['kind'],
    registers: [registry],
  });
  const consumed = new Counter({
    name: 'kometa_activity_events_consumed_total',
    help: 'Activity events a consumer processed (committed with its position), by consumer',
    labelNames: ['consumer'],
    registers: [registry],
  });
  const failures = new Counter({
    name: 'kometa_activity_handler_failures_total',
    help: 'Activity handler failures by consumer and outcome (retry, parked, transient)',
    labelNames: ['consumer', 'outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'kometa_activity_consumer_lag_events',
    help: 'Events in the stream a consumer has not processed yet',
    labelNames: ['consumer'],
    registers: [registry],
    collect: perConsumer((status) => status.lagEvents),
  });
  new Gauge({
    name: 'kometa_activity_consumer_lag_seconds',
    help: 'Age of the oldest event a consumer has not processed yet (0 when none)',
    labelNames: ['consumer'],
    registers: [registry],
    collect: perConsumer((status) => status.lagSeconds),
  });
  new Gauge({
    name: 'kometa_activity_parked_events',
    help: 'Events a consumer gave up on, waiting for an operator',
    labelNames: ['consumer'],
    registers: [registry],
    collect: perConsumer((status) => status.parked),
  });
  new Gauge({
    name: 'kometa_activity_unsequenced_events',
    help: 'Committed events not yet put in stream order',
    registers: [registry],
    async collect() {
      const found = await snapshot();
      if (found) this.set(found.unsequenced);
    },
  });

  return {
    onSequenced: (kind: string, count: number) => recorded.inc({ kind }, count),
    onConsumed: (consumer: string, count: number) => consumed.inc({ consumer }, count),
    onFailure: (consumer: string, outcome: string) => failures.inc({ consumer, outcome }),
  };
}
