import type { providerRequests } from './seamless.tables.ts';

export type AuditRow = typeof providerRequests.$inferInsert;

/**
 * The provider API's audit trail, written off the reply path: rows are queued and inserted in
 * batches (one statement per batch, asynchronous commit), at most `delayMs` after their call or
 * as soon as `batchSize` wait. The money itself never depends on it: each transaction's answer is
 * stored with the transaction, in the same database transaction as its ledger entries (ADR 014).
 * A failed write is tried again a second later; `flush` writes everything before the server stops.
 */
export function createAuditLog(deps: {
  write: (rows: AuditRow[]) => Promise<void>;
  onError: (error: unknown) => void;
  delayMs?: number;
  batchSize?: number;
  /** Rows kept at most while the database refuses them; older ones are dropped (and reported). */
  maxQueued?: number;
}) {
  const delayMs = deps.delayMs ?? 5;
  const batchSize = deps.batchSize ?? 500;
  const maxQueued = deps.maxQueued ?? 100_000;
  let queue: AuditRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  function schedule(after: number) {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      writing = writing.then(writeQueued);
    }, after);
    timer.unref();
  }

  async function writeQueued(): Promise<void> {
    while (queue.length > 0) {
      const batch = queue.slice(0, batchSize);
      try {
        await deps.write(batch);
        queue = queue.slice(batch.length);
      } catch (error) {
        deps.onError(error);
        if (queue.length > maxQueued) queue = queue.slice(queue.length - maxQueued);
        schedule(1_000);
        return;
      }
    }
  }

  return {
    record(row: AuditRow): void {
      queue.push(row);
      schedule(queue.length >= batchSize ? 0 : delayMs);
    },
    /** Writes every queued row (before the server stops; tests that read the trail). */
    async flush(): Promise<void> {
      clearTimeout(timer);
      timer = undefined;
      writing = writing.then(writeQueued);
      await writing;
    },
    queued: () => queue.length,
  };
}

export type AuditLog = ReturnType<typeof createAuditLog>;
