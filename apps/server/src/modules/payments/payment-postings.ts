import type { CurrencyCode } from '@kometa/money';
import type { Leg, Posting } from '../wallet/index.ts';
import type { PaymentRow } from './payments.repository.ts';

/** What money does for a payment: credit a deposit; hold, pay out or release a withdrawal. */
export type PaymentEffect = 'hold' | 'credit' | 'payout' | 'release';

const real = (payment: PaymentRow) =>
  ({ player: payment.userId, kind: 'real', currency: payment.currency as CurrencyCode }) as const;
const hold = (payment: PaymentRow) =>
  ({
    player: payment.userId,
    kind: 'withdrawal_hold',
    currency: payment.currency as CurrencyCode,
  }) as const;
const house = (payment: PaymentRow, kind: 'payments' | 'fees', name: string) =>
  ({ house: kind, name, currency: payment.currency as CurrencyCode }) as const;

/** The ledger movement of each money effect of a payment, under a key per payment and effect. */
export function posting(payment: PaymentRow, effect: PaymentEffect): Posting {
  const legs: Leg[] = [];
  const add = (account: Leg['account'], amount: number) => {
    if (amount !== 0) legs.push({ account, amount });
  };
  if (effect === 'credit') {
    add(real(payment), payment.amount);
    add(house(payment, 'fees', 'tips'), payment.tip);
    add(house(payment, 'payments', payment.provider), -(payment.amount + payment.tip));
  } else if (effect === 'hold') {
    add(real(payment), -payment.amount);
    add(hold(payment), payment.amount);
  } else if (effect === 'payout') {
    add(hold(payment), -payment.amount);
    add(house(payment, 'payments', payment.provider), payment.amount - payment.commission);
    add(house(payment, 'fees', 'withdrawal_commission'), payment.commission);
  } else {
    add(hold(payment), -payment.amount);
    add(real(payment), payment.amount);
  }
  const operation =
    effect === 'credit'
      ? 'deposit'
      : effect === 'hold'
        ? 'withdrawal_hold'
        : effect === 'payout'
          ? 'withdrawal_payout'
          : 'withdrawal_release';
  return { key: `payment:${payment.id}:${effect}`, operation, reference: `payment:${payment.id}`, legs };
}
