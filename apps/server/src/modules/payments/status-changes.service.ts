import { PaymentStatus, type PaymentStatusValue } from '@kometa/contracts';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/http/app-error.ts';
import type { Logger } from '../../platform/logger.ts';
import type { Ledger } from '../wallet/index.ts';
import type { ActivityRecorder } from '../activity/index.ts';
import { posting } from './payment-postings.ts';
import { canMove, moneyOnEntering, type PaymentDirection } from './payment-status.ts';
import type { PaymentRow, PaymentsRepository } from './payments.repository.ts';
import type { ProviderEvent } from './providers/provider.ts';

/** A move prepared outside its transaction (the payment as it was, its money's accounts open). */
export interface PreparedMove {
  payment: PaymentRow;
  to: PaymentStatusValue;
  effect: ReturnType<typeof moneyOnEntering>;
  prepared: Awaited<ReturnType<Ledger['prepare']>> | undefined;
}

export interface StatusChange {
  applied: boolean;
  status: PaymentStatusValue;
}

/**
 * A payment's status changes and the money that moves with them (ADR 013): inside one transaction
 * under the payment's row lock, only where the whitelist allows. Provider events may come twice, late
 * or out of order: the lock and the whitelist make each one change at most once.
 */
export function createStatusChanges(deps: {
  db: Db;
  repository: PaymentsRepository;
  ledger: Ledger;
  clock: Clock;
  log: Logger;
  activity: ActivityRecorder;
}) {
  const { repository, ledger, clock } = deps;

  /** What a move needs before its transaction: the payment, and its money's accounts opened. */
  async function prepareMove(paymentId: number, to: PaymentStatusValue): Promise<PreparedMove> {
    const payment = await repository.find(paymentId);
    if (!payment) throw new AppError('NOT_FOUND');
    const effect = moneyOnEntering(payment.direction as PaymentDirection, to);
    const prepared = effect ? await ledger.prepare(posting(payment, effect)) : undefined;
    return { payment, to, effect, prepared };
  }

  /**
   * The move itself on `tx` (the caller's transaction: an operator's approval commits the move with its
   * own rows), under the payment's row lock, only where the whitelist allows; money with it.
   */
  async function moveInside(
    tx: Db,
    move: PreparedMove,
    source: string,
    detail: Record<string, unknown> = {},
    changes: Partial<PaymentRow> = {},
  ): Promise<StatusChange> {
    const { payment, to, effect, prepared } = move;
    const paymentId = payment.id;
    const direction = payment.direction as PaymentDirection;
    const locked = await repository.lock(paymentId, tx);
    if (!locked) throw new AppError('NOT_FOUND');
    const from = locked.status as PaymentStatusValue;
    const at = new Date(clock.now());
    if (!canMove(direction, from, to)) {
      await repository.recordEvent(
        { paymentId, fromStatus: from, toStatus: to, applied: false, source, detail, createdAt: at },
        tx,
      );
      return { applied: false, status: from };
    }
    await repository.update(paymentId, { ...changes, status: to, updatedAt: at }, tx);
    if (prepared) await ledger.commit(prepared, tx);
    // The facts engagement features react to, with the money (ADR 029).
    const fact =
      effect === 'credit'
        ? 'deposit.succeeded'
        : effect === 'payout'
          ? 'withdrawal.paid'
          : direction === 'withdrawal' && to === PaymentStatus.FAIL
            ? 'withdrawal.refused'
            : null;
    if (fact) {
      await deps.activity.record(tx, {
        kind: fact,
        userId: payment.userId,
        at,
        payload: {
          paymentId: payment.id,
          amount: payment.amount,
          currency: payment.currency,
          paymentSystem: payment.systemId,
        },
      });
    }
    await repository.recordEvent(
      { paymentId, fromStatus: from, toStatus: to, applied: true, source, detail, createdAt: at },
      tx,
    );
    return { applied: true, status: to };
  }

  /** Moves a payment to `to` if the whitelist allows it from where it stands now; money with it. */
  async function move(
    paymentId: number,
    to: PaymentStatusValue,
    source: string,
    detail: Record<string, unknown> = {},
    changes: Partial<PaymentRow> = {},
  ): Promise<StatusChange> {
    const prepared = await prepareMove(paymentId, to);
    return deps.db.transaction((tx) => moveInside(tx, prepared, source, detail, changes));
  }

  return {
    move,
    prepareMove,
    moveInside,

    /**
     * A provider's notification, already checked for its signature. Unknown payments change nothing
     * (404); an amount or currency that differs from ours is refused and logged (409).
     */
    async applyProviderEvent(provider: string, event: ProviderEvent): Promise<StatusChange> {
      const payment = await repository.byReference(provider, event.reference);
      if (!payment) throw new AppError('NOT_FOUND');
      const expected =
        payment.direction === 'deposit' ? payment.amount + payment.tip : payment.amount - payment.commission;
      if (event.amount !== expected || event.currency !== payment.currency) {
        deps.log.error(
          { paymentId: payment.id, event, expected, currency: payment.currency },
          'provider event does not match the payment',
        );
        await repository.recordEvent({
          paymentId: payment.id,
          fromStatus: payment.status,
          toStatus: event.status,
          applied: false,
          source: `webhook:${provider}`,
          detail: { eventId: event.eventId, mismatch: { amount: event.amount, currency: event.currency } },
          createdAt: new Date(clock.now()),
        });
        throw new AppError('IDEMPOTENCY_CONFLICT');
      }
      return move(payment.id, event.status, `webhook:${provider}`, { eventId: event.eventId });
    },
  };
}

export type MovePayment = ReturnType<typeof createStatusChanges>['move'];
export type StatusChanges = ReturnType<typeof createStatusChanges>;
