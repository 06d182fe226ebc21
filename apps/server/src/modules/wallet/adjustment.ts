import type { CurrencyCode } from '@kometa/money';
import type { Posting } from './ledger.ts';

/**
 * A manual balance adjustment (an operator's correction, ADR 028): the player's real balance moves by
 * `amount` (positive credits, negative debits) against the house's adjustments account, as one
 * balanced ledger transaction under `key`, so it happens at most once. A debit below zero is refused by
 * the ledger like any other (INSUFFICIENT_FUNDS).
 */
export function adjustmentPosting(adjustment: {
  key: string;
  userId: number;
  currency: CurrencyCode;
  amount: number;
  /** Why: the back office's approval or audit reference. */
  reference: string;
}): Posting {
  return {
    key: adjustment.key,
    operation: 'adjustment',
    reference: adjustment.reference,
    legs: [
      {
        account: { player: adjustment.userId, kind: 'real', currency: adjustment.currency },
        amount: adjustment.amount,
      },
      {
        account: { house: 'adjustments', name: 'manual', currency: adjustment.currency },
        amount: -adjustment.amount,
      },
    ],
  };
}
