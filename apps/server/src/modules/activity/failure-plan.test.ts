import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isTransient, longestHold, planAfterFailure, type RetryPolicy } from './failure-plan.ts';

const policy = fc.record<RetryPolicy>({
  maxAttempts: fc.integer({ min: 1, max: 20 }),
  backoffMs: fc.integer({ min: 1, max: 60_000 }),
  maxBackoffMs: fc.integer({ min: 1, max: 3_600_000 }),
});

describe('what a consumer does after a failure', () => {
  it('parks on the last attempt and only then; waits grow and never pass the cap', () => {
    fc.assert(
      fc.property(policy, (p) => {
        let previous = 0;
        for (let attempt = 1; attempt <= p.maxAttempts + 3; attempt++) {
          const plan = planAfterFailure(attempt, p);
          expect(plan.park).toBe(attempt >= p.maxAttempts);
          if (!plan.park) {
            expect(plan.retryInMs).toBeGreaterThanOrEqual(Math.min(p.backoffMs, p.maxBackoffMs));
            expect(plan.retryInMs).toBeLessThanOrEqual(p.maxBackoffMs);
            expect(plan.retryInMs).toBeGreaterThanOrEqual(previous);
            previous = plan.retryInMs;
          }
        }
      }),
    );
  });

  it('holds a partition back at most (attempts − 1) capped waits', () => {
    fc.assert(
      fc.property(policy, (p) => {
        expect(longestHold(p)).toBeLessThanOrEqual((p.maxAttempts - 1) * p.maxBackoffMs);
      }),
    );
    // The defaults (5 attempts from 1 s): 1 + 2 + 4 + 8 s.
    expect(longestHold({ maxAttempts: 5, backoffMs: 1000, maxBackoffMs: 60_000 })).toBe(15_000);
  });

  it('counts a handler bug, not a lost connection or a serialization retry', () => {
    expect(isTransient(new Error('boom'))).toBe(false);
    expect(isTransient(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isTransient(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isTransient(Object.assign(new Error('could not serialize'), { code: '40001' }))).toBe(true);
    expect(isTransient(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isTransient(new Error('x', { cause: { code: '08006' } }))).toBe(true);
  });
});
