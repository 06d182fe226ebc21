import { LIMIT_COOLING_OFF_HOURS } from '@kometa/contracts';

/** A stored limit: what is in force, and a raise or removal waiting for its cooling-off. */
export interface StoredLimit {
  amount: number;
  pendingAmount: number | null;
  pendingRemoval: boolean;
  pendingSince: Date | null;
}

/** What a change does to a limit. */
export type LimitChange =
  | { kind: 'unchanged' }
  | { kind: 'apply'; amount: number | null }
  | { kind: 'pending'; amount: number | null; since: Date };

const COOLING_OFF_MS = LIMIT_COOLING_OFF_HOURS * 3_600_000;

/**
 * The rule of player protection: adding or lowering a limit applies at once (and drops any waiting
 * raise); raising or removing one waits 24 hours, after which the player confirms again; until
 * then the old limit applies. Asking for the limit in force again cancels a waiting change.
 */
export function changeOf(current: StoredLimit | null, requested: number | null, now: Date): LimitChange {
  if (!current) return requested === null ? { kind: 'unchanged' } : { kind: 'apply', amount: requested };
  if (requested !== null && requested <= current.amount) return { kind: 'apply', amount: requested };
  const samePending =
    (requested === null && current.pendingRemoval) ||
    (requested !== null && current.pendingAmount === requested);
  return { kind: 'pending', amount: requested, since: samePending ? current.pendingSince! : now };
}

/** When a waiting change may be confirmed. */
export const confirmableAt = (since: Date) => new Date(since.getTime() + COOLING_OFF_MS);

export function isPending(limit: StoredLimit): boolean {
  return limit.pendingRemoval || limit.pendingAmount !== null;
}
