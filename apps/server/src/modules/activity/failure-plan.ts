import { sqlState } from '../../platform/db/sql-state.ts';

export interface RetryPolicy {
  /** Failures of one event before it is parked (the first one included). */
  maxAttempts: number;
  /** Wait after the first failure; doubles after each further one, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs: number;
}

/** What a consumer does after its handler failed on an event for the `attempts`-th time. */
export type FailurePlan = { park: true } | { park: false; retryInMs: number };

/**
 * A failing event holds its partition back (the player's later events wait behind it, so their order
 * holds) for a bounded time: retried after a doubling wait, then parked and passed.
 */
export function planAfterFailure(attempts: number, policy: RetryPolicy): FailurePlan {
  if (attempts >= policy.maxAttempts) return { park: true };
  return {
    park: false,
    retryInMs: Math.min(policy.maxBackoffMs, policy.backoffMs * 2 ** Math.max(0, attempts - 1)),
  };
}

/** The longest a poison event can hold its partition back before it is parked (waits only). */
export function longestHold(policy: RetryPolicy): number {
  let total = 0;
  for (let attempt = 1; attempt < policy.maxAttempts; attempt++) {
    const plan = planAfterFailure(attempt, policy);
    if (!plan.park) total += plan.retryInMs;
  }
  return total;
}

/**
 * Failures that say nothing about the event: the database went away or asked for a retry. They are
 * not counted against the event (an outage must not park every event it meets).
 */
export function isTransient(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return /^(08|40|53|57|58)/.test(state);
  // Drivers and Drizzle wrap a lost connection: look through the causes.
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const message = current instanceof Error ? current.message : String(current);
    if (/Connection terminated|ECONNRESET|ECONNREFUSED|EPIPE|connection error|not queryable/i.test(message))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
