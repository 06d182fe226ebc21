import { OperationType, PaymentStatus } from '@kometa/contracts';
import type { CurrencyCode } from '@kometa/money';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { adjustmentPosting, type Ledger } from '../wallet/index.ts';
import { posting } from './payment-postings.ts';
import type { PaymentsRepository } from './payments.repository.ts';

/** A demo withdrawal waiting for an operator (the back office's queue is not empty on `npm start`). */
export interface DemoWithdrawal {
  userId: number;
  currency: CurrencyCode;
  systemId: string;
  amount: number;
  /** Masked, as a real request keeps them. */
  requisites: Record<string, string>;
  reviewReason: string;
  /** How long ago the player asked. */
  minutesAgo: number;
}

/**
 * Funds each demo player by a demo adjustment and files their withdrawal as a real request ends up:
 * held on the ledger in the transaction that records it, in MANUAL (the operator's review).
 */
export async function loadDemoWithdrawals(
  deps: { db: Db; repository: PaymentsRepository; ledger: Ledger; clock: Clock },
  withdrawals: DemoWithdrawal[],
): Promise<void> {
  for (const [index, demo] of withdrawals.entries()) {
    const system = await deps.repository.system(demo.systemId);
    if (!system) continue;
    await deps.ledger.post(
      adjustmentPosting({
        key: `demo:withdrawal-funds:${demo.userId}:${index}`,
        userId: demo.userId,
        currency: demo.currency,
        amount: demo.amount,
        reference: 'demo',
      }),
    );
    await deps.ledger.openAccounts([
      { player: demo.userId, kind: 'withdrawal_hold', currency: demo.currency },
    ]);
    const at = new Date(deps.clock.now() - demo.minutesAgo * 60_000);
    await deps.db.transaction(async (tx) => {
      const { payment } = await deps.repository.insert(
        {
          userId: demo.userId,
          direction: 'withdrawal',
          operationType: OperationType.WITHDRAW,
          status: PaymentStatus.MANUAL,
          systemId: system.id,
          provider: system.provider,
          currency: demo.currency,
          amount: demo.amount,
          commission: Math.round((demo.amount * system.commissionBp) / 10_000),
          requisites: demo.requisites,
          destinationToken: null,
          clientKey: `demo-withdrawal-${demo.userId}-${index}`,
          reviewReason: demo.reviewReason,
          createdAt: at,
          updatedAt: at,
        },
        tx,
      );
      await deps.ledger.commit(
        await deps.ledger.prepare(posting(payment, 'hold'), { insideTransaction: true }),
        tx,
      );
      for (const [from, to] of [
        [null, PaymentStatus.NEW],
        [PaymentStatus.NEW, PaymentStatus.MANUAL],
      ] as const) {
        await deps.repository.recordEvent(
          {
            paymentId: payment.id,
            fromStatus: from,
            toStatus: to,
            applied: true,
            source: 'demo',
            detail: {},
            createdAt: at,
          },
          tx,
        );
      }
    });
  }
}
