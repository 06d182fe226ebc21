import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { changeOf, confirmableAt, type StoredLimit } from './limits.ts';

const now = new Date('2026-11-22T12:00:00Z');
const inForce = (amount: number, pending: Partial<StoredLimit> = {}): StoredLimit => ({
  amount,
  pendingAmount: null,
  pendingRemoval: false,
  pendingSince: null,
  ...pending,
});

describe('changing a responsible-gaming limit', () => {
  it('adds and lowers at once, raises and removes only after the cooling-off', () => {
    expect(changeOf(null, 100, now)).toEqual({ kind: 'apply', amount: 100 });
    expect(changeOf(inForce(100), 50, now)).toEqual({ kind: 'apply', amount: 50 });
    expect(changeOf(inForce(100), 200, now)).toEqual({ kind: 'pending', amount: 200, since: now });
    expect(changeOf(inForce(100), null, now)).toEqual({ kind: 'pending', amount: null, since: now });
    expect(changeOf(null, null, now)).toEqual({ kind: 'unchanged' });
    expect(confirmableAt(now).toISOString()).toBe('2026-11-23T12:00:00.000Z');
  });

  it('keeps the waiting time when the same raise is asked again, and restarts it for another amount', () => {
    const since = new Date('2026-11-21T12:00:00Z');
    const waiting = inForce(100, { pendingAmount: 200, pendingSince: since });
    expect(changeOf(waiting, 200, now)).toEqual({ kind: 'pending', amount: 200, since });
    expect(changeOf(waiting, 300, now)).toEqual({ kind: 'pending', amount: 300, since: now });
    expect(changeOf(waiting, 100, now)).toEqual({ kind: 'apply', amount: 100 });
  });

  it('never lets a change raise the limit in force at once (property)', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.option(fc.nat(1_000_000), { nil: null }), (current, requested) => {
        const change = changeOf(inForce(current), requested, now);
        if (change.kind === 'apply') expect(change.amount).not.toBeNull();
        if (change.kind === 'apply') expect(change.amount!).toBeLessThanOrEqual(current);
      }),
    );
  });
});
