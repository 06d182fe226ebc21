import fc from 'fast-check';
import { PaymentStatus } from '@kometa/contracts';
import { describe, expect, it } from 'vitest';
import { ALL_STATUSES, canMove, moneyOnEntering, type PaymentDirection } from './payment-status.ts';

/** Walks a random stream of requested statuses (a provider's webhooks, in any order, repeated). */
function walk(direction: PaymentDirection, requested: number[]) {
  let status: (typeof ALL_STATUSES)[number] = PaymentStatus.NEW;
  const money: string[] = [];
  for (const index of requested) {
    const to = ALL_STATUSES[index % ALL_STATUSES.length]!;
    if (!canMove(direction, status, to)) continue;
    status = to;
    const effect = moneyOnEntering(direction, to);
    if (effect) money.push(effect);
  }
  return { status, money };
}

describe('payment status transitions', () => {
  it('credit a deposit at most once, whatever the order or repetition of events', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 60 }), (requested) => {
        const { status, money } = walk('deposit', requested);
        expect(money.length).toBeLessThanOrEqual(1);
        if (money.length === 1) {
          expect(money).toEqual(['credit']);
          expect([PaymentStatus.SUCCESS, PaymentStatus.REFUND_CONTROVERSIAL]).toContain(status);
        }
      }),
    );
  });

  it('settle a withdrawal hold at most once: paid out or released, never both', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 60 }), (requested) => {
        const { status, money } = walk('withdrawal', requested);
        expect(money.length).toBeLessThanOrEqual(1);
        if (money[0] === 'payout') expect(status).toBe(PaymentStatus.SUCCESS);
        if (money[0] === 'release') expect([PaymentStatus.FAIL, PaymentStatus.CANCELLED]).toContain(status);
      }),
    );
  });

  it('never leave FAIL or CANCELLED, and never fail a succeeded deposit', () => {
    for (const direction of ['deposit', 'withdrawal'] as const) {
      for (const to of ALL_STATUSES) {
        expect(canMove(direction, PaymentStatus.FAIL, to)).toBe(false);
        expect(canMove(direction, PaymentStatus.CANCELLED, to)).toBe(false);
      }
    }
    expect(canMove('deposit', PaymentStatus.SUCCESS, PaymentStatus.FAIL)).toBe(false);
    expect(canMove('deposit', PaymentStatus.SUCCESS, PaymentStatus.PROCESS)).toBe(false);
    expect(canMove('withdrawal', PaymentStatus.SUCCESS, PaymentStatus.FAIL)).toBe(false);
  });
});
